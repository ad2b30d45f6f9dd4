/**
 * getServerSideProps' `ctx.req` and `ctx.res`, through the whole core in memory: a form posted
 * to its own page, bodies refused as API routes refuse them, and what the page sets on
 * `ctx.res` (headers, cookies, status, Cache-Control, its own answer) reaching the visitor.
 */
import { text } from 'node:stream/consumers';
import { NO_STORE } from '../../../../lambdas/shared/cache-control';
import { serverContext } from '../../../../lambdas/render/data/server-context';
import { initialPropsContext } from '../../../../lambdas/render/data/initial-props-context';
import type { CoreRequest } from '../../../../lambdas/shared/http';
import type { DataResult, ServerContext } from '../../../../web/runtime/shared/page-types';
import { BUILD_ID, captureLogs, embeddedData, manifestOf, memoryApp, pageRequest, pagesOf, request, titleOf, type RouteSpec } from '../memory-app';

const Page = ({ message }: { message?: string }) => <p>{message}</p>;
let seen: ServerContext | undefined;

/** A getServerSideProps page whose data function is `gssp`. */
const ssr = (gssp: (ctx: ServerContext) => DataResult): RouteSpec => ({
  kind: 'ssr',
  module: {
    default: Page,
    getServerSideProps: (ctx) => {
      seen = ctx;
      return gssp(ctx);
    },
  },
});

const routes: Record<string, RouteSpec> = {
  '/contact': ssr(({ req }) => {
    if (req!.method !== 'POST') return { props: { message: 'write to us' } };
    const { name, topic } = req!.body as Record<string, string | string[]>;
    return { props: { message: `thanks ${name}, about ${String(topic)}` } };
  }),
  '/plain': ssr(() => ({ props: {} })),
  '/login': ssr(({ res }) => {
    res!.setHeader('Set-Cookie', ['session=s1; Path=/; HttpOnly; Secure', 'seen=1']);
    return { redirect: { destination: '/account', permanent: false } };
  }),
  '/headers': ssr(({ res }) => {
    res!.setHeader('X-Frame-Options', 'DENY');
    res!.setHeader('Content-Type', 'text/plain');
    res!.setHeader('Content-Length', '1');
    res!.setHeader('Set-Cookie', 'a=1');
    return { props: { message: 'with headers' } };
  }),
  '/cached': ssr(({ res }) => {
    res!.setHeader('Cache-Control', 'public, s-maxage=10, stale-while-revalidate=59');
    return { props: {} };
  }),
  '/teapot': ssr(({ res }) => {
    res!.statusCode = 418;
    return { props: { message: 'short and stout' } };
  }),
  '/missing': ssr(({ res }) => {
    res!.setHeader('Set-Cookie', 'tried=1');
    return { notFound: true };
  }),
  '/self-answer': ssr(({ res }) => {
    res!.writeHead(302, { Location: '/elsewhere' });
    res!.end();
    return { props: {} };
  }),
};

let app: ReturnType<typeof memoryApp>['app'];
let logs: ReturnType<typeof captureLogs>;

beforeEach(() => {
  ({ app } = memoryApp(routes));
  seen = undefined;
  logs = captureLogs();
});

afterEach(() => logs.restore());

const call = (url: string, overrides: Partial<CoreRequest> = {}) => app.handle(request(url, overrides), { requestId: 'r' });
const post = (url: string, body: string | Uint8Array, type: string) =>
  call(url, { method: 'POST', body: typeof body === 'string' ? new TextEncoder().encode(body) : body, headers: { 'content-type': type } });
const visible = (body: unknown) => String(body).replace(/<!-- -->/g, '');

