/**
 * Which figure applies where (issue 35): the /ssr/1 floor row over HTTP measures `stratus serve`,
 * whose cost is the render function's plus the local server's emulation of CloudFront and the
 * Function URL. This row measures the two apart:
 *
 * - what Lambda pays: the render function's handler in process (a Function URL event in, its
 *   result out, the log line written as in Lambda) against the floor's page alone (props →
 *   HTML string, bench/src/floor-server.ts), in CPU time per round, and in instructions under
 *   valgrind's callgrind where it is installed (bench/callgrind/count.sh: the machine's own
 *   counters are not needed);
 * - what only the local server pays: `stratus serve`'s own work on a request whose answer is
 *   ready (the render handler replaced by one that returns the page's answer at once), against
 *   a bare `node:http` server writing the same status, headers and body: CPU µs a request of
 *   each server process under the same autocannon load.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { toFunctionUrlEvent } from '../../../cli/serve/function-url-event';
import { localBodySigner, localEdgeStep } from '../../../cli/serve/local-origins';
import { startServer as startLocal } from '../../../cli/serve/server';
import { readManifest } from '../../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../../contract/output-layout';
import { REPO, type StratusBuild } from '../apps';
import { buildFloorPage } from '../floor-server';
import type { BenchOptions } from '../options';
import { autocannon, loadWithServerCpu } from '../load';
import { freePort, measuredEnv, startServer, timeProcess } from '../processes';
import { opsPerCpuSecondAsync } from '../cpu-time';
import { summarize } from '../stats';
import type { ResultRow } from '../table';

/** `GET /ssr/1` as CloudFront's origin request reaches the render function (one event, reused as bench/src/rows/cost.ts does). */
const SSR_EVENT = toFunctionUrlEvent({ method: 'GET', url: '/ssr/1', headers: { host: 'localhost', accept: 'text/html', 'x-amz-cf-id': 'bench' } });

type Handler = (event: unknown, context: { awsRequestId: string }) => Promise<{ statusCode: number; headers?: Record<string, string>; body?: string }>;

/** The child's side: `child-handler <render dir> <floor page> <slice ms> <rounds> <out file>`; both sides in one process, alternating. */
export async function handlerChild(args: string[]): Promise<void> {
  const [renderDir, floorFile, sliceText, roundsText, outFile] = args as [string, string, string, string, string];
  const { handler } = require(path.join(renderDir, 'index.js')) as { handler: Handler };
  const { floorPage } = require(floorFile) as { floorPage(id: string): string };
  let id = 0;
  const viaHandler = async () => {
    const result = await handler(SSR_EVENT, { awsRequestId: `bench-${id++}` });
    if (result.statusCode !== 200) throw new Error(`the render function answered ${result.statusCode}`);
  };
  const page = () => floorPage('1');
  const warm = Date.now() + 2000;
  while (Date.now() < warm) {
    await viaHandler();
    page();
  }
  const result = { handler: [] as number[], floor: [] as number[] };
  for (let round = 0; round < Number(roundsText); round++) {
    result.handler.push(await opsPerCpuSecondAsync(viaHandler, Number(sliceText)));
    result.floor.push(await opsPerCpuSecondAsync(page, Number(sliceText)));
  }
  writeFileSync(outFile, JSON.stringify(result));
}

/** Instructions a request in process under callgrind (bench/callgrind/count.sh), or undefined without valgrind. */
function callgrindCount(side: 'handler' | 'floor', buildDir: string, requests: number, warm: number): number | undefined {
  if (spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).status !== 0) return undefined;
  const run = spawnSync('bash', [path.join(REPO, 'bench', 'callgrind', 'count.sh'), side, buildDir, String(requests)], {
    encoding: 'utf8',
    env: measuredEnv({ WARM: String(warm), AWS_LAMBDA_FUNCTION_NAME: 'bench' }),
    timeout: 15 * 60_000,
  });
  const match = /: (\d+) instructions a request/.exec(run.stdout ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The child's side: `child-canned-server <out dir> <port> <answer file>`, the local server with a render handler that answers at once. */
export async function cannedServerChild(args: string[]): Promise<void> {
  const [outDir, portText, answerFile] = args as [string, string, string];
  const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as { statusCode: number; headers: Record<string, string>; body: string };
  const manifest = readManifest(path.join(outDir, OUTPUT_LAYOUT.manifest));
  await startLocal({
    outDir,
    port: Number(portText),
    renderHandler: async () => ({ statusCode: answer.statusCode, headers: { ...answer.headers }, body: answer.body }),
    edge: localEdgeStep(manifest),
    originRequest: localBodySigner(),
  });
}

/** The child's side: `child-bare-server <port> <answer file>`, node:http writing the same answer with the headers `stratus serve` sends. */
export function bareServerChild(args: string[]): void {
  const [portText, answerFile] = args as [string, string];
  const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as { statusCode: number; headers: Record<string, string>; body: string };
  createServer((_req, res) => {
    res.writeHead(answer.statusCode, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
    res.end(answer.body);
  }).listen(Number(portText), '127.0.0.1');
}

/** The answer `stratus serve` gives /ssr/1: the render function's status, headers and body, and the headers the server adds. */
async function capturedAnswer(url: string): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const res = await fetch(url);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  });
  return { statusCode: res.status, headers, body: await res.text() };
}

