/**
 * Streaming answers through the whole render core, in memory: when an API route's answer
 * streams (it wrote or flushed and went on writing later, where the platform streams) and
 * when it stays one buffered answer; a middleware `Response` with a stream body; what the
 * handler sees when the reader leaves; a failure mid-stream; the limits; the log lines.
 */
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { createRenderApp, type RenderAppOptions } from '../../../../lambdas/render/core/render-core';
import type { MiddlewareModule } from '../../../../lambdas/render/routing/middleware';
import { RESPONSE_PAYLOAD_LIMIT } from '../../../../lambdas/shared/function-url';
import type { CoreResponse, RequestContext } from '../../../../lambdas/shared/http';
import * as serverRuntime from '../../../../web/runtime/server';
import { NextResponse } from '../../../../web/runtime/server';
import { api, apisOf, captureLogs, manifestOf, memoryApp, pagesOf, request, type RouteSpec } from '../memory-app';

const STREAMING: RequestContext = { requestId: 'r-stream', streaming: true };
const BUFFERED: RequestContext = { requestId: 'r-buffered' };

/** What a handler saw, for the tests to look at afterwards. */
const seen: Record<string, unknown> = {};

const routes: Record<string, RouteSpec> = {
  '/': { kind: 'static', module: { default: () => null } },
  '/api/at-once': api((_req, res) => {
    // Written in pieces, but ended before the stage looks: one buffered answer.
    res.write('a');
    res.write('b');
    res.end('c');
  }),
  '/api/later': api(async (_req, res) => {
    res.setHeader('x-kind', 'later');
    res.write('first,');
    await sleep(30);
    res.write('second,');
    await sleep(30);
    res.end('third');
  }),
  '/api/flushed': api(async (_req, res) => {
    res.writeHead(202, { 'content-type': 'text/event-stream', 'set-cookie': ['a=1; Path=/'] });
    res.flushHeaders();
    await sleep(30);
    res.write('data: one\n\n');
    res.flush();
    await sleep(10);
    res.end('data: two\n\n');
  }),
  '/api/json': api((_req, res) => {
    res.status(200).json({ ok: true });
  }),
  '/api/throws': api(async (_req, res) => {
    res.write('partial');
    await sleep(20);
    throw new Error('failed mid-stream');
  }),
  '/api/throws-before-looked': api((_req, res) => {
    res.write('partial');
    throw new Error('failed right after writing');
  }),
  '/api/endless': api(async (req, res) => {
    const run = { writes: 0, signal: false, reqAborted: false, resClosed: false, lastWrite: true, threw: undefined as unknown };
    seen.endless = run;
    req.signal.addEventListener('abort', () => (run.signal = true));
    req.on('aborted', () => (run.reqAborted = true));
    res.on('close', () => (run.resClosed = !res.writableEnded));
    try {
      while (!req.signal.aborted && run.writes < 1000) {
        res.write(`line ${++run.writes}\n`);
        await sleep(5);
      }
      run.lastWrite = res.write('after');
    } catch (error) {
      run.threw = error;
    }
    res.end();
  }),
  '/api/web-response': api(async () => {
    const encoder = new TextEncoder();
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (++n > 3) return controller.close();
        await sleep(20);
        controller.enqueue(encoder.encode(`part ${n}\n`));
      },
    });
    return new Response(body, { status: 203, headers: { 'content-type': 'text/plain', 'set-cookie': 'w=1; Path=/' } });
  }),
  '/api/big': api(async (req, res) => {
    const chunk = Buffer.alloc(256 * 1024, 120);
    const total = Number(req.query.kb) * 1024;
    if (req.query.at === 'once') return res.end(Buffer.alloc(total, 120));
    for (let sent = 0; sent < total && !res.destroyed; sent += chunk.length) {
      if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', () => resolve()));
      await sleep(0);
    }
    res.end();
  }),
};

function streamingApp(options: RenderAppOptions = {}) {
  return memoryApp(routes, { options }).app;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a stream to its end or its error. */
async function settle(stream: Readable): Promise<{ text: string; error?: Error }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    return { text: Buffer.concat(chunks).toString('utf8'), error: error as Error };
  }
}

const flushLines = () => new Promise((resolve) => setImmediate(resolve));

