/**
 * Cost (issue 32): billed Lambda milliseconds per 1,000 requests for /ssr/1, a static page
 * (`/`) and the JSON API, and the price per million requests that gives at the stack's
 * default memory (1,024 MB) and Lambda's published arm64 price. A request's billed time is
 * its in-process time rounded up to the millisecond, as Lambda bills.
 *
 * Stratus: the render function's handler in a process of its own, as Lambda runs it, one
 * Function URL event after another. The static page has two rows: through the stack it is answered by CloudFront from
 * the bucket (no invocation, when the build put its copy there: checked, not assumed), and
 * the function's own time when it does answer it (a draft, a bucket without the copy).
 * Next.js: its standalone server, timed inside its process from each request to its
 * response's end (a hook on Node's http server loaded with --require), requests sent one at a
 * time; what an adapter such as OpenNext adds to turn events into requests is not counted.
 * This machine is not Lambda's arm64 at 1 GB (about 0.6 of a vCPU): the milliseconds are
 * this machine's; the ratio is what carries over.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toFunctionUrlEvent } from '../../../cli/serve/function-url-event';
import { pageKey } from '../../../contract/output-layout';
import { PAGES_PREFIX } from '../../../contract/urls';
import type { NextBuild, StratusBuild } from '../apps';
import { BENCH_DIR } from '../apps';
import type { BenchOptions } from '../options';
import { freePort, measuredEnv, probe, timeProcess } from '../processes';
import { summarize } from '../stats';
import type { ResultRow } from '../table';

/**
 * Lambda's published price for arm64 in us-east-1, first tier: $0.0000133334 per GB-second
 * and $0.20 per million requests (https://aws.amazon.com/lambda/pricing/, as of 2026-11).
 */
export const ARM64_PRICE_PER_GB_SECOND = 0.0000133334;
export const PRICE_PER_MILLION_REQUESTS = 0.2;
/** The render function's memory in the stack by default (infra/constructs/stratus-site.ts, renderMemoryMB). */
export const DEFAULT_MEMORY_MB = 1024;

/** Dollars per million requests for a billed time per request. */
export function pricePerMillion(billedMsPerRequest: number, memoryMb = DEFAULT_MEMORY_MB): number {
  return billedMsPerRequest * 1e6 * (memoryMb / 1024) * (ARM64_PRICE_PER_GB_SECOND / 1000) + PRICE_PER_MILLION_REQUESTS;
}

/** Billed ms per 1,000 requests: each request's time rounded up to the millisecond. */
export function billedPerThousand(times: readonly number[]): number {
  return (times.reduce((sum, ms) => sum + Math.max(1, Math.ceil(ms)), 0) / times.length) * 1000;
}

const PATHS = [
  { id: 'ssr-1', label: '/ssr/1 (server-rendered)', path: '/ssr/1' },
  { id: 'static', label: '/ (a static page)', path: '/' },
  { id: 'api', label: '/api/items/1 (JSON API)', path: '/api/items/1' },
] as const;

type Timings = Record<(typeof PATHS)[number]['id'], number[]>;

