/**
 * The render Lambda end to end: a fixture app built for real, its bundle's handler driven
 * with Function URL events, as Lambda would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp, FIXTURES, type BuiltApp } from '../../../helpers/build-app';
import { functionUrlEvent } from '../../../helpers/function-url-event';

let app: BuiltApp;
let errorsApp: BuiltApp;
const logLines: string[] = [];
let stdoutSpy: jest.SpyInstance;

beforeAll(async () => {
  // As in Lambda, where the handler writes a request's log lines before it answers.
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'render';
  app = await buildApp(path.join(FIXTURES, 'apps', 'basic'));
  errorsApp = await buildApp(path.join(FIXTURES, 'apps', 'custom-errors'));
  // The bundle has its own copy of the logger, which in Lambda writes to file descriptor 1: capture it.
  stdoutSpy = jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, text: string) => {
    if (fd !== 1) throw new Error('only the log writes here');
    for (const line of text.split('\n')) if (line.startsWith('{')) logLines.push(line);
    return Buffer.byteLength(text);
  }) as typeof fs.writeSync);
});

afterAll(() => {
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  stdoutSpy.mockRestore();
  app.cleanup();
  errorsApp.cleanup();
});

beforeEach(() => {
  logLines.length = 0;
});

const get = (url: string, overrides: Parameters<typeof functionUrlEvent>[1] = {}) => app.handler(functionUrlEvent(url, overrides));
/** The page's text as a reader sees it: React's text separators removed. */
const text = (res: { body?: string }) => (res.body ?? '').replace(/<!-- -->/g, '');
const title = (html = '') => html.match(/<title>([^<]*)<\/title>/)?.[1];
const embedded = (html = '') => JSON.parse(html.match(/<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/s)![1]!);
const SSR_CACHE = 'private, no-cache, no-store, max-age=0, must-revalidate';

