/**
 * The whole render core in memory: pages written here, a manifest built from their
 * patterns, requests straight to `handle` (and through the Function URL adapter for HEAD).
 */
import { createFunctionUrlHandler } from '../../../../lambdas/shared/function-url';
import type { CoreRequest } from '../../../../lambdas/shared/http';
import { NO_STORE } from '../../../../lambdas/shared/cache-control';
import type { AppModules } from '../../../../lambdas/render/core/render-core';
import type { PageModule } from '../../../../web/runtime/shared/page-types';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { BUILD_ID, captureLogs, counted, embeddedData, memoryApp, request, titleOf, type RouteSpec } from '../memory-app';

const text = (body: unknown) => String(body).replace(/<!-- -->/g, '');
const STATIC_FOREVER = 'public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000';

const about = counted(() => <h1>About</h1>);
const post = counted(({ slug }: { slug?: string }) => <h1>{slug ? `post ${slug}` : 'loading'}</h1>);
const blocking = counted(({ slug }: { slug: string }) => <h1>blocking {slug}</h1>);
const known = counted(({ slug }: { slug: string }) => <h1>known {slug}</h1>);
const item = counted(({ id, q }: { id: string; q?: string }) => <h1>item {id} {q}</h1>);
const notFoundPage = counted(() => <h1>Custom 404</h1>);

let news = 0;
const routes: Record<string, RouteSpec> = {
  '/': { kind: 'static', module: { default: () => <h1>Home</h1> } },
  '/about': { kind: 'static', module: { default: about.Page } },
  '/news': { kind: 'ssg', module: { default: () => <h1>News</h1>, getStaticProps: () => ({ props: { n: ++news }, revalidate: 30 }) } },
  '/posts/[slug]': { kind: 'ssg', fallback: true, module: { default: post.Page, getStaticProps: ({ params }) => ({ props: { slug: params.slug } }) } },
  '/blocking/[slug]': {
    kind: 'ssg',
    fallback: 'blocking',
    module: {
      default: blocking.Page,
      getStaticProps: ({ params }) =>
        params.slug === 'missing' ? { notFound: true } : params.slug === 'moved' ? { redirect: { destination: '/about', permanent: true } } : { props: { slug: params.slug } },
    },
  },
  '/known/[slug]': { kind: 'ssg', fallback: false, module: { default: known.Page, getStaticProps: ({ params }) => ({ props: { slug: params.slug } }) } },
  '/items/[id]': {
    kind: 'ssr',
    module: {
      default: item.Page,
      getServerSideProps: ({ params, query }) => {
        if (params.id === 'gone') return { notFound: true };
        if (params.id === 'moved') return { redirect: { destination: '/items/1', statusCode: 302 } };
        if (params.id === 'throws') throw new Error('database password is hunter2');
        return { props: { id: params.id, q: query.q ?? null } };
      },
    },
  },
  '/render-throws': {
    kind: 'ssr',
    module: {
      default: () => {
        throw new Error('internal detail');
      },
      getServerSideProps: () => ({ props: {} }),
    } satisfies PageModule,
  },
};

const errorPages: AppModules['errorPages'] = {
  '404': { default: notFoundPage.Page },
  '500': {
    default: () => {
      throw new Error('the 500 page is broken too');
    },
  },
};

let app: ReturnType<typeof memoryApp>['app'];
let logs: ReturnType<typeof captureLogs>;

beforeEach(() => {
  ({ app } = memoryApp(routes, { errorPages }));
  for (const page of [about, post, blocking, known, item, notFoundPage]) page.calls.count = 0;
  logs = captureLogs();
});

afterEach(() => logs.restore());

const get = (url: string, overrides: Partial<CoreRequest> = {}) => app.handle(request(url, overrides), { requestId: 'req-1', cfId: 'cf-1' });
const data = (path: string) => `/_app/data/${BUILD_ID}${path}`;
const json = (body: unknown) => JSON.parse(body as string);