describe('ctx.req: a form posts to its own page', () => {
  test('an urlencoded form reaches ctx.req.body; the page renders with it', async () => {
    const res = await post('/contact', 'name=Ada&topic=maths&topic=engines', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(200);
    expect(visible(res.body)).toContain('thanks Ada, about maths,engines');
    expect(Object.getPrototypeOf(seen!.req!.body)).toBeNull();
  });

  test('a JSON body, parsed; the same page by GET', async () => {
    await post('/contact', '{"name":"Grace","topic":"compilers"}', 'application/json');
    expect(seen!.req!.body).toEqual({ name: 'Grace', topic: 'compilers' });
    expect(visible((await call('/contact')).body)).toContain('write to us');
  });

  test('the request as Node’s IncomingMessage: method, url, headers, cookies, and the body as a stream', async () => {
    await call('/contact?ref=mail', { method: 'POST', body: new TextEncoder().encode('raw text'), headers: { cookie: 'visit=2', 'content-type': 'text/plain', 'x-test': 'yes' } });
    const req = seen!.req!;
    expect(req).toMatchObject({ method: 'POST', url: '/contact?ref=mail', body: 'raw text' });
    expect(req.headers['x-test']).toBe('yes');
    expect(req.cookies.visit).toBe('2');
    await expect(text(req)).resolves.toBe('raw text');
  });

  test('a GET: an empty body, read as the pages router reads one', async () => {
    await call('/contact');
    expect(seen!.req!.body).toBe('');
    await call('/contact', { headers: { 'content-type': 'application/json' } });
    expect(seen!.req!.body).toEqual({});
  });

  test('malformed JSON: the 400 page; over 1 MB: 413; an unknown charset: 415; the page never runs', async () => {
    const bad = await post('/contact', '{"name"', 'application/json');
    expect(bad.status).toBe(400);
    expect(titleOf(bad.body as string)).toBe('400: Bad Request');
    expect((await post('/contact', new Uint8Array(1024 * 1024 + 1), 'text/plain')).status).toBe(413);
    expect((await post('/contact', 'x', 'text/plain; charset=x-unknown')).status).toBe(415);
    expect(seen).toBeUndefined();
    expect(logs.lines.filter((line) => line.level === 'ERROR')).toEqual([]);
  });
});

describe('ctx.res: what the page sets reaches the visitor', () => {
  test('cookies set before a redirect go out with it (a login)', async () => {
    const res = await call('/login', { method: 'POST' });
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/account');
    expect(res.cookies).toEqual(['session=s1; Path=/; HttpOnly; Secure', 'seen=1']);
  });

  test('headers and cookies on the rendered page; its own type and length stay the output’s', async () => {
    const res = await call('/headers');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body as string));
    expect(res.cookies).toEqual(['a=1']);
  });

  test('headers and cookies on the page data too (the client router’s request), status 200', async () => {
    const res = await call(`/_app/data/${BUILD_ID}/headers.json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.cookies).toEqual(['a=1']);
  });

  test('Cache-Control set by the page replaces no-store, on the page and its data', async () => {
    expect((await call('/cached')).headers['cache-control']).toBe('public, s-maxage=10, stale-while-revalidate=59');
    expect((await call(`/_app/data/${BUILD_ID}/cached.json`)).headers['cache-control']).toBe('public, s-maxage=10, stale-while-revalidate=59');
    expect((await call('/plain')).headers['cache-control']).toBe(NO_STORE);
  });

  test('statusCode set by the page is the rendered page’s status', async () => {
    const res = await call('/teapot');
    expect(res.status).toBe(418);
    expect(visible(res.body)).toContain('short and stout');
    expect(embeddedData(res.body as string).props.pageProps).toEqual({ message: 'short and stout' });
  });

  test('notFound keeps the cookies set on the way', async () => {
    const res = await call('/missing');
    expect(res.status).toBe(404);
    expect(res.cookies).toEqual(['tried=1']);
  });

  test('a page that ended ctx.res itself: its answer stands, nothing rendered', async () => {
    const res = await call('/self-answer');
    expect(res).toMatchObject({ status: 302, headers: { location: '/elsewhere', 'content-length': '0' } });
    expect(res.body).toBeUndefined();
  });

  test('a page that never touches ctx.req or ctx.res: none built, nothing added', async () => {
    const res = await call('/plain');
    expect(res.cookies).toBeUndefined();
    expect(Object.keys(res.headers).sort()).toEqual(['cache-control', 'content-length', 'content-type']);
  });
});

describe('serverContext', () => {
  const manifest = manifestOf(routes);
  const pages = pagesOf(routes);

  test('req and res are built on first use, once', () => {
    const call = serverContext(pageRequest(manifest, pages, '/plain', '/plain'), Object.create(null), manifest.config);
    expect(call.response()).toBeUndefined();
    const res = call.context.res;
    expect(call.context.res).toBe(res);
    expect(call.response()).toBe(res);
    expect(call.context.req).toBe(call.context.req);
  });

  test('the context keeps its other fields (the query, cookies and headers null-prototype)', () => {
    const page = pageRequest(manifest, pages, '/plain', '/plain', { search: 'a=1', headers: { cookie: 'x=1' } });
    const { context } = serverContext(page, Object.assign(Object.create(null), { a: '1' }), manifest.config);
    expect(context).toMatchObject({ query: { a: '1' }, cookies: { x: '1' }, resolvedUrl: '/plain?a=1', locale: 'en' });
    expect(Object.keys(context)).toEqual(expect.arrayContaining(['req', 'res']));
  });

  test("after a rewrite, resolvedUrl is the page's path with the visitor's query, not the query the rewrite added", () => {
    const rewritten = { ...pageRequest(manifest, pages, '/plain', '/plain', { search: 'hello=world' }), visited: { path: '/blog-post-2', search: new URLSearchParams('') } };
    expect(serverContext(rewritten, Object.create(null), manifest.config).context.resolvedUrl).toBe('/plain');
    const withOwn = { ...pageRequest(manifest, pages, '/plain', '/plain', { search: 'param=post-3&x=1' }), visited: { path: '/blog-post-3', search: new URLSearchParams('x=1') } };
    expect(serverContext(withOwn, Object.create(null), manifest.config).context.resolvedUrl).toBe('/plain?x=1');
  });

  test('a spread of the context keeps req and res, and each context its own', () => {
    const one = serverContext(pageRequest(manifest, pages, '/plain', '/plain'), Object.create(null), manifest.config);
    const two = serverContext(pageRequest(manifest, pages, '/plain', '/plain', { headers: { 'x-two': '2' } }), Object.create(null), manifest.config);
    const copy = { ...one.context };
    expect(copy.res).toBe(one.response());
    expect(copy.req).toBe(one.context.req);
    expect(Object.keys(copy).sort()).toEqual(Object.keys(one.context).sort());
    expect(two.context.req).not.toBe(one.context.req);
    expect(two.context.req.headers['x-two']).toBe('2');
    expect(two.response()).toBeUndefined();
  });

  test("getInitialProps' context hands on the same req and res, also when spread", () => {
    const call = serverContext(pageRequest(manifest, pages, '/plain', '/plain'), Object.create(null), manifest.config);
    const initial = initialPropsContext(pageRequest(manifest, pages, '/plain', '/plain'), Object.create(null), call.context);
    expect({ ...initial }.res).toBe(call.context.res);
    expect(initial.req).toBe(call.context.req);
    expect(Object.keys(initial)).toEqual(expect.arrayContaining(['pathname', 'query', 'asPath', 'req', 'res']));
  });
});