// Runs in a process of its own, as Lambda runs the function (its log line written before each
// answer, to a stdout nobody reads): each event's time, in order, on fd 2.
const STRATUS_SCRIPT = `
const { handler } = require(process.env.BENCH_BUNDLE);
const paths = JSON.parse(process.env.BENCH_EVENTS);
const count = Number(process.env.BENCH_COUNT);
const warmup = Number(process.env.BENCH_WARMUP);
(async () => {
  const times = {};
  for (const [id, event] of paths) {
    times[id] = [];
    for (let i = 0; i < warmup + count; i++) {
      const started = performance.now();
      const result = await handler(event, { awsRequestId: 'cost-' + i });
      const ms = performance.now() - started;
      if (result.statusCode !== 200) throw new Error(id + ': ' + result.statusCode);
      if (i >= warmup) times[id].push(ms);
    }
  }
  require('node:fs').writeSync(2, 'BENCH ' + JSON.stringify(times) + '\\n');
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** Stratus's render function, one event after another: each event's time. */
async function stratusTimes(build: StratusBuild, count: number, warmup: number): Promise<Timings> {
  const events = PATHS.map(({ id, path: url }) => [id, toFunctionUrlEvent({ method: 'GET', url, headers: { host: 'localhost', accept: 'text/html' } })]);
  const env = measuredEnv({ AWS_LAMBDA_FUNCTION_NAME: 'bench-render', BENCH_BUNDLE: build.renderBundle, BENCH_EVENTS: JSON.stringify(events), BENCH_COUNT: String(count), BENCH_WARMUP: String(warmup) });
  const run = await timeProcess(process.execPath, ['-e', STRATUS_SCRIPT], { env });
  const line = run.stderr.split('\n').find((l) => l.startsWith('BENCH '));
  if (run.code !== 0 || !line) throw new Error(`stratus cost run failed:\n${run.stderr}`);
  return JSON.parse(line.slice(6)) as Timings;
}

// Loaded with --require into Next's server: each request's time inside the process, written out on SIGTERM.
const TIMING_HOOK = `
const http = require('node:http');
const times = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') {
    const started = process.hrtime.bigint();
    res.on('finish', () => times.push([req.url, Number(process.hrtime.bigint() - started) / 1e6]));
  }
  return emit.apply(this, arguments);
};
process.on('SIGTERM', () => {
  require('node:fs').writeFileSync(process.env.BENCH_TIMINGS, JSON.stringify(times));
  process.exit(0);
});
`;

async function nextTimes(build: NextBuild, count: number, warmup: number): Promise<Timings> {
  const dir = path.join(BENCH_DIR, 'results', 'cost');
  mkdirSync(dir, { recursive: true });
  const hook = path.join(dir, 'timing-hook.cjs');
  const file = path.join(dir, 'next-timings.json');
  writeFileSync(hook, TIMING_HOOK);
  rmSync(file, { force: true });
  const port = await freePort();
  const { spawn } = require('node:child_process') as typeof import('node:child_process');
  const child = spawn(process.execPath, ['--require', hook, path.join(build.standaloneDir, 'server.js')], {
    cwd: build.standaloneDir,
    env: measuredEnv({ PORT: String(port), HOSTNAME: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', BENCH_TIMINGS: file }),
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let tries = 0; (await probe(`${base}/ssr/1`))?.status !== 200; tries++) {
      if (tries > 3000) throw new Error('next: the standalone server did not start');
      await new Promise((r) => setTimeout(r, 10));
    }
    for (const { path: url } of PATHS) {
      for (let i = 0; i < warmup + count; i++) {
        const res = await probe(base + url);
        if (res?.status !== 200) throw new Error(`next ${url}: ${res?.status}`);
      }
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as [string, number][];
  const times = {} as Timings;
  for (const { id, path: url } of PATHS) times[id] = recorded.filter(([u]) => u === url).map(([, ms]) => ms).slice(warmup);
  return times;
}

export async function runCost(stratus: StratusBuild, next: NextBuild | undefined, options: BenchOptions, log: (line: string) => void): Promise<ResultRow[]> {
  const count = options.mode === 'full' ? 1000 : 200;
  const warmup = options.mode === 'full' ? 200 : 20;
  const mine = await stratusTimes(stratus, count, warmup);
  const theirs = next ? await nextTimes(next, count, warmup) : undefined;
  // The static page reaches the function only when the build did not put its copy in the bucket.
  const fromBucket = existsSync(path.join(stratus.outDir, 'assets', PAGES_PREFIX, stratus.buildId, `${pageKey('en', '/')}.html`));
  log(`  / is ${fromBucket ? '' : 'not '}answered from the bucket in this build`);
  const section = `Cost (billed Lambda ms per 1,000 requests, ${DEFAULT_MEMORY_MB} MB, arm64 at $${ARM64_PRICE_PER_GB_SECOND}/GB-s + $${PRICE_PER_MILLION_REQUESTS}/M requests)`;
  const rows: ResultRow[] = [];
  for (const { id, label } of PATHS) {
    const billed = billedPerThousand(mine[id]);
    const theirBilled = theirs && billedPerThousand(theirs[id]);
    const asDeployed = id === 'static' && fromBucket ? 0 : billed;
    rows.push({
      id: `cost-ms-${id}`, section, label: `${label}: billed ms per 1,000`, unit: 'ms', better: 'lower', stratus: summarize([asDeployed]), otherLabel: 'Next.js',
      ...(theirBilled !== undefined ? { other: summarize([theirBilled]) } : {}),
      ...(id === 'static' && fromBucket ? { note: 'Stratus: CloudFront answers it from the bucket, no invocation' } : {}),
    });
    if (id === 'static' && fromBucket) {
      rows.push({ id: 'cost-ms-static-function', section, label: `${label}, when the render function answers it: billed ms per 1,000`, unit: 'ms', better: 'lower', stratus: summarize([billed]), otherLabel: 'Next.js', ...(theirBilled !== undefined ? { other: summarize([theirBilled]) } : {}) });
    }
    rows.push({
      id: `cost-price-${id}`, section, label: `${label}: $ per million requests`, unit: '$', better: 'lower', stratus: summarize([asDeployed === 0 ? 0 : pricePerMillion(asDeployed / 1000)]), otherLabel: 'Next.js',
      ...(theirBilled !== undefined ? { other: summarize([pricePerMillion(theirBilled / 1000)]) } : {}),
    });
  }
  log(`  in-process medians: ${PATHS.map(({ id }) => `${id} ${summarize(mine[id]).median.toFixed(2)} ms${theirs ? ` (next ${summarize(theirs[id]).median.toFixed(2)} ms)` : ''}`).join(', ')}`);
  return rows;
}
