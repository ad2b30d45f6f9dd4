/**
 * API routes whose config says `runtime: 'edge'` (or `'experimental-edge'`), through the
 * whole render core in memory: called as the pages router's edge API routes are, with a
 * NextRequest (headers, cookies, `nextUrl` with the route's params, the body unread) and a
 * fetch event, answered by the `Response` they return; the failures an edge route can have.
 */
import * as server from '../../../../web/runtime/server';
import { edgeRequestUrl, isEdgeRoute } from '../../../../lambdas/render/api/edge-route';
import { readApiConfig } from '../../../../lambdas/render/api/api-config';
import type { CoreResponse } from '../../../../lambdas/shared/http';
import type { ApiHandler } from '../../../../web/runtime/shared/page-types';
import { api, captureLogs, memoryApp, request, type RouteSpec } from '../memory-app';

const json = (res: CoreResponse) => JSON.parse(res.body as string);
/** An edge handler, typed as the route table wants a handler. */
const edge = (handler: (req: server.NextRequest, event: server.NextFetchEvent) => unknown, runtime = 'edge'): RouteSpec =>
  api(handler as unknown as ApiHandler, { runtime } as never);

let finishedLater = false;
const routes: Record<string, RouteSpec> = {
  '/api/headers': edge((req) => Response.json(Object.fromEntries(req.headers.entries()), { headers: { 'x-from-edge': '1' } })),
  '/api/items/[id]': edge((req) =>
    Response.json({ url: req.url, method: req.method, id: req.nextUrl.searchParams.get('id'), q: req.nextUrl.searchParams.get('q'), session: req.cookies.get('session')?.value ?? null, isNext: req instanceof server.NextRequest }),
  ),
  '/api/echo': edge(async (req) => new Response(`${req.method} ${await req.text()}`, { status: 201, headers: { 'content-type': 'text/plain' } }), 'experimental-edge'),
  '/api/next-response': edge(() => server.NextResponse.json({ ok: true }, { status: 202 })),
  '/api/wait': edge((_req, event) => {
    event.waitUntil(new Promise<void>((resolve) => setTimeout(() => { finishedLater = true; resolve(); }, 20)));
    return new Response('answered');
  }),
  '/api/not-a-response': edge(() => ({ ok: true })),
  '/api/throws': edge(() => { throw new Error('edge secret'); }),
  '/api/never': edge(() => new Promise(() => undefined)),
  '/api/node': api((req, res) => void res.json({ headersIsRecord: typeof (req.headers as unknown as Headers).entries !== 'function' })),
};

const app = () => memoryApp(routes, { server, options: { apiTimeoutMs: 200 } }).app;

test('an edge route gets a web request: its headers iterate as Headers, and what it returns is the answer', async () => {
  const response = await app().handle(request('/api/headers', { headers: { 'x-from-middleware': 'hello', host: 'site.example' } }), { requestId: 'r' });
  expect(response.status).toBe(200);
  expect(response.headers['x-from-edge']).toBe('1');
  expect(response.headers['cache-control']).toContain('no-store');
  expect(json(response)).toEqual({ 'x-from-middleware': 'hello', host: 'site.example' });
});

test('a NextRequest of the app\'s own class: the viewer\'s URL, the route\'s params in nextUrl\'s query, cookies', async () => {
  const response = await app().handle(request('/api/items/7?q=a%20b', { headers: { host: 'site.example', 'x-forwarded-proto': 'https', cookie: 'session=abc' } }), { requestId: 'r' });
  expect(json(response)).toEqual({ url: 'https://site.example/api/items/7?q=a+b&id=7', method: 'GET', id: '7', q: 'a b', session: 'abc', isNext: true });
});

test('the body is the request\'s, unparsed; the older runtime name works too', async () => {
  const response = await app().handle(request('/api/echo', { method: 'POST', body: new TextEncoder().encode('{"a":1}'), headers: { 'content-type': 'application/json' } }), { requestId: 'r' });
  expect([response.status, response.body]).toEqual([201, 'POST {"a":1}']);
});

test('a NextResponse is a Response', async () => {
  const response = await app().handle(request('/api/next-response'), { requestId: 'r' });
  expect([response.status, json(response)]).toEqual([202, { ok: true }]);
});

test('waitUntil work is done before the answer leaves (the function may freeze after)', async () => {
  finishedLater = false;
  const response = await app().handle(request('/api/wait'), { requestId: 'r' });
  expect([response.body, finishedLater]).toEqual(['answered', true]);
});

test('returning something other than a Response, throwing, or never answering: 500, 500, 504, logged with the route, nothing leaked', async () => {
  const logs = captureLogs();
  try {
    const notResponse = await app().handle(request('/api/not-a-response'), { requestId: 'r' });
    const thrown = await app().handle(request('/api/throws'), { requestId: 'r' });
    const never = await app().handle(request('/api/never'), { requestId: 'r' });
    expect([notResponse.status, thrown.status, never.status]).toEqual([500, 500, 504]);
    expect(String(thrown.body)).not.toContain('edge secret');
    const errors = logs.lines.filter((line) => line.level === 'ERROR').map((line) => String(line.error));
    expect(errors.some((e) => e.includes('pages/api/not-a-response.tsx returned object') && e.includes('answers by returning a Response'))).toBe(true);
    expect(errors.some((e) => e.includes('edge secret'))).toBe(true);
    expect(errors.some((e) => e.includes('did not answer within 200 ms'))).toBe(true);
  } finally {
    logs.restore();
  }
});

test('without the app\'s classes compiled in, an edge route still gets a web Request', async () => {
  const response = await memoryApp(routes).app.handle(request('/api/headers', { headers: { 'x-a': '1' } }), { requestId: 'r' });
  expect(json(response)).toEqual({ 'x-a': '1' });
});

test('a route without the edge runtime keeps (req, res)', async () => {
  expect(json(await app().handle(request('/api/node'), { requestId: 'r' }))).toEqual({ headersIsRecord: true });
});

test('which configs make an edge route, and the URL it sees under a basePath', () => {
  expect(['edge', 'experimental-edge', 'nodejs', undefined, 7].map((runtime) => isEdgeRoute({ default: () => undefined, config: { runtime } as never }))).toEqual([true, true, false, false, false]);
  expect(readApiConfig('pages/api/x.js', { default: () => undefined, config: { runtime: 'edge' } }).edge).toBe(true);
  expect(edgeRequestUrl(request('/api/files/a/b', { headers: { host: 'h' } }), '/docs', new URLSearchParams('id=given'), { id: 'param', path: ['a', 'b'] })).toBe('https://h/docs/api/files/a/b?id=given&path=a&path=b');
});
