/**
 * Scale (issue 32): the app of bench/src/scale-app.ts (one `pages/p/[id].js`, N prerendered
 * pages of about 3 kB) built at several page counts, each with its build time, the peak
 * resident memory of the build's processes, the size of what the server function ships, and
 * the cold start to the first answer of a page; `next build` (standalone output) of the same
 * files beside it at the smaller counts. The target: a cold start at the largest count
 * within 5 ms of the same app at 10 pages, and a 100,000-page build under 60 s.
 *
 * Stratus's cold start is the render function's (spawn, require its index.js, answer one
 * Function URL event for /p/1 from the build's page objects, exit), timed inside the
 * process; Next's, its standalone server's spawn → first 200 on /p/1 (no Lambda entry of its
 * own: OpenNext wraps the same server).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toFunctionUrlEvent } from '../../../cli/serve/function-url-event';
import { BENCH_DIR, NEXT_APP, REPO, installedVersion } from '../apps';
import type { BenchOptions } from '../options';
import { freePort, measuredEnv, sleep, startServer, timeProcess } from '../processes';
import { writeScaleApp } from '../scale-app';
import { uploadPages } from '../../../infra/upload-pages';
import { readManifest } from '../../../contract/manifest';
import { summarize, type Summary } from '../stats';
import type { ResultRow } from '../table';

const NODE = process.execPath;

/** Page counts measured: Stratus at all, Next.js at the smaller ones (its build of 100,000 pages takes far longer than the row's time). */
export function scaleCounts(mode: BenchOptions['mode']): { stratus: number[]; next: number[] } {
  return mode === 'full' ? { stratus: [10, 1_000, 10_000, 100_000], next: [1_000, 10_000] } : { stratus: [10, 100, 1_000], next: [100] };
}

/** Bytes of the files below `dir`. */
export function folderBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  return bytes;
}

