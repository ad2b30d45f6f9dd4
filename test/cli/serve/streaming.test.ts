/**
 * Streaming answers through `stratus start` (test/fixtures/apps/streaming): API routes run
 * on the render code's streaming handler, invoked as Lambda's runtime invokes it behind a
 * `RESPONSE_STREAM` Function URL, so what a visitor sees over HTTP here is what CloudFront
 * passes on. Chunk timing is asserted by margins a loaded machine cannot blur (a handler
 * that waits 3 s between its chunks). A visitor who leaves is passed on to the handler from
 * the start of the request: a reset, or a FIN some time after the request, before the first
 * byte or while the answer streams (a client that half-closes with its request still gets its
 * answer).
 */
import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { FIXTURES } from '../../helpers/build-app';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer(path.join(FIXTURES, 'apps', 'streaming'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

interface Timed {
  status: number;
  headers: IncomingHttpHeaders;
  /** Each chunk as it arrived, ms after the request was sent. */
  chunks: { at: number; bytes: Buffer }[];
  /** When the answer ended (or was cut off). */
  endedAt: number;
  /** The connection ended before the answer did. */
  cutOff: boolean;
  body: Buffer;
}

/** A request whose answer's chunks are timed; `stopAfter` chunks, the request is destroyed (the visitor leaves). */
function timed(method: string, url: string, stopAfter?: number): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    const chunks: Timed['chunks'] = [];
    const req = request(server.base + url, { method }, (res) => {
      const finish = (cutOff: boolean) => {
        const body = Buffer.concat(chunks.map((c) => c.bytes));
        resolve({ status: res.statusCode!, headers: res.headers, chunks, endedAt: performance.now() - sent, cutOff, body });
      };
      res.on('data', (bytes: Buffer) => {
        chunks.push({ at: performance.now() - sent, bytes });
        if (stopAfter !== undefined && chunks.length === stopAfter) {
          req.destroy();
          finish(true);
        }
      });
      res.on('end', () => finish(!res.complete));
      res.on('aborted', () => finish(true));
      res.on('error', () => finish(true));
    });
    req.on('error', (error) => (stopAfter === undefined ? reject(error) : undefined));
    req.end();
  });
}

const text = (answer: Timed) => answer.body.toString('utf8');

test('an API route that writes before it ends: the first chunk arrives while the handler still waits', async () => {
  const answer = await timed('GET', '/api/slow?ms=3000');
  expect(answer.status).toBe(200);
  expect(answer.headers['transfer-encoding']).toBe('chunked');
  expect(answer.headers['content-length']).toBeUndefined();
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  const first = answer.chunks[0]!;
  expect(first.bytes.toString()).toMatch(/^first \d+\n$/);
  // The handler waited 3 s after its first write: the first chunk came at least 2 s before the end.
  expect(answer.endedAt - first.at).toBeGreaterThan(2000);
  expect(text(answer)).toMatch(/^first \d+\nlast \d+\n$/);
  expect(answer.cutOff).toBe(false);
}, 30_000);

test('a stream piped into res, a Response with a ReadableStream body from a route or from middleware: they stream too', async () => {
  const [piped, fromMiddleware, fromRoute] = await Promise.all([timed('GET', '/api/piped'), timed('GET', '/api/from-middleware'), timed('GET', '/api/web-response')]);
  expect(fromRoute.chunks[0]!.bytes.toString()).toMatch(/^early/);
  expect(fromRoute.endedAt - fromRoute.chunks[0]!.at).toBeGreaterThan(1000);
  expect(text(fromRoute)).toMatch(/^early \d+\nlate \d+\n$/);
  expect(text(piped).match(/^piped \d \d+$/gm)).toHaveLength(3);
  expect(piped.endedAt - piped.chunks[0]!.at).toBeGreaterThan(1000);
  expect(fromMiddleware.headers['x-from']).toBe('middleware');
  expect(fromMiddleware.chunks[0]!.bytes.toString()).toMatch(/^opened/);
  expect(fromMiddleware.endedAt - fromMiddleware.chunks[0]!.at).toBeGreaterThan(1200);
  expect(text(fromMiddleware)).toMatch(/^opened \d+\nclosed \d+\n$/);
}, 30_000);

