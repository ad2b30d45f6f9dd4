/**
 * The visitor leaving, through the whole render core in memory, as the platform tells it
 * (`RequestContext.signal`, which the streaming Function URL adapter aborts when Lambda's
 * response stream closes or fails early): before the handler's first byte (`req` and `res`
 * close, a piped stream is destroyed, the stage stops waiting), and for edge routes
 * (`request.signal` aborts and the returned body's `cancel()` runs: the visitor left before
 * the Response, while it streamed, or it was still streaming when the budget ran out).
 */
import { Readable, pipeline } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import * as server from '../../../../web/runtime/server';
import type { RequestContext } from '../../../../lambdas/shared/http';
import type { ApiHandler } from '../../../../web/runtime/shared/page-types';
import { VISITOR_LEFT_STATUS } from '../../../../lambdas/render/api/api-stage';
import { api, captureLogs, memoryApp, request, type RouteSpec } from '../memory-app';

/** What each handler saw, by the `run` of its query. */
interface Seen {
  reqAborted?: boolean;
  reqClosed?: boolean;
  signalAborted?: boolean;
  resClosed?: boolean;
  sourceDestroyed?: boolean;
  cancelled?: boolean;
  /** What `req.signal.reason` was, by name. */
  reason?: string;
  pipelineDone?: boolean;
}
const seen = new Map<string, Seen>();
const runOf = (url: string) => new URL(url, 'http://x').searchParams.get('run') ?? '';

const encoder = new TextEncoder();

/** A web stream that writes `write` chunks 10 ms apart, then waits forever (or ends, with `ends`); its `cancel()` is noted. */
function stalling(run: Seen, write: number, ends = false): ReadableStream<Uint8Array> {
  let written = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (written >= write) return ends ? controller.close() : undefined;
      await sleep(10);
      controller.enqueue(encoder.encode(`${written++}`));
    },
    cancel() {
      run.cancelled = true;
    },
  });
}

const edge = (handler: (req: server.NextRequest) => unknown): RouteSpec => api(handler as unknown as ApiHandler, { runtime: 'edge' } as never);

const routes: Record<string, RouteSpec> = {
  // As code written for `next start`: a Node stream piped into `res`, here one that never sends a byte.
  '/api/piped-nothing': api((req, res) => {
    const run: Seen = {};
    seen.set(runOf(req.url!), run);
    req.on('aborted', () => (run.reqAborted = true));
    req.on('close', () => (run.reqClosed = true));
    req.signal.addEventListener('abort', () => (run.signalAborted = true));
    res.on('close', () => (run.resClosed = !res.writableEnded));
    const source = new Readable({
      read() {},
      destroy(error, callback) {
        run.sourceDestroyed = true;
        callback(error);
      },
    });
    return new Promise<void>((resolve) => {
      pipeline(source, res as unknown as NodeJS.WritableStream, () => {
        run.pipelineDone = true;
        resolve();
      });
    });
  }),
  '/api/edge-stalls': edge(async (req) => {
    const run: Seen = {};
    seen.set(runOf(req.url), run);
    req.signal.addEventListener('abort', () => {
      run.signalAborted = true;
      run.reason = (req.signal.reason as Error | undefined)?.name;
    });
    const wait = Number(req.nextUrl.searchParams.get('wait') ?? 0);
    if (wait) await sleep(wait);
    const query = req.nextUrl.searchParams;
    return new Response(stalling(run, Number(query.get('write') ?? 0), query.has('ends')), { headers: { 'content-type': 'text/plain' } });
  }),
  '/api/edge-plain': api(
    (async (req: Request) => {
      const run: Seen = {};
      seen.set(runOf(req.url), run);
      req.signal.addEventListener('abort', () => (run.signalAborted = true));
      return new Response(stalling(run, 1));
    }) as unknown as ApiHandler,
    { runtime: 'edge' } as never,
  ),
};

/** The platform's side of one request: the context, and the visitor leaving. */
function visit(): { context: RequestContext; leave: () => void } {
  const visitor = new AbortController();
  return { context: { requestId: 'r', streaming: true, signal: visitor.signal }, leave: () => visitor.abort() };
}

const appWith = (apiTimeoutMs = 5000, withClasses = true) => memoryApp(routes, { ...(withClasses ? { server } : {}), options: { apiTimeoutMs } }).app;