describe('static pages', () => {
  test('rendered once, cached at the edge, with an ETag and Content-Length', async () => {
    const res = await get('/about');
    expect(res).toMatchObject({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': STATIC_FOREVER, etag: expect.stringMatching(/^"[\w-]+"$/) } });
    expect(res.body).toContain('<h1>About</h1>');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body as string)));
    await get('/fr/about');
    await get('/about');
    expect(about.calls.count).toBe(2);
  });

  test('If-None-Match with the ETag: 304 without a body', async () => {
    const { headers } = await get('/about');
    const res = await get('/about', { headers: { 'if-none-match': headers.etag! } });
    expect(res).toEqual({ status: 304, headers: { etag: headers.etag, 'cache-control': STATIC_FOREVER } });
  });

  test('revalidate: s-maxage of its seconds', async () => {
    expect((await get('/news')).headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=31536000');
  });

  test('fallback true: the shell, then the data renders the page, then the page is stored', async () => {
    const shell = await get('/posts/x');
    expect(shell.status).toBe(200);
    expect(shell.headers['cache-control']).toBe(NO_STORE);
    expect(text(shell.body)).toContain('<h1>loading</h1>');
    expect(embeddedData(shell.body as string)).toMatchObject({ isFallback: true, query: { slug: 'x' } });
    const pageData = await get(data('/posts/x.json'));
    expect(json(pageData.body)).toEqual({ pageProps: { slug: 'x' } });
    const page = await get('/posts/x');
    expect(text(page.body)).toContain('post x');
    expect(page.headers.etag).toBeDefined();
    expect(logs.lines.map((l) => l.cache)).toEqual(['fallback', 'static', 'static']);
  });

  test("fallback 'blocking': rendered on the first request; notFound and redirects as the data function says", async () => {
    expect(text((await get('/blocking/a')).body)).toContain('blocking a');
    await get('/blocking/a');
    expect(blocking.calls.count).toBe(1);
    const missing = await get('/blocking/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Custom 404');
    expect(await get('/blocking/moved')).toMatchObject({ status: 308, headers: { location: '/about', 'cache-control': STATIC_FOREVER } });
  });

  test('fallback false: a path not prerendered is the 404 page, the page never rendered', async () => {
    const res = await get('/known/x');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Custom 404');
    expect(known.calls.count).toBe(0);
  });
});

describe('server pages', () => {
  test('props from getServerSideProps, never cached, no ETag', async () => {
    const res = await get('/fr/items/7?q=hi');
    expect(res).toMatchObject({ status: 200, headers: { 'cache-control': NO_STORE } });
    expect(res.headers.etag).toBeUndefined();
    expect(text(res.body)).toContain('<h1>item 7 hi</h1>');
    expect(res.body).toContain('<html lang="fr">');
  });

  test('notFound: the 404 page; redirect: its status and Location', async () => {
    const gone = await get('/items/gone');
    expect(gone).toMatchObject({ status: 404, headers: { 'cache-control': NO_STORE } });
    expect(gone.body).toContain('Custom 404');
    expect(await get('/items/moved')).toEqual({ status: 302, headers: { location: '/items/1', 'cache-control': NO_STORE, 'content-length': '8' }, body: '/items/1' });
  });

  test('a data function that throws: the 500 page (the custom one throws too, so the built-in one), logged with its stack', async () => {
    const res = await get('/items/throws');
    expect(res.status).toBe(500);
    expect(titleOf(res.body as string)).toBe('500: Internal Server Error');
    expect(res.body).not.toContain('hunter2');
    const error = logs.lines.find((l) => l.error === 'database password is hunter2');
    expect(error).toMatchObject({ level: 'ERROR', requestId: 'req-1', cfId: 'cf-1', path: '/items/throws', route: '/items/[id]' });
    expect(error!.stack).toContain('Error: database password is hunter2');
    expect(logs.lines.some((l) => l.error === 'the 500 page is broken too')).toBe(true);
    expect(logs.lines.at(-1)).toMatchObject({ level: 'INFO', status: 500, route: '/items/[id]', cache: 'none' });
  });

  test('a page that throws while rendering: 500, with its route in the log', async () => {
    const res = await get('/render-throws');
    expect(res.status).toBe(500);
    expect(res.body).not.toContain('internal detail');
    expect(logs.lines.at(-1)).toMatchObject({ status: 500, route: '/render-throws' });
  });
});