export async function runWhereItGoes(app: StratusBuild, options: BenchOptions, mainFile: string, log: (line: string) => void): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const full = options.mode === 'full';
  const rounds = full ? 5 : 1;
  // What Lambda pays, in time: the handler against the floor's page, alternating in one child.
  const floorFile = await buildFloorPage(app.outDir);
  const outFile = path.join(app.outDir, '.cache', 'bench-handler.json');
  const child = await timeProcess(process.execPath, [mainFile, 'child-handler', app.renderDir, floorFile, String(options.render.sliceMs), String(rounds), outFile], {
    env: measuredEnv({ NODE_ENV: 'production', AWS_LAMBDA_FUNCTION_NAME: 'bench' }),
  });
  if (child.code !== 0) throw new Error(`the handler benchmark failed:\n${child.stderr}`);
  const timed = JSON.parse(readFileSync(outFile, 'utf8')) as { handler: number[]; floor: number[] };
  const section = 'Where /ssr/1 goes: the render function (Lambda) apart from the local server';
  const ratios = timed.handler.map((h, round) => h / timed.floor[round]!);
  log(`  handler ${timed.handler.map((v) => v.toFixed(0)).join(', ')} /CPU-s; floor page ${timed.floor.map((v) => v.toFixed(0)).join(', ')} /CPU-s`);
  rows.push({ id: 'handler-floor', section, label: 'render function handler in process (event → result, log line) against the floor page', unit: 'requests per CPU-s', better: 'higher', stratus: summarize(timed.handler), other: summarize(timed.floor), otherLabel: 'floor' });
  rows.push({ id: 'handler-ratio-floor', section, label: 'render function handler ÷ the floor page, per round (what Lambda pays)', unit: '×', better: 'higher', stratus: summarize(ratios), otherLabel: 'floor', note: `rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}` });
  // In instructions: deterministic where valgrind runs, without the machine's counters.
  if (full) {
    // 20,000 uncounted (every tier compiled), 10,000 counted: a window that small would take in
    // or leave out one old-generation collection or late compile (±10 % of a request's count).
    const handler = callgrindCount('handler', app.outDir, 10_000, 20_000);
    const floor = handler === undefined ? undefined : callgrindCount('floor', app.outDir, 10_000, 20_000);
    if (handler !== undefined && floor !== undefined) {
      log(`  callgrind: handler ${(handler / 1000).toFixed(0)}k, floor page ${(floor / 1000).toFixed(0)}k instructions a request`);
      rows.push({ id: 'handler-instructions-floor', section, label: 'instructions a request in process (callgrind), handler against the floor page', unit: 'instructions', better: 'lower', stratus: summarize([handler]), other: summarize([floor]), otherLabel: 'floor' });
    }
  }
  // What only the local server pays: its own work on an answer that is ready, against bare node:http.
  const stratusServer = await app.start(await freePort());
  let answer;
  try {
    answer = await capturedAnswer(`${stratusServer.url}/ssr/1`);
  } finally {
    await stratusServer.stop();
  }
  const answerFile = path.join(app.outDir, '.cache', 'bench-ssr-answer.json');
  writeFileSync(answerFile, JSON.stringify(answer));
  const servers = {
    local: (port: number) => startServer(process.execPath, [mainFile, 'child-canned-server', app.outDir, String(port), answerFile], { cwd: REPO, port, probePath: '/ssr/1', env: measuredEnv({ NODE_ENV: 'production' }) }),
    bare: (port: number) => startServer(process.execPath, [mainFile, 'child-bare-server', String(port), answerFile], { cwd: REPO, port, probePath: '/ssr/1', env: measuredEnv({ NODE_ENV: 'production' }) }),
  };
  const cpu: Record<keyof typeof servers, number[]> = { local: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    for (const name of ['local', 'bare'] as const) {
      const server = await servers[name](await freePort());
      try {
        const url = `${server.url}/ssr/1`;
        if (options.load.warmupSeconds > 0) await autocannon({ url, connections: options.load.connections, duration: options.load.warmupSeconds, timeout: 30 });
        const { result, cpuPerRequest } = await loadWithServerCpu({ url, connections: options.load.connections, duration: options.load.seconds, timeout: 30 }, server.child.pid!);
        if (result.non2xx > 0) throw new Error(`${name} server: ${result.non2xx} non-2xx answers\n${server.stderr()}`);
        if (cpuPerRequest !== undefined) cpu[name].push(cpuPerRequest);
      } finally {
        await server.stop();
      }
    }
    log(`  round ${round + 1}: local server ${cpu.local.at(-1)?.toFixed(1)} µs, bare node:http ${cpu.bare.at(-1)?.toFixed(1)} µs of CPU a request (answer ready)`);
  }
  if (cpu.local.length && cpu.bare.length) {
    rows.push({ id: 'local-server-cpu', section, label: 'the local server alone, answer ready, against bare node:http: CPU a request (what only stratus serve pays)', unit: 'µs', better: 'lower', stratus: summarize(cpu.local), other: summarize(cpu.bare), otherLabel: 'floor' });
  }
  return rows;
}
