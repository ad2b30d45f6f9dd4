/**
 * `npm run compat:external`: measures Stratus on code nobody here wrote. For each app
 * folder under --dir (a Next.js test fixture or a public pages-router app, kept outside
 * the repository), it builds the folder with Next.js (`next build`) and with Stratus
 * (`stratus build`), serves both (`next start`, `stratus serve`), sends both the same
 * requests (its pages, found from `pages/`, and the paths its config names) and the same
 * browser steps (full loads, then its first page's links), compares status, key headers,
 * titles and visible text, and prints one table: app | builds with Next | builds with
 * Stratus | checks agreeing | each difference and its cause.
 *
 *   npm run compat:external -- --dir /work/scratch/compat-harness/fixtures
 *   npm run compat:external -- --dir … --only a,b        some folders
 *   npm run compat:external -- --dir … --stratus-only    without Next (as in CI)
 *   npm run compat:external -- --report <results folder>  the tables again from a run's
 *       results.json, under today's known differences (nothing is built)
 *
 * Next.js is installed once in the scratch area (STRATUS_COMPAT_SCRATCH, default
 * /work/scratch/compat-harness); results go to <scratch>/external-results/.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureNext, installedNextVersion, scratchAt } from './scratch';
import { compareRow, measureApp, type AppResult } from './measure';
import { launchChromium } from '../observe/chromium';
import { openHtmlReader } from '../observe/html-reader';
import { appDetails, externalTable } from './table';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The app folders under `dir`: each folder with a pages/ or src/pages/ folder, found up to two levels down. */
export function appFolders(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string, depth: number) => {
    const names = readdirSync(folder);
    if (names.includes('pages') || (names.includes('src') && readdirSync(path.join(folder, 'src')).includes('pages'))) {
      found.push(folder);
      return;
    }
    if (depth === 0) return;
    for (const name of names.sort()) {
      const child = path.join(folder, name);
      if (!name.startsWith('.') && name !== 'node_modules' && statSync(child).isDirectory()) visit(child, depth - 1);
    }
  };
  visit(dir, 2);
  return found;
}

/** Writes the report files of a run and prints the table. */
function writeReport(outDir: string, heading: string, results: AppResult[]): void {
  const table = externalTable(results);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'table.md'), `${heading}\n\n${table}\n`);
  writeFileSync(path.join(outDir, 'details.md'), results.map(appDetails).join('\n\n') + '\n');
  writeFileSync(path.join(outDir, 'results.json'), JSON.stringify({ heading, results }, null, 2) + '\n');
  process.stdout.write(`${heading}\n\n${table}\n`);
}

/** --report: a past run's observations compared again (the known differences may have grown since). */
function reportAgain(outDir: string): number {
  const { heading, results } = JSON.parse(readFileSync(path.join(outDir, 'results.json'), 'utf8')) as { heading: string; results: AppResult[] };
  for (const result of results) for (const row of result.checks) compareRow(result.name, row);
  writeReport(outDir, heading, results);
  return 0;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, only: { type: 'string' }, 'stratus-only': { type: 'boolean' }, out: { type: 'string' }, report: { type: 'string' } } });
  if (values.report) return reportAgain(path.resolve(values.report));
  if (!values.dir) throw new Error('--dir <folder of app folders> is required');
  const root = path.resolve(values.dir);
  const scratch = scratchAt();
  const withNext = !values['stratus-only'];
  const nextVersion = withNext ? await ensureNext(scratch, log) : installedNextVersion(scratch);
  const only = values.only?.split(',');
  const folders = appFolders(root).filter((folder) => !only || only.includes(path.relative(root, folder)) || only.includes(path.basename(folder)));
  mkdirSync(scratch.workDir, { recursive: true });
  const browser = await launchChromium();
  const reader = await openHtmlReader(browser);
  const results: AppResult[] = [];
  const started = performance.now();
  try {
    for (const folder of folders) {
      const name = path.relative(root, folder);
      log(`── ${name}`);
      results.push(await measureApp({ scratch, appDir: folder, name, withNext, observers: { browser, reader }, log }));
    }
  } finally {
    await reader.close().catch(() => undefined);
    await browser.close();
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const heading = `Next.js ${withNext ? nextVersion : '(not run)'} against Stratus, ${results.length} apps from ${root}, ${minutes} min`;
  writeReport(values.out ?? path.join(scratch.root, 'external-results'), heading, results);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
