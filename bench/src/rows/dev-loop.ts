/**
 * The developer's loop: `stratus dev` beside `next dev` (Turbopack), on a copy of each
 * benchmark app with a counter page added (bench/results/dev/). Per round and framework:
 *
 * - cold start: spawn → the counter page answered 200 (no build folder or cache left from
 *   before, so Next.js compiles the page on that request as a developer's first one does);
 * - component edit: the counter is clicked to 3 in Chromium, its text is edited and saved,
 *   and the time from the save to the new text in the DOM is taken inside the page
 *   (Date.now() of a MutationObserver's first sight, against Date.now() of the write: one
 *   clock); each edit also checks the counter still says 3 and the document was not reloaded;
 * - CSS edit: the page's CSS Module gets a new colour; the time until the computed colour
 *   changes (checked on every DOM mutation and every animation frame).
 *
 * Frameworks alternate round by round (Stratus, Next.js, Stratus, …), and each edit waits for
 * the previous one to settle, so the samples measure one save each.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, NEXT_APP, REPO, STRATUS_APP, type Framework } from '../apps';
import type { BenchOptions } from '../options';
import { generatePhoto } from '../photo';
import { freePort, measuredEnv, sleep, startServer } from '../processes';
import { summarize } from '../stats';
import type { ResultRow } from '../table';
import { CHROMIUM } from './soft-nav';

type Playwright = typeof import('playwright-core');
const NODE = process.execPath;
const PAGE_PATH = '/dev-counter';

const counterPage = (label: string) => `import { useState } from 'react';
import styles from './dev-counter.module.css';

export default function DevCounter() {
  const [count, setCount] = useState(0);
  return (
    <section id="dev-box" className={styles.box}>
      <h2>Counter</h2>
      <button id="dev-count" onClick={() => setCount(count + 1)}>{${JSON.stringify(label)}} {count}</button>
    </section>
  );
}
`;
const counterCss = (blue: number) => `.box { color: rgb(0, 0, ${blue}); }\n`;

/** Records in the page when a text first appears and when the box's colour changes (Date.now()). */
const RECORDER = `(() => {
  const seen = (window.__devSeen = {});
  const check = () => {
    const button = document.getElementById('dev-count');
    if (button) { const t = button.textContent; if (!(t in seen)) seen[t] = Date.now(); }
    const box = document.getElementById('dev-box');
    if (box) { const c = 'color:' + getComputedStyle(box).color; if (!(c in seen)) seen[c] = Date.now(); }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  const frame = () => { check(); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;

interface DevApp {
  framework: Framework;
  dir: string;
  /** The file and stylesheet edited. */
  page: string;
  css: string;
  /** Folders a cold start must not find. */
  caches: string[];
  start(port: number): ReturnType<typeof startServer>;
}

/** A copy of the Stratus benchmark app with the counter page. */
async function stratusApp(root: string): Promise<DevApp> {
  const dir = path.join(root, 'stratus-app');
  rmSync(dir, { recursive: true, force: true });
  cpSync(STRATUS_APP, dir, { recursive: true, filter: (source) => !/[\\/]\.stratus(-dev)?$/.test(source) });
  await generatePhoto(path.join(dir, 'public', 'photo.jpg'));
  writeFileSync(path.join(dir, 'pages', 'dev-counter.tsx'), counterPage('Clicked'));
  writeFileSync(path.join(dir, 'pages', 'dev-counter.module.css'), counterCss(0));
  return {
    framework: 'stratus',
    dir,
    page: path.join(dir, 'pages', 'dev-counter.tsx'),
    css: path.join(dir, 'pages', 'dev-counter.module.css'),
    caches: [path.join(dir, '.stratus-dev')],
    // STRATUS_DEV_TIMINGS: each save's stages in the log (cli/dev/save-timings.ts), summed up after the row.
    start: (port) => startServer(NODE, [path.join(REPO, 'bin', 'stratus.js'), 'dev', dir, '--port', String(port)], { cwd: dir, port, probePath: PAGE_PATH, env: measuredEnv({ STRATUS_DEV_TIMINGS: '1' }), timeoutMs: 120_000, stdoutFile: path.join(root, 'stratus-dev.log') }),
  };
}

/** A copy of the Next.js benchmark app with the counter page, over the installed node_modules. */
async function nextApp(root: string): Promise<DevApp> {
  const dir = path.join(root, 'next-app');
  rmSync(dir, { recursive: true, force: true });
  cpSync(NEXT_APP, dir, { recursive: true, filter: (source) => !/[\\/](node_modules|\.next)$/.test(source) });
  symlinkSync(path.join(NEXT_APP, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await generatePhoto(path.join(dir, 'public', 'photo.jpg'));
  // Turbopack reads only files under its root: the checkout, which holds the linked node_modules.
  writeFileSync(
    path.join(dir, 'next.config.js'),
    readFileSync(path.join(NEXT_APP, 'next.config.js'), 'utf8').replace(/turbopack: \{ root: __dirname \}/, `turbopack: { root: ${JSON.stringify(REPO)} }`).replace(/outputFileTracingRoot: __dirname/, `outputFileTracingRoot: ${JSON.stringify(REPO)}`),
  );
  writeFileSync(path.join(dir, 'pages', 'dev-counter.jsx'), counterPage('Clicked'));
  writeFileSync(path.join(dir, 'pages', 'dev-counter.module.css'), counterCss(0));
  const next = path.join(NEXT_APP, 'node_modules', 'next', 'dist', 'bin', 'next');
  return {
    framework: 'next',
    dir,
    page: path.join(dir, 'pages', 'dev-counter.jsx'),
    css: path.join(dir, 'pages', 'dev-counter.module.css'),
    caches: [path.join(dir, '.next')],
    start: (port) =>
      startServer(NODE, [next, 'dev', '--turbopack', '--port', String(port), '--hostname', '127.0.0.1'], {
        cwd: dir,
        port,
        probePath: PAGE_PATH,
        env: measuredEnv({ NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'development' }),
        timeoutMs: 120_000,
        stdoutFile: path.join(root, 'next-dev.log'),
      }),
  };
}

/** Each stage's milliseconds over the saves of one kind (`timings <file>: stage n, stage n → total ms` lines of stratus dev's log). */
type Stages = Map<string, number[]>;

function readStages(logFile: string, into: { edit: Stages; css: Stages }): void {
  if (!existsSync(logFile)) return;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const found = /^\s*timings (\S+): (.*) → (\d+) ms/.exec(line);
    if (!found) continue;
    const stages = found[1]!.endsWith('.css') ? into.css : into.edit;
    for (const part of [...found[2]!.split(', '), `total ${found[3]}`]) {
      const [name, ms] = part.split(' ');
      stages.set(name!, [...(stages.get(name!) ?? []), Number(ms)]);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const describeStages = (stages: Stages) => [...stages].map(([name, values]) => `${name} ${median(values)}`).join(', ');

interface Samples {
  cold: number[];
  edit: number[];
  css: number[];
  /** Edits after which the counter did not say 3, or the document had reloaded. */
  lost: number;
  /** Where Stratus's saves spent their time, stage by stage. */
  stages: { edit: Stages; css: Stages };
}

/** Waits for `key` in the page's record and returns its time, or throws after `timeout` ms. */
async function seenAt(page: import('playwright-core').Page, key: string, timeout = 20_000): Promise<number> {
  await page.waitForFunction((k) => k in ((window as unknown as { __devSeen?: Record<string, number> }).__devSeen ?? {}), key, { timeout, polling: 'raf' });
  return page.evaluate((k) => (window as unknown as { __devSeen: Record<string, number> }).__devSeen[k]!, key);
}

async function oneRound(app: DevApp, browser: import('playwright-core').Browser, edits: number, round: number, samples: Samples, log: (line: string) => void): Promise<void> {
  for (const cache of app.caches) rmSync(cache, { recursive: true, force: true });
  writeFileSync(app.page, counterPage('Clicked'));
  writeFileSync(app.css, counterCss(0));
  const port = await freePort();
  const server = await app.start(port);
  samples.cold.push(server.readyMs);
  const context = await browser.newContext();
  try {
    await context.addInitScript(RECORDER);
    const page = await context.newPage();
    await page.goto(server.url + PAGE_PATH, { waitUntil: 'load' });
    // Clicked until it counts: the page is hydrated (and the dev client connected) by then.
    const deadline = Date.now() + 20_000;
    while (!(await page.textContent('#dev-count'))?.endsWith(' 1')) {
      if (Date.now() > deadline) throw new Error(`${app.framework}: the counter never counted`);
      if ((await page.textContent('#dev-count'))?.endsWith(' 0')) await page.click('#dev-count');
      await sleep(100);
    }
    for (const n of [2, 3]) {
      await page.click('#dev-count');
      await page.waitForFunction((text) => document.getElementById('dev-count')?.textContent === text, `Clicked ${n}`);
    }
    await page.evaluate(() => ((window as unknown as { __devMark: number }).__devMark = 1));
    await sleep(1000);
    for (let i = 0; i < edits; i++) {
      const label = `Edit ${round}.${i}`;
      const saved = Date.now();
      writeFileSync(app.page, counterPage(label));
      const shown = await seenAt(page, `${label} 3`).catch(async (error: unknown) => {
        log(`  ${app.framework}: no "${label} 3" in 20 s (${(error as Error).message.split('\n')[0]}); its log: ${path.join(path.dirname(app.dir), `${app.framework}-dev.log`)}`);
        // The new text with another count: state was lost (or the page reloaded).
        samples.lost++;
        return seenAt(page, `${label} 0`);
      });
      samples.edit.push(shown - saved);
      const marked = await page.evaluate(() => (window as unknown as { __devMark?: number }).__devMark === 1);
      if (!marked) samples.lost++;
      await sleep(1500);
      const blue = 10 + ((round * edits + i) % 200);
      const styled = Date.now();
      writeFileSync(app.css, counterCss(blue));
      samples.css.push((await seenAt(page, `color:rgb(0, 0, ${blue})`)) - styled);
      await sleep(1500);
    }
    log(`  ${app.framework}: cold ${Math.round(server.readyMs)} ms; edits ${samples.edit.slice(-edits).map(Math.round).join(', ')} ms; CSS ${samples.css.slice(-edits).map(Math.round).join(', ')} ms`);
  } finally {
    await context.close();
    await server.stop();
  }
  if (app.framework === 'stratus') readStages(path.join(path.dirname(app.dir), 'stratus-dev.log'), samples.stages);
}

export async function runDevLoop(frameworks: Framework[], options: BenchOptions, log: (line: string) => void): Promise<ResultRow[]> {
  const { chromium } = require('playwright-core') as Playwright;
  if (!existsSync(CHROMIUM)) throw new Error(`dev row: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const root = path.join(BENCH_DIR, 'results', 'dev');
  mkdirSync(root, { recursive: true });
  const apps = [await stratusApp(root), ...(frameworks.includes('next') ? [await nextApp(root)] : [])];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const samples = new Map(apps.map((app) => [app.framework, { cold: [], edit: [], css: [], lost: 0, stages: { edit: new Map(), css: new Map() } } as Samples]));
  try {
    for (let round = 0; round < options.dev.rounds; round++) {
      for (const app of apps) await oneRound(app, browser, options.dev.edits, round, samples.get(app.framework)!, log);
    }
  } finally {
    await browser.close();
  }
  const stratus = samples.get('stratus')!;
  if (stratus.stages.edit.size > 0) log(`  stratus: a component edit's stages (medians, ms, from the write): ${describeStages(stratus.stages.edit)}`);
  if (stratus.stages.css.size > 0) log(`  stratus: a CSS edit's stages (medians, ms): ${describeStages(stratus.stages.css)}`);
  const next = samples.get('next');
  const note = (s: Samples | undefined) => (s && s.lost > 0 ? `${s.lost} edit(s) lost the counter's state` : undefined);
  const row = (id: string, label: string, pick: (s: Samples) => number[]): ResultRow => ({
    id,
    section: 'dev loop (Chromium, counter page; next dev --turbopack)',
    label,
    unit: 'ms',
    better: 'lower',
    stratus: summarize(pick(stratus)),
    other: next ? summarize(pick(next)) : undefined,
    otherLabel: 'Next.js',
    note: [note(stratus) && `Stratus: ${note(stratus)}`, note(next) && `Next.js: ${note(next)}`].filter(Boolean).join('; ') || undefined,
  });
  return [
    row('dev-edit', 'component edit saved → new text in the DOM, state kept', (s) => s.edit),
    row('dev-css', 'CSS Module edit saved → new colour applied', (s) => s.css),
    row('dev-cold', 'cold dev server → counter page answered', (s) => s.cold),
  ];
}