/** The resident memory of a process and its descendants now (VmRSS), in bytes (Linux /proc). */
function treeRss(pid: number): number {
  const status = (p: number) => {
    try {
      return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const walk = (p: number) => {
    total += status(p);
    for (const child of parents.get(p) ?? []) walk(child);
  };
  walk(pid);
  return total;
}

/** Runs a build command: its wall time and the peak of its processes' resident memory, sampled every 100 ms. */
async function measureBuild(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ seconds: number; peakBytes: number }> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  let peakBytes = 0;
  let done = false;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => (done = true));
  while (!done) {
    peakBytes = Math.max(peakBytes, treeRss(child.pid!));
    await Promise.race([sleep(100), exited]);
  }
  const code = await exited;
  if (code !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${code}):\n${stderr}`);
  return { seconds: (performance.now() - started) / 1000, peakBytes };
}

// Runs in a fresh process: require the render function, answer one event, print its own time.
const COLD_SCRIPT = `
const started = performance.now();
const { handler } = require(process.env.BENCH_BUNDLE);
handler(JSON.parse(process.env.BENCH_EVENT), { awsRequestId: 'cold' }).then((result) => {
  require('node:fs').writeSync(2, 'BENCH ' + JSON.stringify({ status: result.statusCode, ms: performance.now() - started }) + '\\n');
  process.exit(result.statusCode === 200 ? 0 : 1);
});
`;

async function stratusColdMs(renderDir: string): Promise<number> {
  const event = toFunctionUrlEvent({ method: 'GET', url: '/p/1', headers: { host: 'localhost', accept: 'text/html' } });
  const run = await timeProcess(NODE, ['-e', COLD_SCRIPT], { env: measuredEnv({ AWS_LAMBDA_FUNCTION_NAME: 'bench-render', BENCH_BUNDLE: path.join(renderDir, 'index.js'), BENCH_EVENT: JSON.stringify(event) }) });
  const line = run.stderr.split('\n').find((l) => l.startsWith('BENCH '));
  if (run.code !== 0 || !line) throw new Error(`cold start of ${renderDir} failed:\n${run.stderr}`);
  return (JSON.parse(line.slice(6)) as { ms: number }).ms;
}

interface Built {
  pages: number;
  seconds: number;
  peakBytes: number;
  packageBytes: number;
  cold: number[];
}

/** Next's copy of the app sits inside bench/next-app, whose node_modules it resolves `next` from. */
function writeNextApp(pages: number): string {
  const dir = writeScaleApp(path.join(NEXT_APP, `scale-${pages}`), pages);
  writeFileSync(path.join(dir, 'next.config.js'), `module.exports = { output: 'standalone', poweredByHeader: false, outputFileTracingRoot: ${JSON.stringify(NEXT_APP)}, turbopack: { root: ${JSON.stringify(NEXT_APP)} } };\n`);
  return dir;
}

/**
 * Files the deploy's upload step would send (infra/upload-pages.ts), against s3rver: a first
 * deploy (all uploaded), then a redeploy with no change, one page's data changed, and the
 * page's code changed (a new build), each counted without uploading.
 */
export async function measureUploads(pages: number, root: string, log: (line: string) => void): Promise<{ first: number; unchanged: number; onePage: number; template: number }> {
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  const { S3Client } = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
  const dataDir = path.join(root, 's3rver');
  rmSync(dataDir, { recursive: true, force: true });
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: !process.env.BENCH_S3_LOG, directory: dataDir, configureBuckets: [{ name: 'site', configs: [] }] });
  const { port } = await s3.run();
  const client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const appDir = writeScaleApp(path.join(root, `deploy-app-${pages}`), pages);
  const outDir = path.join(root, `deploy-out-${pages}`);
  const buildIt = async () => {
    await measureBuild(NODE, [path.join(REPO, 'bin', 'stratus.js'), 'build', appDir, '--no-image', '--out', outDir], REPO, measuredEnv());
    return readManifest(path.join(outDir, 'manifest.json'));
  };
  const count = async (dryRun: boolean) => (await uploadPages({ client, bucket: 'site', buildDir: outDir, manifest: await buildIt(), dryRun })).uploaded;
  try {
    log(`  deploy uploads of ${pages.toLocaleString('en-US')} pages, against s3rver…`);
    const first = await count(false);
    const unchanged = await count(true);
    writeFileSync(path.join(appDir, 'data', 'overrides.json'), JSON.stringify({ 1: 'A changed title' }));
    const onePage = await count(true);
    const source = path.join(appDir, 'pages', 'p', '[id].js');
    writeFileSync(source, readFileSync(source, 'utf8').replace('next page', 'the next page'));
    const template = await count(true);
    return { first, unchanged, onePage, template };
  } finally {
    client.destroy();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runScale(options: BenchOptions, withNext: boolean, log: (line: string) => void): Promise<ResultRow[]> {
  const counts = scaleCounts(options.mode);
  const rounds = options.mode === 'full' ? 5 : 1;
  const root = path.join(BENCH_DIR, 'results', 'scale');
  const stratus: Built[] = [];
  for (const pages of counts.stratus) {
    const appDir = writeScaleApp(path.join(root, `app-${pages}`), pages);
    const outDir = path.join(root, `out-${pages}`);
    rmSync(outDir, { recursive: true, force: true });
    log(`  stratus build of ${pages.toLocaleString('en-US')} pages…`);
    const built = await measureBuild(NODE, [path.join(REPO, 'bin', 'stratus.js'), 'build', appDir, '--no-image', '--out', outDir], REPO, measuredEnv());
    const renderDir = path.join(outDir, 'lambdas', 'render');
    stratus.push({ pages, ...built, packageBytes: folderBytes(renderDir), cold: [] });
    log(`    ${built.seconds.toFixed(1)} s, peak ${(built.peakBytes / 1024 / 1024).toFixed(0)} MB, render function ${(folderBytes(renderDir) / 1024).toFixed(0)} kB`);
  }
  // Cold starts interleaved across the page counts, so the machine's drift falls on all alike.
  for (const build of stratus) await stratusColdMs(path.join(root, `out-${build.pages}`, 'lambdas', 'render')); // unmeasured: the disk cache warms
  for (let round = 0; round < rounds; round++) {
    for (const build of stratus) build.cold.push(await stratusColdMs(path.join(root, `out-${build.pages}`, 'lambdas', 'render')));
  }

  const next = new Map<number, Built>();
  if (withNext) {
    log(`  next build (next ${installedVersion(NEXT_APP, 'next')}) of the same app…`);
    for (const pages of counts.next) {
      const dir = writeNextApp(pages);
      log(`  next build of ${pages.toLocaleString('en-US')} pages…`);
      const built = await measureBuild(NODE, [path.join(NEXT_APP, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], dir, measuredEnv({ NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }));
      const standalone = path.join(dir, '.next', 'standalone');
      // The standalone folder keeps the app at its path below the tracing root.
      const serverDir = existsSync(path.join(standalone, `scale-${pages}`)) ? path.join(standalone, `scale-${pages}`) : standalone;
      const packageBytes = folderBytes(standalone);
      cpSync(path.join(dir, '.next', 'static'), path.join(serverDir, '.next', 'static'), { recursive: true });
      const cold: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const port = await freePort();
        const server = await startServer(NODE, [path.join(serverDir, 'server.js')], { cwd: serverDir, port, probePath: '/p/1', env: measuredEnv({ PORT: String(port), HOSTNAME: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }) });
        cold.push(server.readyMs);
        await server.stop();
      }
      next.set(pages, { pages, ...built, packageBytes, cold });
      log(`    ${built.seconds.toFixed(1)} s, peak ${(built.peakBytes / 1024 / 1024).toFixed(0)} MB, standalone ${(packageBytes / 1024 / 1024).toFixed(1)} MB`);
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const uploadPagesCount = options.mode === 'full' ? 1_000 : 100;
  const uploads = await measureUploads(uploadPagesCount, root, log);
  log(`    files uploaded: first deploy ${uploads.first}, no change ${uploads.unchanged}, one page changed ${uploads.onePage}, the page's code changed ${uploads.template}`);

  const section = 'Scale (one pages/p/[id].js, N prerendered pages of ~3 kB)';
  const one = (value: number): Summary => summarize([value]);
  const rows: ResultRow[] = [];
  const count = (pages: number) => pages.toLocaleString('en-US');
  for (const build of stratus) {
    const other = next.get(build.pages);
    const nextOf = (value: (b: Built) => Summary) => (other ? { other: value(other) } : {});
    rows.push(
      { id: `scale-build-${build.pages}`, section, label: `build, ${count(build.pages)} pages`, unit: 's', better: 'lower', stratus: one(build.seconds), otherLabel: 'Next.js', ...nextOf((b) => one(b.seconds)) },
      { id: `scale-rss-${build.pages}`, section, label: `build peak RSS, ${count(build.pages)} pages`, unit: 'B', better: 'lower', stratus: one(build.peakBytes), otherLabel: 'Next.js', ...nextOf((b) => one(b.peakBytes)) },
      { id: `scale-package-${build.pages}`, section, label: `server function folder, ${count(build.pages)} pages`, unit: 'B', better: 'lower', stratus: one(build.packageBytes), otherLabel: 'Next.js', ...nextOf((b) => one(b.packageBytes)), note: 'Next.js: .next/standalone' },
      { id: `scale-cold-${build.pages}`, section, label: `cold start to /p/1, ${count(build.pages)} pages`, unit: 'ms', better: 'lower', stratus: summarize(build.cold), otherLabel: 'Next.js', ...nextOf((b) => summarize(b.cold)), note: 'Stratus: the render function, inside its process; Next.js: standalone server spawn → first 200' },
    );
  }
  const files = (label: string, id: string, value: number): ResultRow => ({ id: `scale-upload-${id}`, section, label: `deploy of ${count(uploadPagesCount)} pages, files uploaded: ${label}`, unit: 'files', better: 'lower', stratus: one(value), otherLabel: 'Next.js' });
  rows.push(files('first deploy', 'first', uploads.first), files('redeploy, no change', 'unchanged', uploads.unchanged), files('one page\'s data changed', 'one-page', uploads.onePage), files('the page\'s code changed (a new build)', 'template', uploads.template));
  const smallest = stratus[0]!;
  const largest = stratus.at(-1)!;
  rows.push({
    id: 'scale-cold-delta', section, label: `cold start at ${count(largest.pages)} pages above ${count(smallest.pages)} pages`, unit: 'ms', better: 'lower',
    stratus: summarize(largest.cold.map((ms, i) => ms - smallest.cold[i]!)), otherLabel: 'Next.js',
  });
  return rows;
}
