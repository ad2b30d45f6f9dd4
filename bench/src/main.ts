/**
 * `npm run bench`: builds the benchmark app for Stratus, Next.js and React Router 7,
 * measures them in the same run, interleaved, and prints a table of medians (min–max) with
 * the Stratus ÷ Next.js (or ÷ floor) and Stratus ÷ React Router ratios per row; writes the
 * same as JSON.
 *
 *   node bench/run-ts.cjs bench/src/main.ts [--smoke] [--only stratus[,next][,react-router]] [--rows throughput,size,…] [--out FILE]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_DIR,
  buildNext,
  buildReactRouter,
  buildStratus,
  completeStandalone,
  installedVersion,
  NEXT_APP,
  OTHER_FRAMEWORKS,
  privateBuildDir,
  REACT_ROUTER_APP,
  REPO,
  type BuiltApp,
  type NextBuild,
  type OtherFramework,
  type ReactRouterBuild,
} from './apps';
import { failureExitCode, parseCommandLine, UsageError } from './command-line';
import { benchOptions, ROW_IDS, type BenchOptions } from './options';
import { freePort } from './processes';
import { runColdStart } from './rows/cold-start';
import { buildQualitiesStratus, hasImageOptimiser, runImages, servesImages, type ImageApp } from './rows/images';
import { renderChild, renderOpsChild, runRenderCore } from './rows/render-core';
import { runStreaming, streamingChild } from './rows/streaming';
import { runSize, serverSizes } from './rows/size';
import { runSoftNav } from './rows/soft-nav';
import { runDevLoop } from './rows/dev-loop';
import { runThroughput } from './rows/throughput';
import { bareServerChild, cannedServerChild, handlerChild, runWhereItGoes } from './rows/where-it-goes';
import { buildSsrFloor } from './floor-server';
import { buildRoutedStratus, runRoutingCost } from './rows/routing-cost';
import { runScale } from './rows/scale';
import { runCost } from './rows/cost';
import { checkTargets } from './targets';
import { formatTable, formatTargets, withRatio, type ResultRow } from './table';

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => process.stderr.write(`[${elapsed()}] ${line}\n`);

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

async function bench(options: BenchOptions, mainFile: string): Promise<number> {
  const wants = (row: string) => options.rows.size === 0 || options.rows.has(row);
  // Bounded: a run that takes far longer than planned is stopped rather than left running.
  const limitMs = (options.mode === 'full' ? 30 : options.others.length > 0 ? 10 : 3) * 60_000;
  const watchdog = setTimeout(() => {
    log(`stopped: over the ${limitMs / 60_000} min limit of a ${options.mode} run`);
    process.exit(3);
  }, limitMs);
  watchdog.unref();

  const info = machine();
  log(`${options.mode} run on ${info.cores} × ${info.cpu}, Node ${info.node}, load average ${info.loadAverageAtStart.join(' ')}`);
  const stratusOut = privateBuildDir();
  const stratus = await buildStratus(log, stratusOut);
  const next: NextBuild | undefined = options.others.includes('next') ? await buildNext(log) : undefined;
  const reactRouter: ReactRouterBuild | undefined = options.others.includes('react-router') ? await buildReactRouter(log) : undefined;
  const sizes = serverSizes(stratus, next);
  if (next) completeStandalone(next);
  // In this order in every round of every row: Stratus, Next.js, React Router.
  const apps: BuiltApp[] = [stratus, next, reactRouter].filter((app): app is NonNullable<typeof app> => app !== undefined);
  // Read after the builds: the first run installs the other apps' packages.
  const versions = {
    react: installedVersion(REPO, 'react'),
    next: next && installedVersion(NEXT_APP, 'next'),
    reactRouter: reactRouter && installedVersion(REACT_ROUTER_APP, 'react-router'),
  };

  let rows: ResultRow[] = [];
  if (wants('size')) {
    log('size: server code and first-load JS');
    rows.push(...(await runSize(stratus, next, sizes, apps, log)));
  }
  if (wants('throughput')) {
    log(`SSR throughput: ${options.rounds} rounds, ${options.load.connections} connections, ${options.load.seconds} s per path`);
    // The floor of /ssr/1 runs in the same rounds, after the frameworks.
    rows.push(...(await runThroughput([...apps, await buildSsrFloor(stratusOut)], options, log)));
  }
  if (wants('throughput')) {
    log('where /ssr/1 goes: the render function in process against the floor page, and the local server alone against bare node:http');
    rows.push(...(await runWhereItGoes(stratus, options, mainFile, log)));
  }
  if (wants('routing')) {
    log(`routing layer: the app with 20 rules + a middleware against the plain app, ${options.rounds} rounds`);
    const routed = await buildRoutedStratus(log);
    rows.push(...(await runRoutingCost(stratus, routed, options, log)));
  }
  if (wants('render')) {
    log('render overhead: render core against bare renderToString');
    rows.push(...(await runRenderCore(stratus, options, mainFile, log)));
  }
  if (wants('streaming')) {
    log('streaming: the render bundle’s buffered and streaming handlers on /ssr/1 and the JSON API');
    rows.push(...(await runStreaming(stratus, options, mainFile, log)));
  }
  if (wants('cold')) {
    log(`cold start: ${options.cold.rounds} rounds`);
    rows.push(...(await runColdStart(stratus, apps.slice(1), options, log)));
  }
  if (wants('nav')) {
    // Stratus and Next.js only: React Router's link prefetching brings the loader data along,
    // so its server-page navigations would not wait for the server as the other two do.
    const navApps = apps.filter((app) => app.framework !== 'react-router');
    log(`soft navigation: ${options.nav.count} per kind and framework (${navApps.map((a) => a.framework).join(', ')})`);
    rows.push(...(await runSoftNav(navApps, options, log)));
  }
  if (wants('images')) {
    // React Router has no image optimiser.
    const imageApps = apps.filter(hasImageOptimiser);
    log(`images: ${options.images.count} per round, ${options.images.concurrency} at a time (${imageApps.map((a) => a.framework).join(', ')})`);
    const startImageServer = async (app: ImageApp) => {
      const server = await app.start(await freePort());
      if (await servesImages(app, server)) return server;
      await server.stop();
      throw new Error(`${app.framework}: the server answers no image requests`);
    };
    const variedApp = (await buildQualitiesStratus(log)) as typeof stratus & ImageApp;
    rows.push(...(await runImages(imageApps, options, startImageServer, log, variedApp)));
  }
  if (wants('dev')) {
    // Stratus and Next.js: the dev servers of the other frameworks are not compared.
    const devFrameworks = apps.map((app) => app.framework).filter((f) => f !== 'react-router');
    log(`dev loop: ${options.dev.rounds} rounds of a cold start and ${options.dev.edits} component and CSS edits (${devFrameworks.join(', ')})`);
    rows.push(...(await runDevLoop(devFrameworks, options, log)));
  }
  if (wants('scale')) {
    log(`scale: builds, peak memory, function size and cold start by page count${next ? ', beside next build' : ''}`);
    rows.push(...(await runScale(options, next !== undefined, log)));
  }
  if (wants('cost')) {
    log(`cost: billed Lambda ms per 1,000 requests${next ? ', beside Next.js standalone' : ''}`);
    rows.push(...(await runCost(stratus, next, options, log)));
  }
  rows = rows.map(withRatio);

  const table = formatTable(rows);
  const targets = checkTargets(rows);
  const durationS = Math.round((performance.now() - started) / 1000);
  process.stdout.write(`\n${table}\n\nTargets:\n${formatTargets(targets)}\n\n`);
  process.stdout.write(`${info.cores} × ${info.cpu}, ${info.memoryGB} GB, ${info.os}, Node ${info.node}, React ${versions.react}, Next.js ${versions.next ?? '–'}, React Router ${versions.reactRouter ?? '–'}; ${options.mode} run, ${durationS} s\n`);
  mkdirSync(path.dirname(options.outFile), { recursive: true });
  const result = {
    mode: options.mode,
    startedAt: new Date(Date.now() - durationS * 1000).toISOString(),
    durationS,
    machine: { ...info, ...versions },
    builds: { stratusSeconds: stratus.buildSeconds, nextSeconds: next?.buildSeconds, reactRouterSeconds: reactRouter?.buildSeconds },
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

/**
 * `--only`: the frameworks to measure, Stratus always among them (`--only stratus` is
 * Stratus rows and floors alone, nothing installed); all three without it.
 */
