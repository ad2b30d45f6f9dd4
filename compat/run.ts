/**
 * `npm run compat`: builds every compat app with Next.js and with Stratus, one app at a
 * time, starts both servers on free ports of 127.0.0.1, puts both through the same checks
 * and prints one table of what agrees.
 *
 *   npm run compat                         every app
 *   npm run compat -- --apps routing,data  some apps
 *   npm run compat -- --record             also write Next's answers to test/compat/observed/
 *
 * Bounded: every wait in the observers has a limit, builds and server starts have
 * timeouts, and a watchdog ends the run (servers included) after 40 minutes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, type RunningServer } from '../bench/src/processes';
import { installAppPackages } from './app-packages';
import { COMPAT_APPS, compatApp } from './checks/index';
import type { CompatApp, Observation } from './checks/types';
import { acceptedValues, compare, type RecordedCheck } from './compare';
import { launchChromium } from './observe/chromium';
import { openHtmlReader } from './observe/html-reader';
import { observe, type Observers } from './observe/observe';
import type { Target } from './observe/target';
import { appDir, BUILDS_DIR } from './paths';
import { recordObserved } from './record';
import { buildWithNext, ensureNextInstalled, serveNext } from './servers/next';
import { buildWithStratus, serveStratus } from './servers/stratus';
import { markdownTable, summary, type Row } from './table';

const WATCHDOG_MS = 40 * 60_000;
const running = new Set<RunningServer>();
const log = (line: string) => process.stderr.write(`${line}\n`);

function stopAll(): Promise<void> {
  return Promise.all([...running].map((server) => server.stop())).then(() => running.clear());
}

const watchdog = setTimeout(() => {
  log(`watchdog: the run passed ${WATCHDOG_MS / 60_000} minutes; stopping.`);
  for (const server of running) server.child.kill('SIGKILL');
  process.exit(2);
}, WATCHDOG_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const server of running) server.child.kill('SIGKILL');
    process.exit(130);
  });
}

async function start(server: Promise<RunningServer>): Promise<RunningServer> {
  const started = await server;
  running.add(started);
  return started;
}

/** Builds one app both ways, serves both, observes every check on each. */
async function runApp(app: CompatApp, observers: Observers): Promise<{ rows: Row[]; recorded: Record<string, RecordedCheck>; stratus: Record<string, Observation>; seconds: string }> {
  const dir = appDir(app.name);
  await installAppPackages(dir, log);
  log(`${app.name}: building with Stratus…`);
  const stratusBuild = await buildWithStratus(dir, path.join(BUILDS_DIR, `stratus-${app.name}`));
  log(`${app.name}: building with Next.js…`);
  const nextBuild = await buildWithNext(dir, path.join(BUILDS_DIR, `next-${app.name}`));
  const nextServer = await start(serveNext(nextBuild, await freePort(), '/'));
  const stratusServer = await start(serveStratus(dir, stratusBuild, await freePort(), '/'));
  const nextTarget: Target = { framework: 'next', baseUrl: nextServer.url, buildId: nextBuild.buildId };
  const stratusTarget: Target = { framework: 'stratus', baseUrl: stratusServer.url, buildId: stratusBuild.buildId };
  const rows: Row[] = [];
  const recorded: Record<string, RecordedCheck> = {};
  const stratus: Record<string, Observation> = {};
  try {
    for (const check of app.checks) {
      log(`${app.name}: ${check.name}`);
      const next = await observe(check, nextTarget, observers);
      stratus[check.name] = await observe(check, stratusTarget, observers);
      const comparison = compare(app.name, check.name, next, stratus[check.name]!);
      rows.push({ app: app.name, check: check.name, comparison });
      const known = acceptedValues(comparison);
      recorded[check.name] = Object.keys(known).length ? { next, known } : { next };
    }
  } finally {
    await stopAll();
  }
  return { rows, recorded, stratus, seconds: `Stratus ${stratusBuild.seconds.toFixed(1)} s, Next.js ${nextBuild.seconds.toFixed(1)} s` };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { apps: { type: 'string' }, record: { type: 'boolean' } } });
  const apps = values.apps ? values.apps.split(',').map(compatApp) : COMPAT_APPS;
  const started = performance.now();
  const nextVersion = await ensureNextInstalled(log);
  mkdirSync(BUILDS_DIR, { recursive: true });
  const browser = await launchChromium();
  const reader = await openHtmlReader(browser);
  const rows: Row[] = [];
  const buildTimes: string[] = [];
  const observations: Record<string, unknown> = {};
  try {
    for (const app of apps) {
      const result = await runApp(app, { browser, reader });
      rows.push(...result.rows);
      buildTimes.push(`${app.name}: ${result.seconds}`);
      observations[app.name] = { recorded: result.recorded, stratus: result.stratus };
      if (values.record) log(`wrote ${path.relative(process.cwd(), recordObserved(app.name, nextVersion, result.recorded))}`);
    }
  } finally {
    await reader.close().catch(() => undefined);
    await browser.close();
    await stopAll();
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const report = [`Next.js ${nextVersion} against Stratus, ${rows.length} checks on ${apps.length} apps, ${minutes} min`, '', markdownTable(rows), '', summary(rows), '', `Builds: ${buildTimes.join('; ')}`].join('\n');
  writeFileSync(path.join(BUILDS_DIR, 'table.md'), report + '\n');
  // Every value in full, for reading a difference the table cuts short.
  writeFileSync(path.join(BUILDS_DIR, 'observations.json'), JSON.stringify(observations, null, 2) + '\n');
  process.stdout.write(report + '\n');
  return rows.some((r) => r.comparison.verdict === 'differs') ? 1 : 0;
}

main()
  .then((code) => {
    clearTimeout(watchdog);
    process.exitCode = code;
  })
  .catch(async (error: unknown) => {
    clearTimeout(watchdog);
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await stopAll();
    process.exitCode = 1;
  });
