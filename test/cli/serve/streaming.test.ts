/**
 * Streaming answers through `stratus start` (test/fixtures/apps/streaming): API routes run
 * on the render code's streaming handler, invoked as Lambda's runtime invokes it behind a
 * `RESPONSE_STREAM` Function URL, so what a visitor sees over HTTP here is what CloudFront
 * passes on. Chunk timing is asserted by margins a loaded machine cannot blur (a handler
 * that waits 3 s between its chunks).
 */
import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
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