describe('pages', () => {
  test('a static page is prerendered, cached at the edge, with an ETag', async () => {
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    expect(res.headers!['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers!['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(res.headers!.etag).toMatch(/^"[\w-]+"$/);
    expect(res.body).toContain('<h1>About</h1>');
    expect(title(res.body as string)).toBe('Fixture');
  });

  test('a matching If-None-Match gets 304 without a body', async () => {
    const first = await get('/about');
    const res = await get('/about', { headers: { 'if-none-match': first.headers!.etag as string } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBeUndefined();
  });

  test('_app wraps the page and <Head> tags land in the head, page values winning', async () => {
    const res = await get('/');
    const html = res.body as string;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Home</title>');
    expect(head).toContain('<meta name="description" content="home page"/>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(html).toMatch(/<div class="app-shell"><h1>Home <!-- -->en<\/h1>/);
  });

  test('locales: default unprefixed (or spelled out), others prefixed', async () => {
    expect(text(await get('/'))).toContain('Home en');
    const fr = await get('/fr');
    expect(fr.statusCode).toBe(200);
    expect(text(fr)).toContain('Home fr');
    expect(fr.body).toContain('<html lang="fr">');
    const explicit = await get('/en/about?x=1');
    expect(explicit.statusCode).toBe(200);
    expect(explicit.body).toContain('<html lang="en">');
  });

  test('Link hrefs are resolved with dynamic segments and the query', async () => {
    const html = (await get('/')).body as string;
    expect(html).toContain('href="/props-echo/a%20b?extra=1"');
    expect(text(await get('/fr'))).toContain('href="/fr/about"');
  });

  test('getServerSideProps gets params, query, locale, headers and cookies; no caching', async () => {
    const res = await get('/fr/props-echo/x%20y?q=1&q=2&id=ignored', { headers: { 'x-test': 'yes' }, cookies: ['flavour=mint', 'other=1'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers!['cache-control']).toBe(SSR_CACHE);
    expect(res.headers!.etag).toBeUndefined();
    const props = embedded(res.body as string).props.pageProps;
    expect(props).toEqual({
      params: { id: 'x y' },
      query: { q: ['1', '2'], id: 'x y' },
      locale: 'fr',
      locales: ['en', 'fr', 'de'],
      defaultLocale: 'en',
      header: 'yes',
      cookie: 'mint',
      resolvedUrl: '/props-echo/x%20y?q=1&q=2&id=ignored',
    });
  });

  test('__proto__ in the query or cookies reaches the page as plain data', async () => {
    const res = await get('/props-echo/1?__proto__=x&__proto__=y', { cookies: ['__proto__=evil', 'flavour=lime'] });
    expect(res.statusCode).toBe(200);
    const props = embedded(res.body as string).props.pageProps;
    expect(props.query).toEqual(JSON.parse('{"__proto__":["x","y"],"id":"1"}'));
    expect(props.cookie).toBe('lime');
  });

  test('catch-all and optional catch-all params; static beats catch-all', async () => {
    expect(text(await get('/docs/a/b'))).toContain('docs a|b');
    expect(text(await get('/docs/intro'))).toContain('docs intro (static wins)');
    expect(text(await get('/shop'))).toContain('shop []');
    expect(text(await get('/shop/x/y'))).toContain('shop [x|y]');
  });

  test('getStaticPaths paths are prerendered per locale; others are 404 with fallback false', async () => {
    expect(text(await get('/static-data/a'))).toContain('static a en');
    expect(text(await get('/fr/static-data/b'))).toContain('static b fr');
    expect((await get('/static-data/c')).statusCode).toBe(200);
    const missing = await get('/static-data/b');
    expect(missing.statusCode).toBe(404);
    expect(title(missing.body as string)).toBe('404: This page could not be found');
    expect(app.manifest.routes.find((r) => r.pattern === '/static-data/[slug]')!.prerendered).toHaveLength(3);
  });

  test("fallback: true serves a shell marked isFallback, then the data completes it", async () => {
    const shell = await get('/fallback-true/7');
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('id="loading"');
    expect(embedded(shell.body as string).isFallback).toBe(true);
    const data = await get(`/_app/data/${app.manifest.buildId}/fallback-true/7.json`);
    expect(data.statusCode).toBe(200);
    expect(JSON.parse(data.body as string)).toEqual({ pageProps: { id: '7' } });
    const page = await get('/fallback-true/7');
    expect(text(page)).toContain('item 7');
    expect(embedded(page.body as string).isFallback).toBe(false);
    expect(text(await get('/fallback-true/1'))).toContain('item 1');
  });

  test("fallback: 'blocking' renders on first request and reuses it after", async () => {
    const first = await get('/fallback-blocking/zed');
    expect(first.statusCode).toBe(200);
    expect(first.headers!['cache-control']).toMatch(/^public, /);
    const count = text(first).match(/#(\d+)/)![1];
    const second = await get('/fallback-blocking/zed');
    expect(text(second)).toContain(`#${count}`);
    expect((await get('/fallback-blocking/missing')).statusCode).toBe(404);
    const moved = await get('/fallback-blocking/moved');
    expect(moved.statusCode).toBe(308);
    expect(moved.headers!.location).toBe('/about');
  });

  test('revalidate sets s-maxage to its seconds', async () => {
    const res = await get('/revalidate');
    expect(res.headers!['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=31536000');
  });

  test('redirects: 307 temporary, 308 permanent, with Location', async () => {
    const temp = await get('/redirect-temp');
    expect(temp.statusCode).toBe(307);
    expect(temp.headers!.location).toBe('/about');
    const perm = await get('/redirect-perm');
    expect(perm.statusCode).toBe(308);
    expect(perm.headers!.location).toBe('https://example.com/elsewhere');
  });

  test('notFound: true gives the 404 page', async () => {
    const res = await get('/not-found');
    expect(res.statusCode).toBe(404);
    expect(title(res.body as string)).toBe('404: This page could not be found');
    expect(res.headers!['cache-control']).toBe(SSR_CACHE);
  });

  test('props cannot end the data script element', async () => {
    const html = (await get('/xss')).body as string;
    const script = html.match(/<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/s)![1]!;
    expect(script).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
    expect(embedded(html).props.pageProps.text).toBe('</script><script>window.__pwned = 1</script><!-- \u2028 \u2029 &amp;');
    expect(html).not.toContain('<script>window.__pwned');
  });
});

describe('errors', () => {
  test('no route: 404 with the contract title', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(title(res.body as string)).toBe('404: This page could not be found');
  });

  test('bad percent-encoding: 400', async () => {
    const res = await get('/posts/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(title(res.body as string)).toBe('400: Bad Request');
  });

  test('methods other than GET and HEAD: 405 with Allow', async () => {
    const res = await get('/about', { method: 'POST', body: 'a=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers!.allow).toBe('GET, HEAD');
    expect(title(res.body as string)).toBe('405: Method Not Allowed');
  });

  test('HEAD answers headers without a body', async () => {
    const res = await get('/about', { method: 'HEAD' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBeUndefined();
    expect(Number(res.headers!['content-length'])).toBeGreaterThan(100);
  });

  test('an exception in a data function: 500 page, logged with its stack, nothing leaked', async () => {
    const res = await get('/throws');
    expect(res.statusCode).toBe(500);
    expect(title(res.body as string)).toBe('500: Internal Server Error');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/at \w+ \(/);
    const error = logLines.map((l) => JSON.parse(l)).find((l) => l.level === 'ERROR');
    expect(error).toMatchObject({ error: 'database password is hunter2', requestId: 'req-1', path: '/throws' });
    expect(error.stack).toContain('Error: database password is hunter2');
  });

  test('an exception while rendering: 500', async () => {
    const res = await get('/render-throws');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('internal detail');
  });

  test("the app's own 404 and _error pages replace the built-in ones", async () => {
    const res = await errorsApp.handler(functionUrlEvent('/nowhere'));
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Custom 404');
    expect(title(res.body as string)).toBe('Lost in the hills');
    const bad = await errorsApp.handler(functionUrlEvent('/%zz'));
    expect(bad.statusCode).toBe(400);
    expect(text(bad)).toContain('Custom error 400');
    // The app's own error page has no title unless it writes one, as in the pages router.
    expect(title(bad.body as string)).toBeUndefined();
  });

  test("a failing custom 500 page falls back to the built-in page", async () => {
    const res = await errorsApp.handler(functionUrlEvent('/boom'));
    expect(res.statusCode).toBe(500);
    expect(title(res.body as string)).toBe('500: Internal Server Error');
  });
});

describe('page data', () => {
  const data = (p: string) => `/_app/data/${app.manifest.buildId}${p}`;

  test('static data is JSON, cached like its page', async () => {
    const res = await get(data('/static-data/a.json'));
    expect(res.statusCode).toBe(200);
    expect(res.headers!['content-type']).toBe('application/json');
    expect(JSON.parse(res.body as string)).toEqual({ pageProps: { slug: 'a', locale: 'en' } });
    expect(JSON.parse((await get(data('/fr/static-data/b.json'))).body as string)).toEqual({ pageProps: { slug: 'b', locale: 'fr' } });
  });

  test('index data lives at /index.json', async () => {
    const res = await get(data('/index.json'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body as string)).toEqual({ pageProps: {} });
  });

  test('server data runs per request and is not cached', async () => {
    const res = await get(data('/props-echo/9.json?z=1'), { headers: { 'x-test': 'd' } });
    expect(res.headers!['cache-control']).toBe(SSR_CACHE);
    expect(JSON.parse(res.body as string).pageProps).toMatchObject({ params: { id: '9' }, query: { z: '1', id: '9' }, header: 'd' });
  });

  test('notFound and redirect answers', async () => {
    const nf = await get(data('/not-found.json'));
    expect(nf.statusCode).toBe(404);
    expect(JSON.parse(nf.body as string)).toEqual({ notFound: true });
    const rd = await get(data('/redirect-temp.json'));
    expect(JSON.parse(rd.body as string)).toEqual({ redirect: { destination: '/about', statusCode: 307 } });
    expect((await get(data('/no/route.json'))).statusCode).toBe(404);
  });

  test('an unknown build id is a 404 without notFound, so the client does a full load', async () => {
    const res = await get('/_app/data/oldbuild123/about.json');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body as string)).toEqual({ error: 'unknown build id' });
  });

  test('a failing data function is a JSON 500', async () => {
    const res = await get(data('/throws.json'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
  });
});

describe('logs', () => {
  test('one JSON line per request with the fields operators query', async () => {
    await get('/docs/a', { headers: { 'x-amz-cf-id': 'cf-123' } });
    const lines = logLines.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'INFO', requestId: 'req-1', cfId: 'cf-123', method: 'GET', path: '/docs/a', route: '/docs/[...path]', status: 200 });
    expect(lines[0].durationMs).toEqual(expect.any(Number));
    expect(lines[0].bytes).toBeGreaterThan(100);
  });
});