describe('before the first byte', () => {
  test('a Node handler piping a stream that sent nothing: req aborts and closes, res closes, the piped stream is destroyed; the stage answers at once', async () => {
    const logs = captureLogs();
    try {
      const { context, leave } = visit();
      const started = Date.now();
      const answer = appWith().handle(request('/api/piped-nothing?run=node-early'), context);
      await sleep(30);
      leave();
      const response = await answer;
      // Not the 504 at the 5 s budget: the visitor's leaving ended the wait.
      expect(Date.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(VISITOR_LEFT_STATUS);
      await sleep(10);
      expect(seen.get('node-early')).toEqual({ reqAborted: true, reqClosed: true, signalAborted: true, resClosed: true, sourceDestroyed: true, pipelineDone: true });
      expect(logs.lines.some((line) => line.level === 'ERROR')).toBe(false);
    } finally {
      logs.restore();
    }
  });

  test('an edge route that has not returned its Response: request.signal aborts, the stage stops waiting, the late body is cancelled', async () => {
    const { context, leave } = visit();
    const started = Date.now();
    const answer = appWith().handle(request('/api/edge-stalls?run=edge-early&wait=200&write=5'), context);
    await sleep(30);
    leave();
    const response = await answer;
    expect(Date.now() - started).toBeLessThan(150);
    expect(response.status).toBe(VISITOR_LEFT_STATUS);
    expect(seen.get('edge-early')).toMatchObject({ signalAborted: true });
    // The Response it returned after all is cancelled: its stream stops.
    await sleep(250);
    expect(seen.get('edge-early')).toMatchObject({ signalAborted: true, cancelled: true });
  });

  test('a visitor gone before the stage runs: no handler is called', async () => {
    const { context, leave } = visit();
    leave();
    const [node, edgeRoute] = await Promise.all([
      appWith().handle(request('/api/piped-nothing?run=gone-node'), context),
      appWith().handle(request('/api/edge-stalls?run=gone-edge'), context),
    ]);
    expect([node.status, edgeRoute.status]).toEqual([VISITOR_LEFT_STATUS, VISITOR_LEFT_STATUS]);
    expect([seen.has('gone-node'), seen.has('gone-edge')]).toEqual([false, false]);
  });
});

describe('an edge route’s streamed Response', () => {
  test.each([
    ['stalled after one chunk', 1],
    ['that never sent a chunk', 0],
    ['still writing', 1000],
  ])('%s: the reader leaving aborts request.signal and runs the body’s cancel()', async (_name, write) => {
    const run = `edge-stream-${write}`;
    const { context } = visit();
    const response = await appWith().handle(request(`/api/edge-stalls?run=${run}&write=${write}`), context);
    expect(response.status).toBe(200);
    const stream = response.stream!;
    if (write > 0) await new Promise((resolve) => stream.once('data', resolve));
    // The adapter destroys the body when Lambda's response stream goes (function-url-stream.ts).
    stream.destroy();
    await sleep(20);
    expect(seen.get(run)).toMatchObject({ signalAborted: true, cancelled: true });
  });

  test('a plain Request too (the app’s classes not compiled in)', async () => {
    const response = await appWith(5000, false).handle(request('/api/edge-plain?run=edge-plain'), visit().context);
    const stream = response.stream!;
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await sleep(20);
    expect(seen.get('edge-plain')).toEqual({ signalAborted: true, cancelled: true });
  });

  test('still streaming when the budget runs out: cut off, request.signal aborts with the cut-off, the body cancelled', async () => {
    const logs = captureLogs();
    try {
      const response = await appWith(150).handle(request('/api/edge-stalls?run=edge-budget&write=1'), visit().context);
      const chunks: Buffer[] = [];
      const error = await new Promise<Error | undefined>((resolve) => {
        response.stream!.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.stream!.once('error', resolve);
        response.stream!.once('end', () => resolve(undefined));
      });
      expect(Buffer.concat(chunks).toString()).toBe('0');
      expect(error?.name).toBe('StreamTimeoutError');
      await sleep(10);
      expect(seen.get('edge-budget')).toMatchObject({ signalAborted: true, cancelled: true, reason: 'StreamTimeoutError' });
    } finally {
      logs.restore();
    }
  });

  test('a body read to its end: the signal never aborts, nothing is cancelled', async () => {
    const response = await appWith().handle(request('/api/edge-stalls?run=edge-ends&write=3&ends'), visit().context);
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('012');
    await sleep(10);
    expect(seen.get('edge-ends')).toEqual({});
  });
});