describe('which answers stream', () => {
  test('written and ended at once: one buffered answer with its length, even where answers may stream', async () => {
    const response = await streamingApp().handle(request('/api/at-once'), STREAMING);
    expect(response.stream).toBeUndefined();
    expect(response.body).toBe('abc');
    expect(response.headers['content-length']).toBe('3');
    const json = await streamingApp().handle(request('/api/json'), STREAMING);
    expect([json.stream, json.body, json.headers['content-length']]).toEqual([undefined, '{"ok":true}', '11']);
  });

  test('written, then written again later: a stream, the status and headers first, each chunk as written', async () => {
    const logs = captureLogs();
    try {
      const response = await streamingApp().handle(request('/api/later'), STREAMING);
      expect(response.status).toBe(200);
      expect(response.body).toBeUndefined();
      expect(response.headers).toMatchObject({ 'x-kind': 'later', 'content-type': 'text/plain; charset=utf-8', 'cache-control': expect.stringContaining('no-store') });
      expect(response.headers['content-length']).toBeUndefined();
      const arrivals: { at: number; text: string }[] = [];
      const started = Date.now();
      for await (const chunk of response.stream!) arrivals.push({ at: Date.now() - started, text: String(chunk) });
      expect(arrivals.map((a) => a.text).join('')).toBe('first,second,third');
      // The first chunk did not wait for the handler's pauses.
      expect(arrivals[0]!.text).toBe('first,');
      expect(arrivals.at(-1)!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(40);
      await flushLines();
      expect(logs.lines.find((line) => line.path === '/api/later')).toMatchObject({ route: '/api/later', status: 200, streamed: 'ended', bytes: 18 });
    } finally {
      logs.restore();
    }
  });

  test('flushHeaders: the status, headers and cookies leave before the first chunk', async () => {
    const response = await streamingApp().handle(request('/api/flushed'), STREAMING);
    expect(response.status).toBe(202);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.cookies).toEqual(['a=1; Path=/']);
    expect(await readAll(response.stream!)).toBe('data: one\n\ndata: two\n\n');
  });

  test('where the platform buffers (the render function), the same handlers give one whole answer, as before', async () => {
    const later = await streamingApp().handle(request('/api/later'), BUFFERED);
    expect([later.stream, later.body, later.headers['content-length']]).toEqual([undefined, 'first,second,third', '18']);
    const flushed = await streamingApp().handle(request('/api/flushed'), BUFFERED);
    expect([flushed.status, flushed.body]).toEqual([202, 'data: one\n\ndata: two\n\n']);
  });
});

describe('a handler that returns a web Response (as an Edge API route does)', () => {
  test('its body streams where answers stream, with its status, headers and cookies', async () => {
    const response = await streamingApp().handle(request('/api/web-response'), STREAMING);
    expect([response.status, response.headers['content-type'], response.cookies]).toEqual([203, 'text/plain', ['w=1; Path=/']]);
    expect(response.headers['cache-control']).toContain('no-store');
    const arrivals: string[] = [];
    for await (const chunk of response.stream!) arrivals.push(String(chunk));
    expect(arrivals.join('')).toBe('part 1\npart 2\npart 3\n');
    expect(arrivals.length).toBeGreaterThan(1);
  });

  test('is read whole where the platform buffers', async () => {
    const response = await streamingApp().handle(request('/api/web-response'), BUFFERED);
    expect([response.status, response.stream, response.body]).toEqual([203, undefined, 'part 1\npart 2\npart 3\n']);
  });
});

describe('failures and aborts', () => {
  test('a handler that throws mid-stream: the stream errors (cut off), the error logged with its stack, the line says failed', async () => {
    const logs = captureLogs();
    try {
      const response = await streamingApp().handle(request('/api/throws'), STREAMING);
      expect(response.status).toBe(200);
      const read = await settle(response.stream!);
      expect(read.text).toBe('partial');
      expect(read.error?.message).toBe('failed mid-stream');
      await flushLines();
      const error = logs.lines.find((line) => line.level === 'ERROR')!;
      expect(error).toMatchObject({ route: '/api/throws', error: 'failed mid-stream', context: 'the answer was cut off mid-stream' });
      expect(String(error.stack)).toMatch(/^Error: failed mid-stream\n\s+at /);
      expect(logs.lines.find((line) => line.level === 'INFO')).toMatchObject({ status: 200, streamed: 'failed', bytes: 7 });
    } finally {
      logs.restore();
    }
  });

  test('a handler that throws before the answer went out is a 500, as any failure before answering', async () => {
    const logs = captureLogs();
    try {
      const response = await streamingApp().handle(request('/api/throws-before-looked'), STREAMING);
      expect([response.status, response.stream, JSON.parse(response.body as string)]).toEqual([500, undefined, { error: 'Internal Server Error' }]);
    } finally {
      logs.restore();
    }
  });

  test('the reader leaves: the handler’s writes end (req.signal aborts, req says aborted, res says close), nothing throws', async () => {
    const logs = captureLogs();
    try {
      const response = await streamingApp().handle(request('/api/endless'), STREAMING);
      const stream = response.stream!;
      let chunks = 0;
      for await (const _chunk of stream) if (++chunks === 3) break; // leaving the loop destroys the stream
      await sleep(30);
      expect(seen.endless).toMatchObject({ signal: true, reqAborted: true, resClosed: true, lastWrite: false, threw: undefined });
      expect((seen.endless as { writes: number }).writes).toBeLessThan(20);
      await flushLines();
      expect(logs.lines.find((line) => line.path === '/api/endless')).toMatchObject({ streamed: 'aborted' });
    } finally {
      logs.restore();
    }
  });
});

