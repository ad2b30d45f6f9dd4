/**
 * API routes through the whole render core, in memory: matching and precedence, the
 * handler's `req` and `res`, bodies, failures (500 without a stack), the time budget (504),
 * the 6 MB cap, and what is logged.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiTimeoutFrom, DEFAULT_API_TIMEOUT_MS } from '../../../../lambdas/render/api/api-stage';
import { NO_STORE } from '../../../../lambdas/shared/cache-control';
import { createFunctionUrlHandler, RESPONSE_PAYLOAD_LIMIT } from '../../../../lambdas/shared/function-url';
import type { CoreRequest, CoreResponse } from '../../../../lambdas/shared/http';
import type { ApiHandler, ApiRequest } from '../../../../web/runtime/shared/page-types';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { api, BUILD_ID, captureLogs, memoryApp, request, type RouteSpec } from '../memory-app';

const utf8 = (text: string) => new TextEncoder().encode(text);
const json = (res: CoreResponse) => JSON.parse(res.body as string);

/** A handler that answers with what it was asked: the route's name, method, query and body. */
const echo = (name: string): ApiHandler => (req, res) => {
  res.json({ route: name, method: req.method, url: req.url, query: { ...req.query }, body: req.body });
};

const routes: Record<string, RouteSpec> = {
  '/': { kind: 'static', module: { default: () => null } },
  '/api': api(echo('index')),
  '/api/users/me': api(echo('static')),
  '/api/users/[id]': api(echo('dynamic')),
  '/api/files/[...path]': api(echo('catch-all')),
  '/api/docs/[[...slug]]': api(echo('optional catch-all')),
  '/api/async': api(async (_req, res) => {
    await sleep(5);
    res.status(201).send('made');
  }),
  '/api/throws': api(() => {
    throw new Error('database password is hunter2');
  }),
  '/api/rejects': api(async () => {
    await sleep(1);
    throw new Error('rejected with a secret');
  }),
  '/api/silent': api(() => undefined),
  '/api/later': api((_req, res) => {
    setTimeout(() => res.end('later'), 20);
  }),
  '/api/external': api(() => undefined, { api: { externalResolver: true } }),
  '/api/fails-after': api((_req, res) => {
    res.json({ ok: true });
    throw new Error('after the answer');
  }),
  '/api/stream': api((_req, res) => {
    res.setHeader('content-type', 'text/event-stream');
    for (let i = 0; i < 3; i++) res.write(`data: ${i}\n\n`);
    res.end();
  }),
  '/api/huge': api((_req, res) => {
    const chunk = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 7; i++) res.write(chunk);
    res.end();
  }),
  '/api/bad-status': api((_req, res) => void res.status(1000).end()),
  '/api/cookies': api((req, res) => {
    res.setHeader('Set-Cookie', [`seen=${req.cookies.visit ?? 'none'}; Path=/; HttpOnly`, 'b=2']);
    res.setHeader('Cache-Control', 'public, s-maxage=60');
    res.status(200).end();
  }),
  '/api/raw': api(
    async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const streamed = Buffer.concat(chunks);
      res.json({ body: typeof req.body, length: streamed.length, hex: streamed.subarray(0, 4).toString('hex') });
    },
    { api: { bodyParser: false } },
  ),
  '/api/small': api(echo('small'), { api: { bodyParser: { sizeLimit: '1kb' } } }),
};

let app: ReturnType<typeof memoryApp>['app'];
let logs: ReturnType<typeof captureLogs>;

beforeEach(() => {
  ({ app } = memoryApp(routes, { options: { apiTimeoutMs: 100 } }));
  logs = captureLogs();
});

afterEach(() => logs.restore());

const call = (url: string, overrides: Partial<CoreRequest> = {}) => app.handle(request(url, overrides), { requestId: 'req-1', cfId: 'cf-1' });
const post = (url: string, body: string | Uint8Array, type?: string) =>
  call(url, { method: 'POST', body: typeof body === 'string' ? utf8(body) : body, headers: type ? { 'content-type': type } : {} });
const errorLines = () => logs.lines.filter((line) => line.level === 'ERROR');
const requestLine = () => logs.lines.find((line) => line.status !== undefined)!;

