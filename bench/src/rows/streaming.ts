/**
 * What streaming costs, and where: the render bundle's two handlers, the buffered one
 * (`index.handler`, a `BUFFERED` Function URL: its result serialised as Lambda's runtime
 * posts it) and the streaming one (`index.streamHandler`, a `RESPONSE_STREAM` Function URL:
 * its prelude and body written into the response stream as the runtime hands it, emulated by
 * cli/serve/lambda-streaming.ts with a sink that only counts). On /ssr/1 this is the cost
 * the whole render function would pay on RESPONSE_STREAM (the alternative docs/DECISIONS.md
 * weighs); on the JSON API it is what an ordinary JSON answer pays on the streaming function
 * the stack puts API routes behind. Plus a cold start through each handler (timed inside a
 * fresh process, medians: this machine counts no instructions) and the bytes a visitor gets
 * for /ssr/1 with and without CloudFront's compression, which needs a Content-Length that a
 * streamed answer never has.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { toFunctionUrlEvent } from '../../../cli/serve/function-url-event';
import { installStreamingGlobals, LocalResponseStream } from '../../../cli/serve/lambda-streaming';
import type { StratusBuild } from '../apps';
import type { BenchOptions } from '../options';
import { measuredEnv, timeProcess } from '../processes';
import { opsPerCpuSecondAsync } from '../cpu-time';
import { summarize } from '../stats';
import type { ResultRow } from '../table';

const PATHS = { page: '/ssr/1', api: '/api/items/1' } as const;
type Kind = keyof typeof PATHS;
type Side = 'buffered' | 'streamed';

interface Handlers {
  handler: (event: LambdaFunctionURLEvent, context: { awsRequestId: string }) => Promise<unknown>;
  streamHandler: (event: LambdaFunctionURLEvent, stream: never, context: { awsRequestId: string }) => Promise<void>;
}

function eventFor(kind: Kind): LambdaFunctionURLEvent {
  return toFunctionUrlEvent({ method: 'GET', url: PATHS[kind], headers: { host: 'localhost', accept: kind === 'page' ? 'text/html' : 'application/json' } });
}

/** One invocation as the runtime runs it: the result serialised, or the response stream written to its end. Resolves to the bytes sent. */
function invoker(handlers: Handlers, side: Side, event: LambdaFunctionURLEvent): () => Promise<number> {
  const context = { awsRequestId: 'bench' };
  if (side === 'buffered') return async () => Buffer.byteLength(JSON.stringify(await handlers.handler(event, context)));
  return () =>
    new Promise<number>((resolve, reject) => {
      let bytes = 0;
      const stream = new LocalResponseStream((chunk, done) => {
        bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
        done();
      });
      stream.once('finish', () => resolve(bytes));
      handlers.streamHandler(event, stream as never, context).catch(reject);
    });
}

function loadHandlers(renderDir: string): Handlers {
  // As Lambda's runtime: the globals first, then the handler's module.
  installStreamingGlobals();
  return require(path.join(renderDir, 'index.js')) as Handlers;
}

type ChildResult = Record<`${Kind}-${Side}`, number[]> & { bytes: { html: number; gzip: number; brotli: number } };

/** `bench.cjs child-streaming <render dir> <slice ms> <rounds> <out file>`: both sides of both kinds, interleaved. */
export async function streamingChild(args: string[]): Promise<void> {
  const [renderDir, sliceText, roundsText, outFile] = args as [string, string, string, string];
  const sliceMs = Number(sliceText);
  const handlers = loadHandlers(renderDir);
  // The bytes of /ssr/1 a visitor gets: compressed by CloudFront (an answer with a Content-Length), or as sent (a streamed one).
  const page = (await handlers.handler(eventFor('page'), { awsRequestId: 'bench' })) as { body: string };
  const html = Buffer.from(page.body);
  const bytes = { html: html.length, gzip: gzipSync(html).length, brotli: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }).length };
  const result: ChildResult = { 'page-buffered': [], 'page-streamed': [], 'api-buffered': [], 'api-streamed': [], bytes };
  const runs = (Object.keys(PATHS) as Kind[]).flatMap((kind) => (['buffered', 'streamed'] as Side[]).map((side) => ({ key: `${kind}-${side}` as const, run: invoker(handlers, side, eventFor(kind)) })));
  // Both sides answer the same bytes of body (checked), then warm up.
  for (const { run } of runs) if ((await run()) <= 0) throw new Error('an invocation sent nothing');
  for (const { run } of runs) await opsPerCpuSecondAsync(run, sliceMs / 2);
  for (let round = 0; round < Number(roundsText); round++) {
    for (const { key, run } of runs) result[key].push(await opsPerCpuSecondAsync(run, sliceMs));
  }
  writeFileSync(outFile, JSON.stringify(result));
}

