/**
 * Cold start. Lambda: a fresh Node process that requires the render bundle and answers one
 * Function URL event for /ssr/1, then exits (spawn → exit). Servers: spawn → first 200 on
 * /ssr/1, for `stratus serve`, Next's standalone server.js and react-router-serve, one after
 * the other in every round. `node -e 0` is the floor every one of them pays; the targets
 * compare what comes on top of it, each process against a `node -e 0` run just before it.
 * The Lambda child also times itself from before its require to the answer: the same
 * quantity without the two process starts around it, so with less of the machine's noise.
 * Each Lambda run is measured twice in every pair: as a first deploy leaves the function
 * (no code cache), and as `stratus deploy` leaves it, with the code cache the function
 * made of itself (lambdas/render/lambda/code-cache.ts), made here the same way: the handler
 * answers `{ stratus: "code-cache" }` in a process started as the cold ones are.
 *
 * Tracing: the same child with the stack's `tracing: 'xray'` (STRATUS_TRACING, an invocation
 * Lambda sampled, spans sent over UDP to a port nothing listens on) beside the untraced one,
 * so the cost of a traced cold start shows; and the untraced one again from a copy of the
 * function whose tracing files (the OpenTelemetry API, Stratus's spans and its SDK, all
 * beside the bundle) are deleted: it answers the same, since an app that does not trace
 * never loads them.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toFunctionUrlEvent } from '../../../cli/serve/function-url-event';
import type { BuiltApp, StratusBuild } from '../apps';
import type { BenchOptions } from '../options';
import { withCodeCache } from '../code-cache';
import { countProcessInstructions } from '../instructions';
import { freePort, measuredEnv, timeProcess } from '../processes';
import { summarize, type Summary } from '../stats';
import type { ResultRow } from '../table';

// Runs in the fresh process: import, one event, exit as soon as the answer is there.
const LAMBDA_SCRIPT = `
const started = performance.now();
const { handler } = require(process.env.BENCH_BUNDLE);
const imported = performance.now();
handler(JSON.parse(process.env.BENCH_EVENT), { awsRequestId: 'cold' }).then((result) => {
  const answered = performance.now();
  // To fd 2 directly: making process.stderr would add the bench's own cost (≈ 3 ms) to the Lambda's.
  require('node:fs').writeSync(2, 'BENCH ' + JSON.stringify({ status: result.statusCode, importMs: imported - started, firstMs: answered - imported }) + '\\n');
  process.exit(result.statusCode === 200 ? 0 : 1);
});
`;

/** Lambda runs per round, each right after a `node -e 0` of its own. */
const LAMBDA_PAIRS = 3;

/** The environment of a Lambda child for `renderBundle`, answering /ssr/1. */
function lambdaEnv(renderBundle: string): NodeJS.ProcessEnv {
  const event = toFunctionUrlEvent({ method: 'GET', url: '/ssr/1', headers: { host: 'localhost', accept: 'text/html' } });
  // AWS_LAMBDA_FUNCTION_NAME as Lambda's runtime sets it: the handler then writes its log line before answering, as there.
  return measuredEnv({ AWS_LAMBDA_FUNCTION_NAME: 'bench-render', BENCH_BUNDLE: renderBundle, BENCH_EVENT: JSON.stringify(event) });
}

/** The files only a traced function loads, beside the bundle (cli/builder/lazy-packages.ts). */
const TRACING_FILES = ['@opentelemetry__api.js', 'stratus-tracing.js', 'stratus-tracing-sdk.js'];

/** A copy of the render function's folder without its tracing files; the caller removes it. */
function withoutTracingFiles(renderDir: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-bench-untraced-'));
  cpSync(renderDir, dir, { recursive: true });
  for (const file of TRACING_FILES) rmSync(path.join(dir, 'lazy', file), { force: true });
  return dir;
}