describe('matching', () => {
  test.each([
    ['/api', 'index', {}],
    ['/api/users/me', 'static', {}],
    ['/api/users/7', 'dynamic', { id: '7' }],
    ['/api/users/a%20b', 'dynamic', { id: 'a b' }],
    ['/api/files/a/b/c.txt', 'catch-all', { path: ['a', 'b', 'c.txt'] }],
    ['/api/docs', 'optional catch-all', {}],
    ['/api/docs/x/y', 'optional catch-all', { slug: ['x', 'y'] }],
  ])('%s → the %s route, params in the query', async (url, name, params) => {
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(json(res)).toMatchObject({ route: name, query: params });
  });

  test('static beats dynamic, dynamic beats catch-all, as for pages', async () => {
    expect(json(await call('/api/users/me')).route).toBe('static');
    expect(json(await call('/api/users/you')).route).toBe('dynamic');
  });

  test('search params and route params together, params winning; a null-prototype query', async () => {
    let seen: ApiRequest | undefined;
    ({ app } = memoryApp({ '/api/q/[id]': api((req, res) => void ((seen = req), res.end())) }));
    await call('/api/q/7?id=spoofed&tag=a&tag=b&__proto__=x');
    expect({ ...seen!.query }).toEqual(JSON.parse('{"id":"7","tag":["a","b"],"__proto__":"x"}'));
    expect(Object.getPrototypeOf(seen!.query)).toBeNull();
    expect(seen!.url).toBe('/api/q/7?id=spoofed&tag=a&tag=b&__proto__=x');
  });

  test('an unknown API path: a JSON 404, never a page', async () => {
    for (const url of ['/api/nothing', '/api/users/7/more', '/api/files']) {
      const res = await call(url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['cache-control']).toBe(NO_STORE);
      expect(json(res)).toEqual({ error: 'Not Found' });
    }
  });

  test('API routes have no locale prefix: /fr/api/… is no page either, and page data never reaches an API route', async () => {
    const localized = await call('/fr/api/users/7');
    expect(localized.status).toBe(404);
    expect(localized.headers['content-type']).toMatch(/^text\/html/);
    // Neither props nor an error: the client loads the API route in full (a Link, a redirect's destination may be one).
    const data = await call(`/_app/data/${BUILD_ID}/api/users/7.json`);
    expect(data.status).toBe(200);
    expect(json(data)).toEqual({ fullLoad: true });
  });

  test('bad percent-encoding under /api: a JSON 400', async () => {
    const res = await call('/api/users/%zz');
    expect(res.status).toBe(400);
    expect(json(res)).toEqual({ error: 'Bad Request' });
  });
});

describe('methods: the handler decides', () => {
  test.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])('%s reaches the handler', async (method) => {
    const res = await call('/api/users/7', { method });
    expect(res.status).toBe(200);
    expect(json(res)).toMatchObject({ route: 'dynamic', method });
  });

  test('HEAD through the adapter: the headers of the answer, no body', async () => {
    const handler = createFunctionUrlHandler(app.handle);
    const head = await handler(functionUrlEvent('/api/users/7', { method: 'HEAD' }));
    expect(head.statusCode).toBe(200);
    expect(head.body).toBeUndefined();
    expect(Number(head.headers!['content-length'])).toBeGreaterThan(0);
  });
});