test('an ordinary JSON answer stays whole: its length, status and cookie as the handler set them', async () => {
  const answer = await timed('GET', '/api/json');
  expect(answer.status).toBe(201);
  expect(answer.headers['set-cookie']).toEqual(['seen=1; Path=/']);
  expect(JSON.parse(text(answer)).rows).toHaveLength(50);
  // Sent in one piece from the function: no chunk waits on another.
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
});

test.each(['whole', 'chunks'])('a 20 MB answer (%s) arrives whole, past the 6 MB a buffered answer may carry', async (mode) => {
  const answer = await timed('GET', `/api/large?mb=20&mode=${mode}`);
  expect(answer.status).toBe(200);
  expect(answer.cutOff).toBe(false);
  const expected = Buffer.alloc(20 * 1024 * 1024);
  for (let i = 0; i < expected.length; i++) expected[i] = i % 251;
  expect(answer.body.length).toBe(expected.length);
  expect(createHash('sha256').update(answer.body).digest('hex')).toBe(createHash('sha256').update(expected).digest('hex'));
}, 60_000);

test('a handler that throws mid-stream: the answer is cut off (never ended as if whole), the error logged with its stack', async () => {
  const answer = await timed('GET', '/api/throws');
  expect(answer.status).toBe(200);
  expect(text(answer)).toBe('partial answer\n');
  expect(answer.cutOff).toBe(true);
  // The ERROR line leaves at once, the request line at the end of the event-loop turn.
  await waitFor(() => jsonLines().some((line) => line.path === '/api/throws' && line.level === 'INFO'));
  const lines = jsonLines().filter((line) => line.path === '/api/throws');
  const error = lines.find((line) => line.level === 'ERROR')!;
  expect(error).toMatchObject({ route: '/api/throws', error: 'STREAM_FIXTURE_MIDWAY_FAILURE', context: 'the answer was cut off mid-stream' });
  expect(String(error.stack)).toMatch(/^Error: STREAM_FIXTURE_MIDWAY_FAILURE\n\s+at /);
  expect(lines.find((line) => line.level === 'INFO')).toMatchObject({ status: 200, streamed: 'failed' });
  // The server goes on serving.
  expect((await timed('GET', '/api/json')).status).toBe(201);
}, 30_000);

test('a visitor who leaves mid-stream ends the handler’s writes: req.signal aborts, req and res say close, nothing throws', async () => {
  const answer = await timed('GET', '/api/forever?run=left', 3);
  expect(answer.cutOff).toBe(true);
  let run: Record<string, unknown> | null = null;
  await waitFor(async () => {
    run = JSON.parse(text(await timed('GET', '/api/runs?run=left'))) as Record<string, unknown> | null;
    return run?.stopped === true;
  });
  expect(run).toMatchObject({ aborted: true, closedEarly: true, reqAborted: true, stopped: true });
  expect(run!.threw).toBeUndefined();
  expect(run!.writes).toBeLessThan(40);
  await waitFor(() => jsonLines().some((line) => line.path === '/api/forever' && line.streamed === 'aborted'));
  expect(server.alive()).toBe(true);
}, 30_000);

