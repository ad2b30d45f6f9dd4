/**
 * `npm run bench`: builds the benchmark app for Stratus and for Next.js, measures both in
 * the same run, alternating them, and prints a table of medians (min–max) with the
 * Stratus ÷ Next.js (or ÷ floor) ratio per row; writes the same as JSON.
 *
 *   node bench/run-ts.cjs bench/src/main.ts [--smoke] [--only stratus] [--rows throughput,size,…] [--out FILE]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DIR, buildNext, buildStratus, completeStandalone, NEXT_APP, REPO, type BuiltApp, type NextBuild } from './apps';
import { benchOptions, ROW_IDS, type BenchOptions } from './options';
import { freePort } from './processes';
import { runColdStart } from './rows/cold-start';
import { runImages, servesImages } from './rows/images';
import { renderChild, runRenderCore } from './rows/render-core';
import { runSize, serverSizes } from './rows/size';
import { runSoftNav } from './rows/soft-nav';
import { runThroughput } from './rows/throughput';
import { checkTargets } from './targets';
import { formatTable, formatTargets, withRatio, type ResultRow } from './table';

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => process.stderr.write(`[${elapsed()}] ${line}\n`);

function versionOf(dir: string, name: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    react: versionOf(REPO, 'react'),
    next: versionOf(NEXT_APP, 'next'),
    loadAverageAtStart: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

async function bench(options: BenchOptions, mainFile: string): Promise<number> {
  const wants = (row: string) => options.rows.size === 0 || options.rows.has(row);
  // Bounded: a run that takes far longer than planned is stopped rather than left running.
  const limitMs = options.mode === 'full' ? 25 * 60_000 : (options.withNext ? 8 : 3) * 60_000;
  const watchdog = setTimeout(() => {
    log(`stopped: over the ${limitMs / 60_000} min limit of a ${options.mode} run`);
    process.exit(3);
  }, limitMs);
  watchdog.unref();

  const info = machine();
  log(`${options.mode} run on ${info.cores} × ${info.cpu}, Node ${info.node}, load average ${info.loadAverageAtStart.join(' ')}`);
  const stratus = await buildStratus(log);
  let next: NextBuild | undefined;
  if (options.withNext) next = await buildNext(log);
  const sizes = serverSizes(stratus, next);
  if (next) completeStandalone(next);
  const apps: BuiltApp[] = next ? [stratus, next] : [stratus];

  let rows: ResultRow[] = [];
  if (wants('size')) {
    log('size: server code and first-load JS');
    rows.push(...(await runSize(stratus, next, sizes, apps, log)));
  }
  if (wants('throughput')) {
    log(`SSR throughput: ${options.rounds} rounds, ${options.load.connections} connections, ${options.load.seconds} s per path`);
    rows.push(...(await runThroughput(apps, options, log)));
  }
  if (wants('render')) {
    log('render overhead: render core against bare renderToString');
    rows.push(...(await runRenderCore(stratus, options, mainFile, log)));
  }
  if (wants('cold')) {
    log(`cold start: ${options.cold.rounds} rounds`);
    rows.push(...(await runColdStart(stratus, next ? [next] : [], options, log)));
  }
  if (wants('nav')) {
    log(`soft navigation: ${options.nav.count} per kind and framework`);
    rows.push(...(await runSoftNav(apps, options, log)));
  }
  if (wants('images')) {
    log(`images: ${options.images.count} per round, ${options.images.concurrency} at a time`);
    const startImageServer = async (app: BuiltApp) => {
      const server = await app.start(await freePort());
      if (await servesImages(app, server)) return server;
      await server.stop();
      throw new Error(`${app.framework}: the server answers no image requests`);
    };
    rows.push(...(await runImages(apps, options, startImageServer, log)));
  }
  rows = rows.map(withRatio);

  const table = formatTable(rows);
  const targets = checkTargets(rows);
  const durationS = Math.round((performance.now() - started) / 1000);
  process.stdout.write(`\n${table}\n\nTargets:\n${formatTargets(targets)}\n\n`);
  process.stdout.write(`${info.cores} × ${info.cpu}, ${info.memoryGB} GB, ${info.os}, Node ${info.node}, React ${info.react}, Next.js ${info.next ?? '–'}; ${options.mode} run, ${durationS} s\n`);
  mkdirSync(path.dirname(options.outFile), { recursive: true });
  const result = {
    mode: options.mode,
    startedAt: new Date(Date.now() - durationS * 1000).toISOString(),
    durationS,
    machine: info,
    builds: { stratusSeconds: stratus.buildSeconds, nextSeconds: next?.buildSeconds },
    options: { ...options, rows: [...options.rows] },
    rows,
    targets,
    table,
  };
  writeFileSync(options.outFile, JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(`JSON: ${path.relative(process.cwd(), options.outFile)}\n`);
  clearTimeout(watchdog);
  return 0;
}

export async function main(argv: string[], mainFile: string): Promise<number> {
  if (argv[0] === 'child-render') {
    await renderChild(argv.slice(1));
    return 0;
  }
  const { values } = parseArgs({
    args: argv,
    options: {
      smoke: { type: 'boolean' },
      only: { type: 'string' },
      rows: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.only && values.only !== 'stratus') throw new Error(`--only takes "stratus" (Stratus rows and floors, no Next.js), got "${values.only}"`);
  const rows = values.rows ? values.rows.split(',').map((r) => r.trim()) : [];
  for (const r of rows) if (!(ROW_IDS as readonly string[]).includes(r)) throw new Error(`--rows: unknown row "${r}"; rows are ${ROW_IDS.join(', ')}`);
  const mode = values.smoke ? 'smoke' : 'full';
  const outFile = path.resolve(values.out ?? path.join(BENCH_DIR, 'results', `${mode}.json`));
  return bench(benchOptions(mode, values.only !== 'stratus', rows, outFile), mainFile);
}

// Child modes run this bundle directly (`node bench.cjs child-render …`).
if (require.main === module) {
  main(process.argv.slice(2), __filename).then(
    (code) => {
      if (code >= 0) process.exit(code);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