/** The environment of a traced invocation: X-Ray, as the stack's `tracing: 'xray'` sets it, Lambda's trace sampled. */
function tracedEnv(env: NodeJS.ProcessEnv, port: number): NodeJS.ProcessEnv {
  return { ...env, STRATUS_TRACING: 'xray', AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${port}`, _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1' };
}

/** One Lambda child: its time spawn → exit, and its own clock from before the require to the answer. */
async function runLambda(env: NodeJS.ProcessEnv): Promise<{ ms: number; importMs: number; insideMs: number }> {
  const run = await timeProcess(process.execPath, ['-e', LAMBDA_SCRIPT], { env });
  const line = run.stderr.split('\n').find((l) => l.startsWith('BENCH '));
  if (run.code !== 0 || !line) throw new Error(`render Lambda cold start failed:\n${run.stderr}`);
  const timed = JSON.parse(line.slice(6)) as { importMs: number; firstMs: number };
  return { ms: run.ms, importMs: timed.importMs, insideMs: timed.importMs + timed.firstMs };
}

/** Instructions of a whole Lambda child (spawn, import, one /ssr/1 event, exit); undefined where perf cannot count. */
export function countLambdaColdStart(renderBundle: string): Promise<number | undefined> {
  return countProcessInstructions(process.execPath, ['-e', LAMBDA_SCRIPT], lambdaEnv(renderBundle));
}

export async function runColdStart(stratus: StratusBuild, others: BuiltApp[], options: BenchOptions, log: (line: string) => void): Promise<ResultRow[]> {
  const env = lambdaEnv(stratus.renderBundle);
  const cachedBundle = path.join(await withCodeCache(stratus.renderDir), 'index.js');
  const cachedEnv = lambdaEnv(cachedBundle);
  const traced = tracedEnv(env, await freePort());
  const untracedDir = withoutTracingFiles(stratus.renderDir);
  const untracedEnv = lambdaEnv(path.join(untracedDir, 'index.js'));
  const tracedInside: number[] = [];
  const untracedInside: number[] = [];
  const bare: number[] = [];
  const lambda: number[] = [];
  const lambdaImport: number[] = [];
  const lambdaInside: number[] = [];
  const cachedInside: number[] = [];
  const servers = new Map<string, number[]>();
  // One unmeasured pass: the CLI recompiles itself after a source change, and the disk cache warms.
  await timeProcess(process.execPath, ['-e', LAMBDA_SCRIPT], { env, stdio: 'ignore' });
  await timeProcess(process.execPath, ['-e', LAMBDA_SCRIPT], { env: cachedEnv, stdio: 'ignore' });
  await timeProcess(process.execPath, ['-e', LAMBDA_SCRIPT], { env: traced, stdio: 'ignore' });
  for (const app of [stratus, ...others]) await (await app.start(await freePort())).stop();
  // What each process costs above `node -e 0` run just before it: on a machine whose speed
  // drifts from one second to the next, a pair is compared within itself, not with a median
  // of floors taken minutes apart.
  const lambdaAbove: number[] = [];
  const cachedAbove: number[] = [];
  const serversAbove = new Map<string, number[]>();
  for (let round = 0; round < options.cold.rounds; round++) {
    for (let pair = 0; pair < LAMBDA_PAIRS; pair++) {
      bare.push((await timeProcess(process.execPath, ['-e', '0'], { env })).ms);
      const run = await runLambda(env);
      lambda.push(run.ms);
      lambdaAbove.push(run.ms - bare.at(-1)!);
      lambdaImport.push(run.importMs);
      lambdaInside.push(run.insideMs);
      bare.push((await timeProcess(process.execPath, ['-e', '0'], { env: cachedEnv })).ms);
      const cached = await runLambda(cachedEnv);
      cachedAbove.push(cached.ms - bare.at(-1)!);
      cachedInside.push(cached.insideMs);
      tracedInside.push((await runLambda(traced)).insideMs);
      untracedInside.push((await runLambda(untracedEnv)).insideMs);
    }
    for (const app of [stratus, ...others]) {
      const floor = (await timeProcess(process.execPath, ['-e', '0'], { env })).ms;
      bare.push(floor);
      const server = await app.start(await freePort());
      servers.set(app.framework, [...(servers.get(app.framework) ?? []), server.readyMs]);
      serversAbove.set(app.framework, [...(serversAbove.get(app.framework) ?? []), server.readyMs - floor]);
      await server.stop();
    }
    log(`  round ${round + 1}: node -e 0 ${bare.at(-1)!.toFixed(0)} ms; above it: Lambda ${lambdaAbove.slice(-LAMBDA_PAIRS).map((v) => v.toFixed(0)).join('/')} ms, ` +
      `with its code cache ${cachedAbove.slice(-LAMBDA_PAIRS).map((v) => v.toFixed(0)).join('/')} ms, ` +
      [...serversAbove].map(([fw, v]) => `${fw} server ${v.at(-1)!.toFixed(0)} ms`).join(', '));
  }
  // The same, counted in instructions where perf can (the machine's load hardly moves them).
  const lambdaAboveCounted: number[] = [];
  const cachedAboveCounted: number[] = [];
  for (let pair = 0; pair < LAMBDA_PAIRS; pair++) {
    const floor = await countProcessInstructions(process.execPath, ['-e', '0'], env);
    const cold = floor === undefined ? undefined : await countLambdaColdStart(stratus.renderBundle);
    const cached = cold === undefined ? undefined : await countLambdaColdStart(cachedBundle);
    if (floor === undefined || cold === undefined || cached === undefined) break;
    lambdaAboveCounted.push(cold - floor);
    cachedAboveCounted.push(cached - floor);
  }
  if (lambdaAboveCounted.length > 0) {
    const millions = (values: number[]) => values.map((v) => `${(v / 1e6).toFixed(1)}M`).join('/');
    log(`  counted (perf): Lambda above node -e 0 ${millions(lambdaAboveCounted)} instructions, with its code cache ${millions(cachedAboveCounted)}`);
  }
  rmSync(untracedDir, { recursive: true, force: true });
  const section = 'Cold start (spawn → first response of /ssr/1)';
  const bareS = summarize(bare);
  const above = (values: number[]) => summarize(values.map((v) => Math.max(0, v)));
  // Neither Next.js nor React Router has a Lambda entry of its own here (OpenNext and the
  // Architect adapter wrap the same server code): their Lambda rows hold their servers.
  const othersAs = (of: (values: number[]) => Summary, from = servers) => {
    const next = from.get('next');
    const reactRouter = from.get('react-router');
    return { other: next && of(next), otherLabel: 'Next.js' as const, reactRouter: reactRouter && of(reactRouter) };
  };
  return [
    { id: 'cold-node-floor', section, label: 'bare node -e 0', unit: 'ms', better: 'lower', stratus: bareS, otherLabel: 'Next.js' },
    { id: 'cold-lambda', section, label: 'render Lambda: import + one event', unit: 'ms', better: 'lower', stratus: summarize(lambda), ...othersAs(summarize), note: 'Next.js and React Router columns: their servers' },
    { id: 'cold-lambda-import', section, label: 'render Lambda: import of the bundle alone', unit: 'ms', better: 'lower', stratus: summarize(lambdaImport), otherLabel: 'Next.js' },
    { id: 'cold-lambda-inside', section, label: 'render Lambda: import + one event, timed inside the process', unit: 'ms', better: 'lower', stratus: summarize(lambdaInside), otherLabel: 'Next.js' },
    { id: 'cold-server', section, label: 'local server: spawn → first 200', unit: 'ms', better: 'lower', stratus: summarize(servers.get('stratus')!), ...othersAs(summarize) },
    { id: 'cold-lambda-above-node', section, label: 'Lambda above bare node, no code cache (a first deploy, --no-code-cache)', unit: 'ms', better: 'lower', stratus: above(lambdaAbove), ...othersAs(above, serversAbove) },
    { id: 'cold-lambda-cached-above-node', section, label: 'Lambda above bare node, with the code cache stratus deploy ships', unit: 'ms', better: 'lower', stratus: above(cachedAbove), ...othersAs(above, serversAbove) },
    { id: 'cold-lambda-cached-inside', section, label: 'render Lambda with its code cache: import + one event, timed inside the process', unit: 'ms', better: 'lower', stratus: summarize(cachedInside), otherLabel: 'Next.js' },
    { id: 'cold-lambda-tracing', section, label: 'render Lambda, timed inside: tracing off (no provider) vs tracing on (X-Ray, the request sampled)', unit: 'ms', better: 'lower', stratus: summarize(lambdaInside), other: summarize(tracedInside), otherLabel: 'tracing on' },
    { id: 'cold-lambda-without-tracing-files', section, label: 'render Lambda, timed inside, its tracing files deleted vs as built (an untraced app never loads them)', unit: 'ms', better: 'lower', stratus: summarize(untracedInside), other: summarize(lambdaInside), otherLabel: 'as built' },
    { id: 'cold-server-above-node', section, label: 'local server above bare node', unit: 'ms', better: 'lower', stratus: above(serversAbove.get('stratus')!), ...othersAs(above, serversAbove) },
    ...(lambdaAboveCounted.length === 0
      ? []
      : [
          { id: 'cold-lambda-above-node-instructions', section, label: 'Lambda above bare node, in instructions (perf), no code cache', unit: 'instructions', better: 'lower' as const, stratus: summarize(lambdaAboveCounted), otherLabel: 'Next.js' as const },
          { id: 'cold-lambda-cached-above-node-instructions', section, label: 'Lambda above bare node, in instructions (perf), with its code cache', unit: 'instructions', better: 'lower' as const, stratus: summarize(cachedAboveCounted), otherLabel: 'Next.js' as const },
        ]),
  ];
}