describe('a visitor who leaves a streamed answer: the handler learns it at once, however long the stream stalls', () => {
  /** Long enough for a loaded machine, far short of the 9 s API budget that cut such streams off before. */
  const PROMPTLY_MS = 3000;

  /** A GET whose visitor reads the first chunk (or, with `headersOnly`, waits 100 ms after the headers), then destroys its response: Node's client closes the socket, a FIN. */
  function readThenLeave(url: string, headersOnly = false): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = request(server.base + url, (res) => {
        const leave = () => {
          res.destroy();
          resolve();
        };
        if (headersOnly) setTimeout(leave, 100);
        else res.once('data', leave);
      });
      req.on('error', reject);
      req.end();
    });
  }

  const state = async (route: string, run: string) => JSON.parse(text(await timed('GET', `${route}?run=${run}&state=1`))) as Record<string, unknown> | null;

  /** A GET to `route` whose visitor resets the connection once the handler of `run` has started, before any answer. */
  async function resetOnceStarted(route: string, run: string, query: string): Promise<void> {
    let answered = false;
    const req = request(`${server.base}${route}?run=${run}&${query}`, () => (answered = true));
    req.on('error', () => undefined);
    req.end();
    await waitFor(async () => (await state(route, run)) !== null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    req.socket!.resetAndDestroy();
  }

  test('a Node handler whose piped stream stalls after a chunk: res closes and the stream is destroyed', async () => {
    await readThenLeave('/api/stalls?run=node-stalled&write=1&every=200');
    const left = Date.now();
    await waitFor(async () => (await state('/api/stalls', 'node-stalled'))?.sourceDestroyed === true, PROMPTLY_MS);
    expect(Date.now() - left).toBeLessThan(PROMPTLY_MS);
    expect(await state('/api/stalls', 'node-stalled')).toMatchObject({ written: 1, reqAborted: true, signalAborted: true, sourceDestroyed: true, resClosedAfterMs: expect.any(Number) });
  }, 30_000);

  test.each([
    ['stalls after a chunk', 'write=1&every=200', false],
    ['never sends a chunk', 'write=0', true],
  ])('an edge route whose body %s: request.signal aborts and the body’s cancel() runs', async (_name, write, headersOnly) => {
    const run = `edge-${headersOnly ? 'headers' : 'chunk'}`;
    await readThenLeave(`/api/edge-stalls?run=${run}&${write}`, headersOnly);
    await waitFor(async () => (await state('/api/edge-stalls', run))?.cancelled === true, PROMPTLY_MS);
    expect(await state('/api/edge-stalls', run)).toMatchObject({ cancelled: true, abortedAfterMs: expect.any(Number) });
  }, 30_000);

  test('before the first byte (a reset): the Node handler’s req aborts, res closes, its piped stream is destroyed; logged as 499', async () => {
    await resetOnceStarted('/api/stalls', 'node-early', 'write=0');
    await waitFor(async () => (await state('/api/stalls', 'node-early'))?.sourceDestroyed === true, PROMPTLY_MS);
    const run = (await state('/api/stalls', 'node-early'))!;
    expect(run).toMatchObject({ written: 0, reqAborted: true, signalAborted: true, sourceDestroyed: true });
    expect(run.resClosedAfterMs).toBeLessThan(PROMPTLY_MS);
    await waitFor(() => jsonLines().some((line) => line.path === '/api/stalls' && line.status === 499));
  }, 30_000);

  test('before the first byte (a FIN some time after the request, as Node\'s client and a closed tab send): the Node handler learns it too', async () => {
    const req = request(`${server.base}/api/stalls?run=node-fin&write=0`);
    req.on('error', () => undefined);
    req.end();
    await waitFor(async () => (await state('/api/stalls', 'node-fin')) !== null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    await waitFor(async () => (await state('/api/stalls', 'node-fin'))?.sourceDestroyed === true, PROMPTLY_MS);
    expect(await state('/api/stalls', 'node-fin')).toMatchObject({ written: 0, reqAborted: true, signalAborted: true, sourceDestroyed: true });
  }, 30_000);

  test('before an edge route returns its Response (a reset): request.signal aborts then, not when the Response comes', async () => {
    await resetOnceStarted('/api/edge-stalls', 'edge-early', 'wait=2000');
    await waitFor(async () => typeof (await state('/api/edge-stalls', 'edge-early'))?.abortedAfterMs === 'number', PROMPTLY_MS);
    expect((await state('/api/edge-stalls', 'edge-early'))!.abortedAfterMs).toBeLessThan(1500);
    // The Response it returns after all is cancelled.
    await waitFor(async () => (await state('/api/edge-stalls', 'edge-early'))?.cancelled === true, 5000);
  }, 30_000);

  test('a client that half-closes after its request still gets the whole streamed answer', async () => {
    // The first byte comes 300 ms after the request: the client's FIN is read before the answer streams, however loaded the machine.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1');
      let received = '';
      socket.setTimeout(10_000, () => socket.destroy(new Error('timed out')));
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.end('GET /api/stalls?run=half-closed&write=3&every=300&end=1 HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    // Three chunks of two bytes each, then the last chunk: the answer whole.
    expect(answer.endsWith('\r\n\r\n2\r\n0\n\r\n2\r\n1\n\r\n2\r\n2\n\r\n0\r\n\r\n')).toBe(true);
    expect(await state('/api/stalls', 'half-closed')).toMatchObject({ written: 3, reqAborted: false, signalAborted: false, sourceDestroyed: true });
  }, 30_000);
});

test('a page keeps its buffered answer, with its length', async () => {
  const page = await timed('GET', '/');
  expect(page.status).toBe(200);
  expect(Number(page.headers['content-length'])).toBe(page.body.length);
});

function jsonLines(): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
