/**
 * The routing layer in the render core, over an app in memory: the pages router's order
 * (headers → redirects → middleware → beforeFiles → pages and files → afterFiles →
 * dynamic routes → fallback), for pages, page data and API routes alike.
 */
import fc from 'fast-check';
import { checkProperty } from '../../../helpers/property';
import type { ResolvedRouting } from '../../../../contract/routing';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { createRenderApp, type AppModules } from '../../../../lambdas/render/core/render-core';
import type { MiddlewareModule } from '../../../../lambdas/render/routing/middleware';
import type { CoreRequest, CoreResponse } from '../../../../lambdas/shared/http';
import { setLogSink } from '../../../../lambdas/shared/log';
import * as serverRuntime from '../../../../web/runtime/server';
import { NextResponse, type NextRequest } from '../../../../web/runtime/server';
import { useRouter } from 'stratus/router';
import { api, apisOf, BUILD_ID, manifestOf, pagesOf, request, type RouteSpec } from '../memory-app';

const logs: Record<string, unknown>[] = [];
beforeAll(() => setLogSink((line) => logs.push(JSON.parse(line))));

const NO_RULES: ResolvedRouting = { basePath: '', trailingSlash: false, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, headers: [], middleware: false };

const Text = ({ text }: { text: string }) => <p id="text">{text}</p>;
const staticPage = (text: string): RouteSpec => ({ kind: 'static', module: { default: () => <Text text={text} /> } });
const serverPage = (text: string): RouteSpec => ({
  kind: 'ssr',
  module: { default: ({ query }: { query: string }) => <Text text={`${text} ${query}`} />, getServerSideProps: async (ctx: { query: Record<string, unknown> }) => ({ props: { query: JSON.stringify(ctx.query) } }) },
});

const RouterPaths = () => {
  const router = useRouter();
  return <p id="paths">{`${router.pathname} at ${router.asPath}`}</p>;
};

const ROUTES: Record<string, RouteSpec> = {
  '/show/[slug]': { kind: 'ssr', module: { default: RouterPaths, getServerSideProps: async () => ({ props: {} }) } },
  '/': staticPage('home'),
  '/about': staticPage('about'),
  '/posts/[slug]': serverPage('post'),
  '/members': serverPage('members'),
  '/docs/[...path]': serverPage('docs'),
  '/api/hello': api((req, res) => res.status(200).json({ hello: req.headers['x-who'] ?? 'anyone' })),
  '/api/with-cookie': api((_req, res) => {
    res.setHeader('Set-Cookie', 'hello=from-api; Path=/');
    res.status(200).json({ ok: true });
  }),
};

interface Setup {
  routing?: Partial<ResolvedRouting>;
  middleware?: MiddlewareModule;
  fetchOwn?: (path: string, request: CoreRequest) => Promise<CoreResponse>;
  proxy?: (url: URL, request: CoreRequest) => Promise<CoreResponse>;
}

function routedApp(setup: Setup = {}) {
  const manifest = manifestOf(ROUTES);
  manifest.config = { ...manifest.config, routing: { ...NO_RULES, middleware: !!setup.middleware, ...setup.routing } };
  manifest.publicFiles = ['/logo.png', '/files/guide.pdf'];
  const modules: AppModules = {
    pages: pagesOf(ROUTES),
    apis: apisOf(ROUTES),
    errorPages: {},
    ...(setup.middleware ? { middleware: { module: setup.middleware, runtime: serverRuntime } } : {}),
  };
  const app = createRenderApp(modules, manifest, new PageStore(), { routing: { fetchOwn: setup.fetchOwn, proxy: setup.proxy } });
  const context = { requestId: 'r1' };
  return (path: string, overrides: Partial<CoreRequest> = {}) => app.handle(request(path, { ...overrides, headers: { host: 'site.example', ...overrides.headers } }), context);
}

const data = (path: string) => `/_app/data/${BUILD_ID}${path === '/' ? '/index' : path}.json`;
const bodyOf = (response: CoreResponse) => String(response.body ?? '');

