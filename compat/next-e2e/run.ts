/**
 * `npm run compat:next-e2e`: runs Next.js's own end-to-end test files for the pages router,
 * unmodified, against `next start` and against `stratus serve`, and prints per suite how
 * many tests pass on Next and how many of those pass on Stratus. The test files and their
 * fixtures stay outside the repository, in a folder laid out as Next's repository is
 * (`<dir>/test/e2e/<suite>/…`); their imports of Next's test utilities map to lib/.
 *
 *   npm run compat:next-e2e -- --dir /work/scratch/compat-harness/next-tests
 *   npm run compat:next-e2e -- --dir … --suites middleware-matcher,next-head --targets stratus
 *   npm run compat:next-e2e -- --dir … --mode start     (Next's `start` mode; `deploy` is the default)
 *   npm run compat:next-e2e -- --dir … --materialize <folder>
 *       writes each app the test files set up, as a folder, for `npm run compat:external`
 *
 * Next.js is installed once in the scratch area (STRATUS_COMPAT_SCRATCH, default
 * /work/scratch/compat-harness). Results: <scratch>/e2e-results/{next,stratus}.json (jest's
 * JSON) and table.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO } from '../paths';
import { ensureNext, scratchAt } from '../external/scratch';
import { e2eTable, readJestResults, type TargetResults } from './report';

const log = (line: string) => process.stderr.write(`${line}\n`);
const JEST = path.join(REPO, 'node_modules', 'jest', 'bin', 'jest.js');
// REPO, not __dirname: npm's script runs this file compiled into node_modules/.cache.
const CONFIG = path.join(REPO, 'compat', 'next-e2e', 'jest.config.cjs');

/** Runs jest over the chosen test files for one target; resolves when jest exits (tests failing is a result). */
function runJest(target: 'next' | 'stratus', testsDir: string, patterns: string[], outputFile: string, mode: string, scratchRoot: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [JEST, '-c', CONFIG, '--ci', '--runInBand', '--json', '--outputFile', outputFile, ...patterns];
    const env = { ...process.env, ...extraEnv, STRATUS_E2E_TESTS: testsDir, STRATUS_E2E_TARGET: target, STRATUS_E2E_MODE: mode, STRATUS_COMPAT_SCRATCH: scratchRoot };
    const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', () => (existsSync(outputFile) ? resolve() : reject(new Error(`jest wrote no results for ${target}`))));
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, suites: { type: 'string' }, targets: { type: 'string' }, mode: { type: 'string' }, report: { type: 'boolean' }, materialize: { type: 'string' } },
  });
  if (!values.dir) throw new Error('--dir <folder of Next test files, laid out as test/e2e/<suite>/…> is required');
  const testsDir = path.resolve(values.dir);
  const scratch = scratchAt();
  const mode = values.mode === 'start' ? 'start' : 'deploy';
  const targets = (values.targets ?? 'next,stratus').split(',') as ('next' | 'stratus')[];
  const patterns = values.suites ? values.suites.split(',').map((s) => `/test/(e2e|integration|production)/${s}/`) : [];
  const resultsDir = path.join(scratch.root, 'e2e-results');
  mkdirSync(resultsDir, { recursive: true });
  if (values.materialize) {
    const into = path.resolve(values.materialize);
    mkdirSync(into, { recursive: true });
    await runJest('stratus', testsDir, patterns, path.join(resultsDir, 'materialize.json'), mode, scratch.root, { STRATUS_E2E_MATERIALIZE: into });
    log(`wrote the apps into ${into}`);
    return 0;
  }
  if (!values.report) {
    if (targets.includes('next')) await ensureNext(scratch, log);
    for (const target of targets) {
      log(`── ${target}: running the test files (${mode} mode)…`);
      await runJest(target, testsDir, patterns, path.join(resultsDir, `${target}.json`), mode, scratch.root);
    }
  }
  const results: Partial<Record<'next' | 'stratus', TargetResults>> = {};
  for (const target of ['next', 'stratus'] as const) {
    const file = path.join(resultsDir, `${target}.json`);
    if (existsSync(file)) results[target] = readJestResults(JSON.parse(readFileSync(file, 'utf8')), testsDir);
  }
  const table = e2eTable(results, mode);
  writeFileSync(path.join(resultsDir, 'table.md'), table + '\n');
  process.stdout.write(table + '\n');
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