describe('page data', () => {
  test('static data: JSON cached like its page; index at /index.json; locales prefixed', async () => {
    const res = await get(data('/about.json'));
    expect(res).toMatchObject({ status: 200, headers: { 'content-type': 'application/json', 'cache-control': STATIC_FOREVER } });
    expect(json(res.body)).toEqual({ pageProps: {} });
    expect(json((await get(data('/index.json'))).body)).toEqual({ pageProps: {} });
    expect(json((await get(data('/fr/blocking/b.json'))).body)).toEqual({ pageProps: { slug: 'b' } });
  });

  test('server data: per request, not cached; notFound and redirect as JSON', async () => {
    const res = await get(data('/items/9.json?q=z'));
    expect(res.headers['cache-control']).toBe(NO_STORE);
    expect(json(res.body)).toEqual({ pageProps: { id: '9', q: 'z' } });
    const gone = await get(data('/items/gone.json'));
    expect(gone.status).toBe(404);
    expect(json(gone.body)).toEqual({ notFound: true });
    expect(json((await get(data('/items/moved.json'))).body)).toEqual({ redirect: { destination: '/items/1', statusCode: 302 } });
    expect(item.calls.count).toBe(0);
  });

  test('an unknown build id: 404 without notFound, so the client does a full load', async () => {
    const res = await get('/_app/data/old-build/about.json');
    expect(res.status).toBe(404);
    expect(json(res.body)).toEqual({ error: 'unknown build id' });
  });

  test('an unknown path: a JSON 404, and no HTML rendered for it (neither page nor 404 page)', async () => {
    for (const path of ['/no/such/page.json', '/known/x.json', '/items/gone.json']) {
      const res = await get(data(path));
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
      expect(json(res.body)).toEqual({ notFound: true });
    }
    expect(notFoundPage.calls.count).toBe(0);
    expect(known.calls.count).toBe(0);
  });

  test('a failing data function: a JSON 500 that leaks nothing', async () => {
    const res = await get(data('/items/throws.json'));
    expect(res.status).toBe(500);
    expect(json(res.body)).toEqual({ error: 'Internal Server Error' });
  });

  test('malformed paths and other methods: JSON too', async () => {
    const bad = await get(data('/items/%zz.json'));
    expect(bad.status).toBe(400);
    expect(json(bad.body)).toEqual({ error: 'Bad Request' });
    const post = await get(data('/about.json'), { method: 'POST' });
    expect(post).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'application/json' } });
  });
});

describe('requests answered before the data stage', () => {
  test('the default locale spelled out: the page, as the pages router serves it (the same document as without the prefix)', async () => {
    const spelled = await get('/en/about?x=1');
    expect(spelled.status).toBe(200);
    expect(spelled.body).toBe((await get('/about')).body);
  });

  test('bad percent-encoding: 400', async () => {
    const res = await get('/posts/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(titleOf(res.body as string)).toBe('400: Bad Request');
  });

  test('POST to a static page: 405 with Allow and the 405 page, nothing rendered', async () => {
    const before = about.calls.count;
    const res = await get('/about', { method: 'POST', body: new TextEncoder().encode('a=1') });
    expect(res).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
    expect(titleOf(res.body as string)).toBe('405: Method Not Allowed');
    expect(about.calls.count).toBe(before);
  });

  test("no route: the app's 404 page; the framework's other /_app/ paths too", async () => {
    for (const path of ['/no/such/page', '/_app/whatever']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body).toContain('Custom 404');
    }
  });
});

describe('HEAD', () => {
  test('the core answers it as GET; the adapter drops the body and keeps Content-Length', async () => {
    const handler = createFunctionUrlHandler(app.handle);
    const getResult = await handler(functionUrlEvent('/about'));
    const head = await handler(functionUrlEvent('/about', { method: 'HEAD' }));
    expect(head.statusCode).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers!['content-length']).toBe(getResult.headers!['content-length']);
    expect(Number(head.headers!['content-length'])).toBeGreaterThan(100);
    expect(logs.lines.at(-1)).toMatchObject({ method: 'HEAD', status: 200, bytes: Number(head.headers!['content-length']) });
  });
});

describe('the log line', () => {
  test('one line per request with the fields operators query', async () => {
    const res = await get('/fr/items/3');
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toEqual({
      level: 'INFO',
      time: expect.any(String),
      requestId: 'req-1',
      cfId: 'cf-1',
      method: 'GET',
      path: '/fr/items/3',
      route: '/items/[id]',
      status: 200,
      durationMs: expect.any(Number),
      bytes: Buffer.byteLength(res.body as string),
      cache: 'none',
      _aws: expect.objectContaining({ CloudWatchMetrics: expect.any(Array) }),
    });
  });

  test('no route: no route field', async () => {
    await get('/nowhere');
    expect(logs.lines[0]).toMatchObject({ path: '/nowhere', status: 404 });
    expect(logs.lines[0]!.route).toBeUndefined();
  });
});

describe('prerender (build time)', () => {
  test('renders and stores a static page, which requests then get', async () => {
    const page = await app.prerender('/known/[slug]', '/known/a', 'fr');
    expect(page).toMatchObject({ json: '{"pageProps":{"slug":"a"}}', revalidate: false });
    expect(known.calls.count).toBe(1);
    expect(text((await get('/fr/known/a')).body)).toContain('known a');
    expect(known.calls.count).toBe(1);
  });

  test('a redirect is returned, not stored; a path that does not fit the pattern is an error', async () => {
    expect(await app.prerender('/blocking/[slug]', '/blocking/moved', 'en')).toMatchObject({ type: 'redirect', destination: '/about', statusCode: 308 });
    await expect(app.prerender('/known/[slug]', '/other/a', 'en')).rejects.toThrow(/does not match \/known\/\[slug\]/);
  });
});