describe('limits', () => {
  test('a stream past the streaming limit is cut off with a log line naming the limit, and its writer stops', async () => {
    const logs = captureLogs();
    try {
      const response = await streamingApp({ streamLimitBytes: 1024 * 1024 }).handle(request('/api/big?kb=4096'), STREAMING);
      const read = await settle(response.stream!);
      expect(read.error?.name).toBe('ResponseTooLargeError');
      expect(Buffer.byteLength(read.text)).toBeLessThanOrEqual(1024 * 1024);
      await flushLines();
      expect(logs.lines.find((line) => line.level === 'ERROR')).toMatchObject({ errorName: 'ResponseTooLargeError', error: expect.stringContaining('went past 1048576 bytes') });
      expect(logs.lines.find((line) => line.level === 'INFO')).toMatchObject({ status: 200, streamed: 'failed' });
    } finally {
      logs.restore();
    }
  });

  test('an answer over the streaming limit written at once: a 500 naming the limit, nothing truncated', async () => {
    const logs = captureLogs();
    try {
      const response = await streamingApp({ streamLimitBytes: 1024 * 1024 }).handle(request('/api/big?kb=2048&at=once'), STREAMING);
      expect([response.status, response.stream]).toEqual([500, undefined]);
      expect(logs.lines.find((line) => line.level === 'ERROR')).toMatchObject({ errorName: 'ResponseTooLargeError', error: expect.stringContaining('1048576-byte limit on a streamed response') });
    } finally {
      logs.restore();
    }
  });

  test('more than a buffered answer may carry, where the platform buffers: a 500 naming Lambda’s 6 MB, never a truncated 200', async () => {
    const logs = captureLogs();
    try {
      const response = await streamingApp().handle(request('/api/big?kb=7168'), BUFFERED);
      expect(response.status).toBe(500);
      expect(logs.lines.find((line) => line.level === 'ERROR')).toMatchObject({ error: expect.stringContaining(`${RESPONSE_PAYLOAD_LIMIT}-byte`) });
    } finally {
      logs.restore();
    }
  }, 20_000);
});

describe('middleware’s own Response with a stream body', () => {
  const encoder = new TextEncoder();
  let cancelled = false;
  const middleware: MiddlewareModule = {
    middleware: () => {
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          controller.enqueue(encoder.encode('tick\n'));
          await sleep(10);
        },
        cancel() {
          cancelled = true;
        },
      });
      return new NextResponse(body, { status: 200, headers: { 'content-type': 'text/plain', 'x-from': 'middleware' } });
    },
    config: { matcher: '/api/ticks' },
  };
  const finite: MiddlewareModule = {
    middleware: () => NextResponse.json({ from: 'middleware' }),
    config: { matcher: '/api/whole' },
  };

  function withMiddleware(module: MiddlewareModule) {
    const manifest = manifestOf(routes);
    manifest.config = {
      ...manifest.config,
      routing: { basePath: '', trailingSlash: false, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, headers: [], middleware: true },
    };
    return createRenderApp({ pages: pagesOf(routes), apis: apisOf(routes), errorPages: {}, middleware: { module, runtime: serverRuntime } }, manifest, new PageStore('/nonexistent', []));
  }

  test('streams where the platform streams; a reader that leaves cancels the body', async () => {
    const logs = captureLogs();
    try {
      const response: CoreResponse = await withMiddleware(middleware).handle(request('/api/ticks', { headers: { host: 'site.example' } }), STREAMING);
      expect(response.headers['x-from']).toBe('middleware');
      let ticks = 0;
      for await (const _chunk of response.stream!) if (++ticks === 3) break;
      await sleep(20);
      expect(cancelled).toBe(true);
    } finally {
      logs.restore();
    }
  });

  test('is read whole where the platform buffers', async () => {
    const response = await withMiddleware(finite).handle(request('/api/whole', { headers: { host: 'site.example' } }), BUFFERED);
    expect([response.stream, JSON.parse(response.body as string)]).toEqual([undefined, { from: 'middleware' }]);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body as string)));
  });
});