export const USAGE = `Usage: npm run bench [-- options]     (npm run bench:smoke [-- options]: a few seconds per row)

Options:
  --rows LIST   some rows only, comma-separated: ${ROW_IDS.join(', ')}
  --only LIST   some frameworks only: stratus, with any of ${OTHER_FRAMEWORKS.join(', ')}
  --out FILE    where the results go as JSON (default: bench/results/full.json or smoke.json)
  --smoke       a short run
  -h, --help    this text
`;

function othersOf(only: string | undefined): OtherFramework[] {
  if (only === undefined) return [...OTHER_FRAMEWORKS];
  const named = only.split(',').map((f) => f.trim());
  const known = ['stratus', ...OTHER_FRAMEWORKS] as string[];
  const unknown = named.filter((f) => !known.includes(f));
  if (unknown.length || !named.includes('stratus')) throw new UsageError(`--only takes a list of ${known.join(', ')} that includes stratus (the other columns are measured against it), got "${only}"`);
  return OTHER_FRAMEWORKS.filter((f) => named.includes(f));
}

export async function main(argv: string[], mainFile: string): Promise<number> {
  if (argv[0] === 'child-render') {
    await renderChild(argv.slice(1));
    return 0;
  }
  if (argv[0] === 'child-streaming') {
    await streamingChild(argv.slice(1));
    return 0;
  }
  if (argv[0] === 'child-handler') {
    await handlerChild(argv.slice(1));
    return 0;
  }
  if (argv[0] === 'child-canned-server') {
    await cannedServerChild(argv.slice(1));
    return -1;
  }
  if (argv[0] === 'child-bare-server') {
    bareServerChild(argv.slice(1));
    return -1;
  }
  if (argv[0] === 'child-render-ops') {
    await renderOpsChild(argv.slice(1));
    return 0;
  }
  // Node's own message names a wrong option (`Unknown option '--row'`).
  const values = parseCommandLine(argv, {
    smoke: { type: 'boolean' },
    only: { type: 'string' },
    rows: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const rows = values.rows ? values.rows.split(',').map((r) => r.trim()) : [];
  for (const r of rows) if (!(ROW_IDS as readonly string[]).includes(r)) throw new UsageError(`--rows: unknown row "${r}"; rows are ${ROW_IDS.join(', ')}`);
  const mode = values.smoke ? 'smoke' : 'full';
  const outFile = path.resolve(values.out ?? path.join(BENCH_DIR, 'results', `${mode}.json`));
  return bench(benchOptions(mode, othersOf(values.only), rows, outFile), mainFile);
}

// Child modes run this bundle directly (`node bench.cjs child-render …`).
if (require.main === module) {
  // Interrupted: leave through process.exit, whose 'exit' handlers stop the servers and remove the build folders.
  // (`on`, not `once`: Ctrl-C reaches this process twice, from the terminal and through run-ts.cjs.)
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  main(process.argv.slice(2), __filename).then(
    (code) => {
      if (code >= 0) process.exit(code);
    },
    (error: unknown) => process.exit(failureExitCode('bench', USAGE, error)),
  );
}