// Runs in a fresh process: the globals as the runtime sets them, the bundle, one event through one handler.
const COLD_SCRIPT = `
const started = performance.now();
${'' /* the globals are tiny: defined here, not loaded, so the child pays what the runtime pays */}
const PRELUDE = 'application/vnd.awslambda.http-integration-response';
globalThis.awslambda = {
  streamifyResponse: (h) => ((h[Symbol.for('aws.lambda.runtime.handler.streaming')] = 'response'), h),
  HttpResponseStream: { from(stream, prelude) { stream.setContentType(PRELUDE); stream._onBeforeFirstWrite = (write) => { write(JSON.stringify(prelude)); write(new Uint8Array(8)); }; return stream; } },
};
const handlers = require(process.env.BENCH_BUNDLE);
const imported = performance.now();
const event = JSON.parse(process.env.BENCH_EVENT);
const done = () => {
  require('node:fs').writeSync(2, 'BENCH ' + JSON.stringify({ insideMs: performance.now() - started }) + '\\n');
  process.exit(0);
};
if (process.env.BENCH_SIDE === 'buffered') handlers.handler(event, { awsRequestId: 'cold' }).then((r) => (JSON.stringify(r), done()));
else {
  const { Writable } = require('node:stream');
  let first = true;
  const stream = new Writable({ write(chunk, encoding, callback) { callback(); } });
  const write = stream.write.bind(stream);
  stream.setContentType = () => {};
  stream.write = (chunk, ...rest) => { if (first) { first = false; stream._onBeforeFirstWrite?.((c) => write(c)); } return write(chunk, ...rest); };
  stream.once('finish', done);
  handlers.streamHandler(event, stream, { awsRequestId: 'cold' });
}
`;

async function coldInside(renderBundle: string, kind: Kind, side: Side): Promise<number> {
  const env = measuredEnv({ AWS_LAMBDA_FUNCTION_NAME: 'bench-render', BENCH_BUNDLE: renderBundle, BENCH_EVENT: JSON.stringify(eventFor(kind)), BENCH_SIDE: side });
  const run = await timeProcess(process.execPath, ['-e', COLD_SCRIPT], { env });
  const line = run.stderr.split('\n').find((l) => l.startsWith('BENCH '));
  if (run.code !== 0 || !line) throw new Error(`cold ${kind} ${side} failed:\n${run.stderr}`);
  return (JSON.parse(line.slice(6)) as { insideMs: number }).insideMs;
}

export async function runStreaming(app: StratusBuild, options: BenchOptions, mainFile: string, log: (line: string) => void): Promise<ResultRow[]> {
  const outFile = path.join(app.outDir, '.cache', 'bench-streaming.json');
  const rounds = options.mode === 'full' ? 5 : 1;
  const child = await timeProcess(process.execPath, [mainFile, 'child-streaming', app.renderDir, String(options.render.sliceMs), String(rounds), outFile], { env: measuredEnv({ NODE_ENV: 'production' }) });
  if (child.code !== 0) throw new Error(`streaming benchmark failed:\n${child.stderr}`);
  const result = JSON.parse(readFileSync(outFile, 'utf8')) as ChildResult;
  const { bytes, ...rates } = result;
  for (const [key, values] of Object.entries(rates)) log(`  ${key.padEnd(15)} ${values.map((v) => v.toFixed(0)).join(', ')} /CPU-s`);

  const cold: Record<`${Kind}-${Side}`, number[]> = { 'page-buffered': [], 'page-streamed': [], 'api-buffered': [], 'api-streamed': [] };
  // One unmeasured pass warms the disk cache.
  await coldInside(app.renderBundle, 'page', 'buffered');
  for (let round = 0; round < options.cold.rounds; round++) {
    for (const kind of Object.keys(PATHS) as Kind[]) for (const side of ['buffered', 'streamed'] as Side[]) cold[`${kind}-${side}`].push(await coldInside(app.renderBundle, kind, side));
  }
  log(`  cold (inside, ms): ${Object.entries(cold).map(([key, values]) => `${key} ${values.map((v) => v.toFixed(1)).join('/')}`).join(', ')}`);

  log(`  /ssr/1 HTML: ${bytes.html} B as sent, ${bytes.gzip} B gzip, ${bytes.brotli} B brotli (q5)`);

  const section = 'Streaming (render bundle handlers in process; buffered = BUFFERED Function URL, streamed = RESPONSE_STREAM)';
  const pair = (id: string, label: string, key: Kind, unit: string, better: 'higher' | 'lower', source: Record<string, unknown>): ResultRow => ({
    id,
    section,
    label,
    unit,
    better,
    stratus: summarize(source[`${key}-streamed`] as number[]),
    other: summarize(source[`${key}-buffered`] as number[]),
    otherLabel: 'buffered',
  });
  return [
    pair('streaming-page', '/ssr/1 through the streaming handler (the whole function streaming) vs the buffered one', 'page', 'invocations per CPU-s', 'higher', result),
    pair('streaming-api-json', 'JSON API /api/items/1 on the streaming function (the stack’s API routes) vs buffered', 'api', 'invocations per CPU-s', 'higher', result),
    pair('streaming-cold-page', 'cold start + /ssr/1, streaming handler vs buffered, timed inside the process', 'page', 'ms', 'lower', cold),
    pair('streaming-cold-api', 'cold start + JSON API, streaming handler vs buffered, timed inside the process', 'api', 'ms', 'lower', cold),
    {
      id: 'streaming-page-bytes',
      section,
      label: '/ssr/1 bytes to a visitor: streamed (no Content-Length, so CloudFront does not compress) vs buffered (gzip)',
      unit: 'B',
      better: 'lower',
      stratus: summarize([bytes.html]),
      other: summarize([bytes.gzip]),
      otherLabel: 'buffered',
      note: `brotli (q5) ${bytes.brotli} B`,
    },
  ];
}