describe('redirects()', () => {
  const handle = routedApp({
    routing: {
      redirects: [
        { source: '/blog/:slug', destination: '/posts/:slug', statusCode: 308 },
        { source: '/old-docs/:path*', destination: '/docs/:path*?from=old', statusCode: 307 },
        { source: '/away', destination: 'https://elsewhere.example/landing', statusCode: 302 },
        { source: '/beta', has: [{ type: 'cookie', key: 'beta' }], destination: '/about', statusCode: 307 },
      ],
    },
  });

  test('a match answers with its status and Location, params filled in and the query passed on', async () => {
    const moved = await handle('/blog/hello?ref=feed');
    expect(moved.status).toBe(308);
    expect(moved.headers.location).toBe('/posts/hello?ref=feed');
    const deep = await handle('/old-docs/a/b');
    expect([deep.status, deep.headers.location]).toEqual([307, '/docs/a/b?from=old']);
    expect((await handle('/away')).headers.location).toBe('https://elsewhere.example/landing');
  });

  test('the locale prefix stays on: /fr/blog/x goes to /fr/posts/x', async () => {
    expect((await handle('/fr/blog/hello')).headers.location).toBe('/fr/posts/hello');
  });

  test('a has condition on a cookie: only visitors with it are redirected, and neither answer is shared', async () => {
    const without = await handle('/beta');
    expect(without.status).toBe(404);
    expect(without.headers['cache-control']).toMatch(/private|no-store/);
    const withCookie = await handle('/beta', { headers: { cookie: 'beta=1' } });
    expect([withCookie.status, withCookie.headers.location]).toEqual([307, '/about']);
    expect(withCookie.headers['cache-control']).toMatch(/no-store/);
  });

  test('page data of a redirected path makes the client load the URL in full, as the pages router does: neither props nor an error status (none in the console)', async () => {
    for (const path of ['/blog/hello', '/fr/blog/hello']) {
      const answer = await handle(data(path));
      expect(answer.status).toBe(200);
      expect(JSON.parse(bodyOf(answer))).toEqual({ fullLoad: true });
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers['cache-control']).toMatch(/no-store/);
    }
  });

  test('generated paths: a redirect to a path of the site never leaves it', async () => {
    const open = routedApp({ routing: { redirects: [{ source: '/go/:path*', destination: '/:path*', statusCode: 307 }] } });
    const segment = fc.stringMatching(/^[a-zA-Z0-9%/\\._~:@!$&'()*+,;=-]{0,12}$/);
    await checkProperty(
      'a redirect to a path of the site never leaves it',
      fc.asyncProperty(segment, async (rest) => {
        const answer = await open(`/go/${rest}`);
        expect(answer.status).toBeLessThan(500);
        const location = answer.headers.location;
        if (location !== undefined) {
          expect(location).toMatch(/^\/(?![/\\])/);
          expect(new URL(location, 'https://site.example').origin).toBe('https://site.example');
        }
      }),
      300,
    );
  });
});

describe('headers()', () => {
  const handle = routedApp({
    routing: {
      headers: [
        { source: '/posts/:slug', headers: [{ key: 'X-Post', value: ':slug' }, { key: 'X-Kind', value: 'post' }] },
        { source: '/tagged/:tag', headers: [{ key: 'some:tag', value: 'hi' }, { key: 'x-:tag-seen', value: 'tag :tag, literal :other' }] },
        { source: '/:path*', headers: [{ key: 'X-Kind', value: 'any' }] },
      ],
      redirects: [{ source: '/blog/:slug', destination: '/posts/:slug', statusCode: 308 }],
    },
  });

  test('every matching rule applies, a later one winning; values take params', async () => {
    const answer = await handle('/posts/hello');
    expect(answer.headers['x-post']).toBe('hello');
    expect(answer.headers['x-kind']).toBe('any');
  });

  test('keys take params as values do; a param that would make no valid header leaves that header out', async () => {
    const answer = await handle('/tagged/first');
    expect(answer.headers.somefirst).toBe('hi');
    expect(answer.headers['x-first-seen']).toBe('tag first, literal :other');
    const odd = await handle('/tagged/a(b');
    expect(odd.status).toBe(404);
    expect(Object.keys(odd.headers).filter((name) => name.startsWith('some') || name.endsWith('-seen'))).toEqual([]);
  });

  test('a source that takes the empty path takes the home page: /:path* applies to /', async () => {
    expect((await handle('/')).headers['x-kind']).toBe('any');
  });

  test('headers apply to redirects, 404s and API routes too', async () => {
    expect((await handle('/blog/x')).headers['x-kind']).toBe('any');
    expect((await handle('/nowhere')).headers['x-kind']).toBe('any');
    expect((await handle('/api/hello')).headers['x-kind']).toBe('any');
  });
});

describe('rewrites()', () => {
  const own: string[] = [];
  const handle = routedApp({
    routing: {
      rewrites: {
        beforeFiles: [{ source: '/about', has: [{ type: 'query', key: 'v', value: '2' }], destination: '/posts/about-v2' }],
        afterFiles: [
          { source: '/guide/:path*', destination: '/docs/:path*' },
          { source: '/brand', destination: '/logo.png' },
          { source: '/hello-api', destination: '/api/hello' },
          { source: '/posts/:slug', destination: '/about' },
          { source: '/p/:slug', destination: '/show/:slug' },
          { source: '/promo', destination: '/about?from=config' },
          { source: '/about-us', destination: '/about' },
        ],
        fallback: [{ source: '/:path*', destination: '/posts/fallback' }],
      },
    },
    fetchOwn: async (path) => {
      own.push(path);
      return { status: 200, headers: { 'content-type': 'image/png' }, body: new Uint8Array([137, 80, 78, 71]) };
    },
  });

  test('afterFiles: the rewritten page answers, its query holds the params; the URL stays', async () => {
    const answer = await handle('/guide/intro/setup');
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toContain('docs');
    expect(bodyOf(answer)).toContain('&quot;path&quot;:[&quot;intro&quot;,&quot;setup&quot;]');
  });

  test('beforeFiles runs before pages: /about?v=2 is served by another page, /about alone is the page', async () => {
    expect(bodyOf(await handle('/about?v=2'))).toMatch(/post .*about-v2/);
    expect(bodyOf(await handle('/about'))).toContain('>about<');
  });

  test('afterFiles does not shadow a dynamic route… no: afterFiles come before dynamic routes', async () => {
    // /posts/:slug → /about is an afterFiles rule: it wins over the /posts/[slug] page.
    expect(bodyOf(await handle('/posts/anything'))).toContain('>about<');
  });

  test("the page's asPath is the visited URL, its pathname the page's: rendered as the browser hydrates it", async () => {
    expect(bodyOf(await handle('/p/hello?ref=x'))).toContain('/show/[slug] at /p/hello?ref=x');
    expect(bodyOf(await handle('/show/hello?ref=x'))).toContain('/show/[slug] at /show/hello?ref=x');
  });

  test("a static page a rewrite gave a search is told it (its embedded data's rewriteSearch, for router.query once hydrated); without one it is the stored page, ETag and all", async () => {
    const embedded = (answer: CoreResponse) => JSON.parse(/<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/.exec(bodyOf(answer))![1]!) as { query: object; rewriteSearch?: string };
    const promo = await handle('/promo?x=1');
    expect(promo.status).toBe(200);
    expect(bodyOf(promo)).toContain('about');
    const data = embedded(promo);
    expect(Object.fromEntries(new URLSearchParams(data.rewriteSearch))).toEqual({ x: '1', from: 'config' });
    expect(data.query).toEqual({});
    expect(promo.headers.etag).toBeUndefined();
    // A param the destination does not use goes into the query, as the pages router passes it.
    expect(Object.fromEntries(new URLSearchParams(embedded(await handle('/posts/x?y=2')).rewriteSearch))).toEqual({ y: '2', slug: 'x' });
    for (const path of ['/about', '/about-us?y=2']) {
      const stored = await handle(path);
      expect(embedded(stored).rewriteSearch).toBeUndefined();
      expect(stored.headers.etag).toBeDefined();
    }
  });

  test('fallback: only what nothing else answers', async () => {
    expect(bodyOf(await handle('/completely/unknown'))).toMatch(/post .*fallback/);
  });

  test('a rewrite to a public file gets the file, fetched from the site itself', async () => {
    const answer = await handle('/brand');
    expect(answer.headers['content-type']).toBe('image/png');
    expect(own).toEqual(['/logo.png']);
  });

  test("with the default locale spelled out too, the file itself (as the pages router serves it); another locale's prefix is no file", async () => {
    own.length = 0;
    expect((await handle('/en/brand')).headers['content-type']).toBe('image/png');
    expect(own).toEqual(['/logo.png']);
    expect((await handle('/fr/brand')).status).toBe(404);
  });

  test('a page path rewritten to an API route is answered by the route', async () => {
    const answer = await handle('/hello-api', { headers: { 'x-who': 'ann' } });
    expect(JSON.parse(bodyOf(answer))).toEqual({ hello: 'ann' });
  });

  test('page data names the page a rewrite chose, so the client shows it', async () => {
    const answer = await handle(data('/guide/intro'));
    expect(answer.status).toBe(200);
    expect(answer.headers['x-stratus-rewrite']).toBe('/docs/intro');
    expect(JSON.parse(bodyOf(answer)).pageProps.query).toContain('intro');
    // No rewrite, no header.
    expect((await handle(data('/about'))).headers['x-stratus-rewrite']).toBeUndefined();
  });

  test('page data of a path rewritten to a file or another origin makes the client load in full (no error status, none in the console)', async () => {
    const answer = await handle(data('/brand'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(bodyOf(answer))).toEqual({ fullLoad: true });
    expect(answer.headers['cache-control']).toMatch(/no-store/);
  });
});

describe('rewrites to another origin', () => {
  test('are proxied: the answer passes through, the site-only headers stay behind', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const handle = routedApp({
      routing: { rewrites: { beforeFiles: [], afterFiles: [{ source: '/ext/:path*', destination: 'https://upstream.example/:path*' }], fallback: [] } },
      proxy: async (url, req) => {
        seen.push({ url: url.href, headers: req.headers });
        return { status: 201, headers: { 'content-type': 'text/plain' }, body: 'from upstream' };
      },
    });
    const answer = await handle('/ext/a/b?q=1');
    expect([answer.status, bodyOf(answer)]).toEqual([201, 'from upstream']);
    expect(seen[0]!.url).toBe('https://upstream.example/a/b?q=1');
  });
});

describe('trailingSlash', () => {
  test('false (the default): /about/ answers 308 to /about, query kept', async () => {
    const handle = routedApp();
    const answer = await handle('/about/?x=1');
    expect([answer.status, answer.headers.location]).toEqual([308, '/about?x=1']);
  });

  test('true: /about answers 308 to /about/, which is the page; files keep their names', async () => {
    const handle = routedApp({ routing: { trailingSlash: true } });
    expect((await handle('/about')).headers.location).toBe('/about/');
    expect((await handle('/about/')).status).toBe(200);
    expect((await handle('/report.pdf')).status).toBe(404);
    expect((await handle('/')).status).toBe(200);
  });

  test('true: a redirect rule lands on the slashed URL', async () => {
    const handle = routedApp({ routing: { trailingSlash: true, redirects: [{ source: '/old', destination: '/about', statusCode: 308 }] } });
    expect((await handle('/old/')).headers.location).toBe('/about/');
  });

  test('true: a rule whose source is written with the slash (/country/) takes the slashed URL, as the pages router does', async () => {
    const handle = routedApp({ routing: { trailingSlash: true, rewrites: { beforeFiles: [], afterFiles: [{ source: '/country/', destination: '/' }], fallback: [] } } });
    const answer = await handle('/country/');
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toContain('home');
    expect((await handle('/country')).headers.location).toBe('/country/');
  });
});

describe('skipTrailingSlashRedirect', () => {
  test('both spellings answer with the page, neither redirected; a server page sees the URL as asked for', async () => {
    const handle = routedApp({ routing: { skipTrailingSlashRedirect: true } });
    for (const path of ['/about', '/about/']) expect([path, (await handle(path)).status]).toEqual([path, 200]);
    expect(bodyOf(await handle('/show/x/'))).toContain('/show/[slug] at /show/x/');
    expect(bodyOf(await handle('/show/x'))).toContain('/show/[slug] at /show/x<');
  });

  test('with trailingSlash and a basePath too: no redirect of a page or of the basePath itself', async () => {
    const handle = routedApp({ routing: { skipTrailingSlashRedirect: true, trailingSlash: true, basePath: '/base' } });
    for (const path of ['/base', '/base/', '/base/about', '/base/about/']) expect([path, (await handle(path)).status]).toEqual([path, 200]);
  });

  test('config redirects still apply', async () => {
    const handle = routedApp({ routing: { skipTrailingSlashRedirect: true, redirects: [{ source: '/old', destination: '/about', statusCode: 307 }] } });
    expect([(await handle('/old')).status, (await handle('/old')).headers.location]).toEqual([307, '/about']);
  });
});

describe('basePath', () => {
  const handle = routedApp({ routing: { basePath: '/docs-site', redirects: [{ source: '/old', destination: '/about', statusCode: 308 }] } });

  test('pages are served under it, and nothing outside it', async () => {
    expect(bodyOf(await handle('/docs-site/about'))).toContain('>about<');
    expect((await handle('/docs-site')).status).toBe(200);
    expect((await handle('/about')).status).toBe(404);
    expect((await handle('/docs-siteabout')).status).toBe(404);
  });

  test('a basePath: false redirect answers paths outside the basePath (the others do not see them)', async () => {
    const site = routedApp({
      routing: {
        basePath: '/docs-site',
        redirects: [
          { source: '/legacy/:page', destination: '/docs-site/:page', basePath: false, statusCode: 308 },
          { source: '/about-old', destination: '/about', statusCode: 308 },
        ],
      },
    });
    const moved = await site('/legacy/about?x=1');
    expect([moved.status, moved.headers.location]).toEqual([308, '/docs-site/about?x=1']);
    expect((await site('/about-old')).status).toBe(404);
    expect((await site('/docs-site/about-old')).headers.location).toBe('/docs-site/about');
  });

  test("a data function's redirect goes under it, unless it says basePath: false", async () => {
    const manifestRoutes: Record<string, RouteSpec> = {
      ...ROUTES,
      '/go': { kind: 'ssr', module: { default: () => null, getServerSideProps: async () => ({ redirect: { destination: '/about', permanent: false } }) } },
      '/leave': { kind: 'ssr', module: { default: () => null, getServerSideProps: async () => ({ redirect: { destination: '/elsewhere', permanent: false, basePath: false } }) } },
    };
    const manifest = manifestOf(manifestRoutes);
    manifest.config = { ...manifest.config, routing: { ...NO_RULES, basePath: '/docs-site' } };
    const app = createRenderApp({ pages: pagesOf(manifestRoutes), apis: apisOf(manifestRoutes), errorPages: {} }, manifest, new PageStore());
    const get = (path: string) => app.handle(request(path, { headers: { host: 'site.example' } }), { requestId: 'r1' });
    expect((await get('/docs-site/go')).headers.location).toBe('/docs-site/about');
    expect((await get('/docs-site/leave')).headers.location).toBe('/elsewhere');
  });

  test('a middleware without a matcher runs outside it too, its nextUrl.basePath empty; setting url.basePath redirects under it, as in the pages router', async () => {
    const seen: string[] = [];
    const site = routedApp({
      routing: { basePath: '/root' },
      middleware: {
        middleware(request: NextRequest) {
          const url = request.nextUrl;
          seen.push(`${url.basePath || '(none)'} ${url.pathname}`);
          if (url.pathname === '/redirect-with-basepath' && !url.basePath) {
            url.basePath = '/root';
            return NextResponse.redirect(url);
          }
          if (url.pathname === '/redirect-with-basepath') {
            url.pathname = '/about';
            return NextResponse.rewrite(url);
          }
          return undefined;
        },
      },
    });
    const moved = await site('/redirect-with-basepath');
    expect([moved.status, moved.headers.location]).toEqual([307, '/root/redirect-with-basepath']);
    expect(bodyOf(await site('/root/redirect-with-basepath'))).toContain('>about<');
    // Going on outside the basePath meets no page: the 404.
    expect((await site('/elsewhere')).status).toBe(404);
    expect(seen).toEqual(['(none) /redirect-with-basepath', '/root /redirect-with-basepath', '(none) /elsewhere']);
  });

  test('redirect destinations and page data are under it too', async () => {
    expect((await handle('/docs-site/old')).headers.location).toBe('/docs-site/about');
    expect((await handle(`/docs-site${data('/about')}`)).status).toBe(200);
  });
});

describe('middleware', () => {
  const calls: string[] = [];
  const middleware: MiddlewareModule = {
    config: { matcher: ['/members/:path*', '/api/:path*', '/about'] },
    middleware(request: NextRequest) {
      calls.push(`${request.method} ${request.nextUrl.pathname} ${request.nextUrl.locale}`);
      if (request.nextUrl.pathname === '/about' && request.nextUrl.searchParams.has('boom')) throw new Error('middleware exploded');
      if (request.nextUrl.pathname === '/about' && request.nextUrl.searchParams.has('teapot')) return new NextResponse('short and stout', { status: 418, headers: { 'content-type': 'text/plain' } });
      // Not a Response, though it carries the key NextResponse keeps its action under.
      if (request.nextUrl.pathname === '/about' && request.nextUrl.searchParams.has('forged')) return { [Symbol.for('stratus.middleware.action')]: { kind: 'next' } } as unknown as NextResponse;
      if (request.nextUrl.pathname.startsWith('/api')) {
        const headers = new Headers(request.headers);
        headers.set('x-who', 'middleware');
        return NextResponse.next({ request: { headers } });
      }
      if (!request.cookies.get('member')) {
        const url = request.nextUrl.clone();
        url.pathname = '/about';
        return NextResponse.redirect(url);
      }
      const response = NextResponse.rewrite(new URL('/posts/members-only', request.url));
      response.headers.set('x-gate', 'open');
      response.cookies.set('seen', '1');
      return response;
    },
  };
  const handle = routedApp({ middleware, routing: { rewrites: { beforeFiles: [], afterFiles: [{ source: '/sneak', destination: '/members' }], fallback: [] } } });

  beforeEach(() => (calls.length = 0));

  test('a gate: without the cookie a redirect, kept to the visitor, the locale kept', async () => {
    const answer = await handle('/fr/members');
    expect([answer.status, answer.headers.location]).toEqual([307, '/fr/about']);
    expect(answer.headers['cache-control']).toMatch(/no-store/);
    expect(calls).toEqual(['GET /members fr']);
  });

  test('with the cookie: its rewrite serves another page, with its headers and cookies, not cacheable by others', async () => {
    const answer = await handle('/members', { headers: { cookie: 'member=ann' } });
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toContain('members-only');
    expect(answer.headers['x-gate']).toBe('open');
    expect(answer.cookies).toEqual([expect.stringMatching(/^seen=1; Path=\//)]);
    expect(answer.headers['cache-control']).toMatch(/private/);
  });

  test('runs for page data (by the page path) and API routes, not for paths its matcher leaves', async () => {
    const redirected = await handle(data('/members'));
    expect(JSON.parse(bodyOf(redirected))).toEqual({ redirect: { destination: '/about', statusCode: 307 } });
    // The header the pages router's client follows, and no Location (a fetch must not follow it).
    expect(redirected.headers['x-nextjs-redirect']).toBe('/about');
    expect(redirected.headers.location).toBeUndefined();
    const api = await handle('/api/hello');
    expect(JSON.parse(bodyOf(api))).toEqual({ hello: 'middleware' });
    await handle('/posts/x');
    expect(calls).toEqual(['GET /members en', 'GET /api/hello en']);
  });

  test('its own response is the answer', async () => {
    const answer = await handle('/about?teapot');
    expect([answer.status, bodyOf(answer)]).toEqual([418, 'short and stout']);
  });

  test('a config rewrite cannot reach a page middleware would refuse', async () => {
    const answer = await handle('/sneak');
    expect([answer.status, answer.headers.location]).toEqual([307, '/about']);
  });

  test('an answer that is not a Response, even one carrying NextResponse\'s action key, gives the 500 page and says why in the log', async () => {
    logs.length = 0;
    const answer = await handle('/about?forged');
    expect(answer.status).toBe(500);
    const error = logs.find((line) => line.level === 'ERROR');
    expect(String(error?.stack)).toContain('middleware must return a NextResponse, a Response, or nothing.');
  });

  test('a throwing middleware gives the 500 page and a log line with its stack', async () => {
    logs.length = 0;
    const answer = await handle('/about?boom');
    expect(answer.status).toBe(500);
    expect(bodyOf(answer)).not.toContain('middleware exploded');
    const error = logs.find((line) => line.level === 'ERROR');
    expect(String(error?.stack)).toContain('middleware exploded');
  });

  test('an asynchronous middleware is awaited, and so is the work it hands to waitUntil, before the answer', async () => {
    const done: string[] = [];
    const handleAsync = routedApp({
      middleware: {
        config: { matcher: ['/members', '/about'] },
        async middleware(request: NextRequest, event) {
          event.waitUntil(new Promise((resolve) => setTimeout(resolve, 5)).then(() => done.push(request.nextUrl.pathname)));
          await new Promise((resolve) => setImmediate(resolve));
          if (request.nextUrl.searchParams.has('boom')) throw new Error('late explosion');
          return request.nextUrl.pathname === '/members' ? NextResponse.redirect(new URL('/about', request.url)) : undefined;
        },
      },
    });
    const redirected = await handleAsync('/members');
    expect([redirected.status, redirected.headers.location, done]).toEqual([307, '/about', ['/members']]);
    const through = await handleAsync('/about');
    expect([through.status, done]).toEqual([200, ['/members', '/about']]);
    expect((await handleAsync('/about?boom')).status).toBe(500);
  });

  test("request.ip is X-Real-IP (the viewer-request function's record of the viewer), never what a visitor wrote into X-Forwarded-For", async () => {
    const seen: (string | undefined)[] = [];
    const handleIp = routedApp({ middleware: { middleware: (request: NextRequest) => void seen.push(request.ip) } });
    await handleIp('/about', { headers: { 'x-real-ip': ' 203.0.113.7 ', 'x-forwarded-for': '10.9.9.9, 203.0.113.7' } });
    await handleIp('/about', { headers: { 'x-real-ip': '2001:db8::1' } });
    await handleIp('/about', { headers: { 'x-forwarded-for': '10.9.9.9' } });
    await handleIp('/about');
    expect(seen).toEqual(['203.0.113.7', '2001:db8::1', undefined, undefined]);
  });

  test('middleware exports that cannot run fail at cold start (and so the build), saying what to write', () => {
    expect(() => routedApp({ middleware: {} as MiddlewareModule })).toThrow(/middleware\.ts must export a function/);
    expect(() => routedApp({ middleware: { middleware: () => undefined, config: { matcher: 'members' } } })).toThrow(/must be a path starting with "\/"/);
  });
});

describe("middleware's NextResponse.next() cookies on API routes", () => {
  const handle = routedApp({
    middleware: {
      config: { matcher: '/api/:path*' },
      middleware: () => {
        const response = NextResponse.next();
        response.cookies.set('from-middleware', '1');
        return response;
      },
    },
  });

  test("reach the route's answer before the handler's own, as the pages router merges them; and a route that sets none", async () => {
    const withCookie = await handle('/api/with-cookie');
    expect(withCookie.status).toBe(200);
    expect(withCookie.cookies).toEqual([expect.stringMatching(/^from-middleware=1; Path=\//), 'hello=from-api; Path=/']);
    const without = await handle('/api/hello');
    expect(without.cookies).toEqual([expect.stringMatching(/^from-middleware=1; Path=\//)]);
  });
});

describe('middleware on a site with trailingSlash: true', () => {
  const urls: string[] = [];
  const middleware: MiddlewareModule = {
    middleware(request: NextRequest) {
      urls.push(new URL(request.url).pathname);
      const url = request.nextUrl;
      if (url.pathname === '/members/') {
        url.pathname = '/about';
        return NextResponse.rewrite(url);
      }
      if (url.pathname === '/away/') {
        url.pathname = '/posts/a';
        return NextResponse.redirect(url);
      }
      return NextResponse.next();
    },
  };
  const handle = routedApp({ middleware, routing: { trailingSlash: true, rewrites: { beforeFiles: [], afterFiles: [{ source: '/sneak', destination: '/members' }], fallback: [] } } });
  beforeEach(() => (urls.length = 0));

  test("page data reaches it as its page's URL, trailing slash and all, so a navigation's data is rewritten as the page is", async () => {
    const page = await handle('/members/');
    expect(bodyOf(page)).toContain('about');
    const pageData = await handle(data('/members'));
    expect(pageData.status).toBe(200);
    expect(pageData.headers['x-stratus-rewrite']).toBe('/about/');
    expect(urls).toEqual(['/members/', '/members/']);
  });

  test("a config rewrite's destination reaches it as a visit would, slash and all, for the page and its data alike", async () => {
    expect(bodyOf(await handle('/sneak/'))).toContain('about');
    expect((await handle(data('/sneak'))).headers['x-stratus-rewrite']).toBe('/about/');
    expect(urls).toEqual(['/sneak/', '/members/', '/sneak/', '/members/']);
  });

  test('nextUrl keeps the trailing slash the request had: a path set to /posts/a on /away/ redirects to /posts/a/', async () => {
    const answer = await handle('/away/');
    expect([answer.status, answer.headers.location]).toEqual([307, '/posts/a/']);
  });
});

describe("middleware's rewrite meets the config's rewrites, as in the pages router", () => {
  const middleware: MiddlewareModule = {
    config: { matcher: ['/to-before', '/to-after'] },
    middleware(request: NextRequest) {
      const url = request.nextUrl;
      url.pathname = url.pathname === '/to-before' ? '/before-source' : '/after-source';
      return NextResponse.rewrite(url);
    },
  };
  const handle = routedApp({
    middleware,
    routing: { rewrites: { beforeFiles: [{ source: '/before-source', destination: '/about' }], afterFiles: [{ source: '/after-source', destination: '/posts/from-rule' }], fallback: [] } },
  });

  test('a rewrite to a beforeFiles or afterFiles source lands where that rule sends it, for the page and its data', async () => {
    expect(bodyOf(await handle('/to-before'))).toContain('about');
    expect(bodyOf(await handle('/to-after'))).toContain('post');
    expect((await handle(data('/to-before'))).headers['x-stratus-rewrite']).toBe('/about');
    const after = await handle(data('/to-after'));
    expect(after.headers['x-stratus-rewrite']).toBe('/posts/from-rule');
    expect(JSON.parse(bodyOf(after)).pageProps.query).toContain('from-rule');
  });
});

describe('a matcher for the root', () => {
  const marked = (config: MiddlewareModule['config']) =>
    routedApp({ middleware: { config, middleware: () => { const res = NextResponse.next(); res.headers.set('x-from-middleware', 'true'); return res; } } });

  test('also takes /index and /<locale>/index (the home page\'s other spelling), as the pages router\'s does, and nothing else', async () => {
    for (const config of [{ matcher: '/' }, { matcher: [{ source: '/' }] }]) {
      const handle = marked(config);
      const seen = async (path: string) => (await handle(path)).headers['x-from-middleware'] ?? 'none';
      expect(await Promise.all(['/', '/index', '/fr', '/fr/index', data('/'), '/about', '/indexes', '/index/more'].map(seen))).toEqual(['true', 'true', 'true', 'true', 'true', 'none', 'none', 'none']);
    }
  });

  test('other matchers are unchanged: /about does not take /about/index', async () => {
    const handle = marked({ matcher: '/about' });
    expect([(await handle('/about')).headers['x-from-middleware'], (await handle('/about/index')).headers['x-from-middleware']]).toEqual(['true', undefined]);
  });
});

describe("the documented 'default' locale trick (a locale named default, middleware sending it on)", () => {
  test('unprefixed paths are the default locale for middleware, which redirects them to a real locale; prefixed ones are served', async () => {
    const manifest = manifestOf(ROUTES);
    manifest.config = { ...manifest.config, locales: ['default', 'en', 'fr'], defaultLocale: 'default', i18n: true, routing: { ...NO_RULES, middleware: true } };
    const middleware: MiddlewareModule = {
      middleware(request: NextRequest) {
        if (request.nextUrl.locale !== 'default') return undefined;
        const locale = request.cookies.get('NEXT_LOCALE')?.value || 'en';
        return NextResponse.redirect(new URL(`/${locale}${request.nextUrl.pathname}${request.nextUrl.search}`, request.url));
      },
    };
    const app = createRenderApp({ pages: pagesOf(ROUTES), apis: apisOf(ROUTES), errorPages: {}, middleware: { module: middleware, runtime: serverRuntime } }, manifest, new PageStore());
    const get = (path: string, headers: Record<string, string> = {}) => app.handle(request(path, { headers: { host: 'site.example', ...headers } }), { requestId: 'r1' });
    expect((await get('/about?x=1')).headers.location).toBe('/en/about?x=1');
    expect((await get('/about', { cookie: 'NEXT_LOCALE=fr' })).headers.location).toBe('/fr/about');
    const served = await get('/fr/about');
    expect(served.status).toBe(200);
    expect(bodyOf(served)).toContain('>about<');
  });
});

describe('NextRequest', () => {
  test('reads like a web Request: url, method, headers, cookies, nextUrl and the body', async () => {
    const request = new serverRuntime.NextRequest('https://site.example/base/fr/members?x=1', {
      method: 'POST',
      headers: { cookie: 'session=abc; theme=dark', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
      nextConfig: { basePath: '/base', locales: ['en', 'fr'], defaultLocale: 'en', i18n: true },
    });
    expect([request.method, request.url]).toEqual(['POST', 'https://site.example/base/fr/members?x=1']);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.cookies.get('session')?.value).toBe('abc');
    expect([request.nextUrl.pathname, request.nextUrl.locale, request.nextUrl.searchParams.get('x')]).toEqual(['/members', 'fr', '1']);
    const moved = request.nextUrl.clone();
    moved.pathname = '/sign-in';
    expect(moved.href).toBe('https://site.example/base/fr/sign-in?x=1');
    // An API route is never under a locale: its href keeps none, as the pages router's NextURL writes it.
    moved.pathname = '/api/ok';
    expect([moved.href, moved.locale]).toEqual(['https://site.example/base/api/ok?x=1', 'fr']);
    expect(await request.json()).toEqual({ name: 'Ada' });
    expect(request.raw()).toBeInstanceOf(Request);
  });
});

describe('hostile input', () => {
  test('generated paths, queries, cookies and headers through every rule kind and middleware: a 4xx or an answer, never a 5xx', async () => {
    const middleware: MiddlewareModule = {
      config: { matcher: ['/members/:path*', '/((?!api).*)'] },
      middleware: (request: NextRequest) => (request.cookies.get('gate')?.value === 'closed' ? NextResponse.redirect(new URL('/about', request.url)) : NextResponse.next()),
    };
    const handle = routedApp({
      middleware,
      routing: {
        basePath: '',
        redirects: [{ source: '/r/:a/:b*', destination: '/posts/:a?b=:b*', statusCode: 307 }, { source: '/h', has: [{ type: 'header', key: 'x-h', value: '(?<v>.*)' }], destination: '/posts/:v', statusCode: 307 }],
        rewrites: { beforeFiles: [{ source: '/q', has: [{ type: 'query', key: 'to' }], destination: '/posts/:to' }], afterFiles: [{ source: '/w/:x?', destination: '/docs/:x?' }], fallback: [{ source: '/:path*', destination: '/posts/fallback' }] },
        headers: [{ source: '/:first/:rest*', headers: [{ key: 'x-first', value: ':first' }] }],
      },
    });
    const piece = fc.oneof(fc.constantFrom('r', 'h', 'q', 'w', 'members', 'api', 'posts', '%', '%2F', '%00', '..', '\\', '__proto__', 'é', '%E9'), fc.string({ maxLength: 8 }));
    const path = fc.array(piece, { maxLength: 5 }).map((parts) => '/' + parts.join('/'));
    const query = fc.constantFrom('', 'to=x', 'to=%2F%2Fevil.example', 'to=__proto__', 'a=%', 'to');
    const cookie = fc.constantFrom('', 'gate=closed', 'gate=%', '__proto__=1', 'a');
    const header = fc.constantFrom('', '//evil.example', '\\evil', 'x'.repeat(500));
    await checkProperty(
      'the routing layer answers hostile requests without a 5xx',
      fc.asyncProperty(path, query, cookie, header, async (p, q, c, h) => {
        const answer = await handle(p + (q ? `?${q}` : ''), { headers: { cookie: c, 'x-h': h } });
        expect(answer.status).toBeLessThan(500);
        const location = answer.headers.location;
        if (location) expect(new URL(location, 'https://site.example').host).toBe('site.example');
      }),
      300,
    );
  });
});