describe('bodies', () => {
  test('JSON, forms and text reach req.body parsed', async () => {
    expect(json(await post('/api/users/7', '{"name":"Ada"}', 'application/json')).body).toEqual({ name: 'Ada' });
    expect(json(await post('/api/users/7', 'name=Ada&tag=a&tag=b', 'application/x-www-form-urlencoded')).body).toEqual({ name: 'Ada', tag: ['a', 'b'] });
    expect(json(await post('/api/users/7', 'plain words', 'text/plain')).body).toBe('plain words');
  });

  test('a GET without a body: an empty string, as in the pages router', async () => {
    expect(json(await call('/api/users/7')).body).toBe('');
  });

  test('malformed JSON: 400 with the reason, the handler never called', async () => {
    const res = await post('/api/users/7', '{"name":', 'application/json');
    expect(res.status).toBe(400);
    expect(json(res).error).toMatch(/^Invalid JSON: /);
    expect(errorLines()).toEqual([]);
  });

  test('over the route’s sizeLimit, or the default 1 MB: 413 naming the limit', async () => {
    const small = await post('/api/small', 'x'.repeat(1025), 'text/plain');
    expect(small.status).toBe(413);
    expect(json(small)).toEqual({ error: 'Body exceeded 1kb limit' });
    expect((await post('/api/small', 'x'.repeat(1024), 'text/plain')).status).toBe(200);
    const large = await post('/api/users/7', new Uint8Array(1024 * 1024 + 1), 'application/octet-stream');
    expect(large.status).toBe(413);
    expect(json(large)).toEqual({ error: 'Body exceeded 1mb limit' });
  });

  test('an unknown charset: 415', async () => {
    const res = await post('/api/users/7', 'x', 'text/plain; charset=x-unknown');
    expect(res.status).toBe(415);
    expect(json(res)).toEqual({ error: 'Unsupported charset "x-unknown"' });
  });

  test('bodyParser: false: req.body undefined (as the pages router leaves it), the request stream the bytes as sent, through the adapter’s base64 too', async () => {
    const bytes = new Uint8Array(256 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    bytes.set([0xff, 0xfe, 0x00, 0x80], 0);
    const handler = createFunctionUrlHandler(app.handle);
    const result = await handler(
      functionUrlEvent('/api/raw', { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from(bytes).toString('base64'), isBase64Encoded: true }),
    );
    expect(JSON.parse(result.body!)).toEqual({ body: 'undefined', length: bytes.length, hex: 'fffe0080' });
  });
});

describe('the answer', () => {
  test('an async handler: its status and body, text typed, no-store unless it says otherwise', async () => {
    const res = await call('/api/async');
    expect(res).toEqual({ status: 201, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': '4', 'cache-control': NO_STORE }, body: 'made' });
  });

  test('cookies the handler sets go out as Set-Cookie values; its Cache-Control stands', async () => {
    const res = await call('/api/cookies', { headers: { cookie: 'visit=3' } });
    expect(res.cookies).toEqual(['seen=3; Path=/; HttpOnly', 'b=2']);
    expect(res.headers['cache-control']).toBe('public, s-maxage=60');
  });

  test('streaming writes are buffered and joined; end() finishes', async () => {
    const res = await call('/api/stream');
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.body).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\n');
  });

  test('a handler that answers after returning (a callback) is waited for', async () => {
    const res = await call('/api/later');
    expect(res.body).toBe('later');
    expect(logs.lines.filter((line) => line.level === 'WARN')).toHaveLength(1);
  });

  test('the request line: route, status, bytes, cache none', async () => {
    await call('/api/users/7?x=1', { method: 'DELETE' });
    expect(requestLine()).toMatchObject({ requestId: 'req-1', cfId: 'cf-1', method: 'DELETE', path: '/api/users/7', route: '/api/users/[id]', status: 200, cache: 'none' });
    expect(requestLine().bytes).toBeGreaterThan(0);
  });
});

describe('failures', () => {
  test.each(['/api/throws', '/api/rejects'])('%s: a JSON 500 without the message or stack; the ERROR line has both and the route', async (url) => {
    const res = await call(url);
    expect(res.status).toBe(500);
    expect(json(res)).toEqual({ error: 'Internal Server Error' });
    expect(res.body).not.toMatch(/secret|hunter2|at /);
    const [line] = errorLines();
    expect(line).toMatchObject({ requestId: 'req-1', route: url, error: expect.stringMatching(/hunter2|secret/), stack: expect.stringContaining('api-stage.test') });
    expect(requestLine()).toMatchObject({ status: 500, route: url });
  });

  test('a failure after the answer: the answer stands, the failure is logged with the route', async () => {
    const res = await call('/api/fails-after');
    expect(res.status).toBe(200);
    expect(json(res)).toEqual({ ok: true });
    expect(errorLines()).toEqual([expect.objectContaining({ route: '/api/fails-after', error: 'after the answer', note: expect.stringMatching(/after its answer/) })]);
  });

  test('an invalid status: 500, logged', async () => {
    const res = await call('/api/bad-status');
    expect(res.status).toBe(500);
    expect(errorLines()[0]).toMatchObject({ route: '/api/bad-status', error: 'Invalid status code: 1000' });
  });

  test('an answer over 6 MB: 500, logged as too large for the buffered Function URL', async () => {
    const res = await call('/api/huge');
    expect(res.status).toBe(500);
    expect(json(res)).toEqual({ error: 'Internal Server Error' });
    expect(errorLines()[0]).toMatchObject({ route: '/api/huge', errorName: 'ResponseTooLargeError', error: expect.stringContaining(`${RESPONSE_PAYLOAD_LIMIT}-byte`) });
  });
});

describe('the time budget', () => {
  test('a handler that never answers: 504 before the function’s timeout, the ERROR line naming the route and file', async () => {
    const started = Date.now();
    const res = await call('/api/silent');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(504);
    expect(json(res)).toEqual({ error: 'Gateway Timeout' });
    expect(logs.lines.find((line) => line.level === 'WARN')).toMatchObject({ route: '/api/silent', msg: expect.stringMatching(/returned without answering/) });
    expect(errorLines()[0]).toMatchObject({ route: '/api/silent', errorName: 'ApiTimeoutError', error: expect.stringMatching(/pages\/api\/silent\.tsx \(\/api\/silent\) did not answer within 100 ms/) });
    expect(requestLine()).toMatchObject({ status: 504, route: '/api/silent' });
  });

  test('externalResolver: no warning for returning early, the same 504 if nothing answers', async () => {
    const res = await call('/api/external');
    expect(res.status).toBe(504);
    expect(logs.lines.filter((line) => line.level === 'WARN')).toEqual([]);
  });

  test('the budget comes from STRATUS_API_TIMEOUT_MS, 9 s by default', () => {
    expect(DEFAULT_API_TIMEOUT_MS).toBe(9000);
    expect(apiTimeoutFrom(undefined)).toBe(9000);
    expect(apiTimeoutFrom('25000')).toBe(25000);
    for (const wrong of ['', ' ', 'soon', '-5', '0', '1.5']) expect(apiTimeoutFrom(wrong)).toBe(9000);
  });
});
