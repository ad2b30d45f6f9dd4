/**
 * The client router's core without a browser: a memory history, a fake fetch and fake
 * page loaders. Event order, cancellation, data answers, retries, hash changes, prefetch.
 */
import { createEmitter } from '../../../../web/runtime/shared/events';
import { errorTitle } from '../../../../web/runtime/shared/errors';
import { memoryHistory } from '../../../../web/runtime/browser/history-source';
import { createNavigator, type PageState } from '../../../../web/runtime/browser/navigator';
import type { ClientOptions, ClientRoute } from '../../../../web/runtime/shared/page-types';
import { parseRoutePattern } from '../../../../web/runtime/shared/route-match';
import * as initialPropsModule from '../../../../web/runtime/shared/initial-props';

const Page = () => null;
const NotFound = () => null;

type Answer = { status: number; body?: unknown } | 'network';

function setup(options: { answers?: Record<string, Answer[]>; loaders?: Record<string, () => Promise<{ default: typeof Page }>>; initial?: string; timeoutMs?: number; resolveOnServer?: boolean; routes?: ClientRoute[]; errorPages?: ClientOptions['errorPages']; i18n?: boolean } = {}) {
  const history = memoryHistory(options.initial ?? '/');
  const events = createEmitter();
  const log: unknown[][] = [];
  for (const type of ['routeChangeStart', 'beforeHistoryChange', 'routeChangeComplete', 'routeChangeError', 'hashChangeStart', 'hashChangeComplete']) {
    events.on(type, (...args: unknown[]) => log.push([type, ...args.map((a) => (a instanceof Error ? { cancelled: (a as { cancelled?: boolean }).cancelled === true } : a))]));
  }
  const fetched: string[] = [];
  const answers = options.answers ?? {};
  const fetchImpl = (async (input: string) => {
    fetched.push(input);
    const queue = answers[input.replace(/^\/_app\/data\/b1/, '')];
    const answer = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const { status, body } = answer ?? { status: 200, body: { pageProps: { from: input } } };
    return new Response(JSON.stringify(body ?? {}), { status });
  }) as unknown as typeof fetch;
  const load = (pattern: string) => options.loaders?.[pattern] ?? (async () => ({ default: Page }));
  const route = (pattern: string, kind: ClientRoute['kind']): ClientRoute => ({ pattern, kind, segments: parseRoutePattern(pattern), load: () => load(pattern)() });
  const routes = [route('/', 'ssg'), route('/about', 'static'), route('/posts/[slug]', 'ssg'), route('/live', 'ssr'), route('/docs/[...path]', 'ssr'), route('/shop/[[...f]]', 'static'), ...(options.routes ?? [])];
  const rendered: PageState[] = [];
  const nav = createNavigator({
    buildId: 'b1',
    i18n: options.i18n ?? true,
    locales: ['en', 'fr'],
    defaultLocale: 'en',
    routes,
    errorPages: options.errorPages ?? {},
    initialProps: async () => initialPropsModule,
    errorUi: async () => ({ ErrorPage: NotFound, errorTitle, loadInitialProps: initialPropsModule.loadInitialProps }),
    history,
    events,
    fetch: fetchImpl,
    render: async (state) => void rendered.push(state),
    timeoutMs: options.timeoutMs,
    resolveOnServer: options.resolveOnServer,
  });
  nav.start({ route: '/', Component: Page, props: {}, query: {}, asPath: '/', locale: 'en', isFallback: false, isReady: true });
  return { nav, history, log, fetched, rendered, events };
}

test('a navigation emits start, beforeHistoryChange, complete; pushes history; scrolls to the top', async () => {
  const { nav, history, log, rendered } = setup();
  history.scrollTo(0, 500);
  expect(await nav.push('/posts/hello?x=1')).toBe(true);
  expect(log).toEqual([
    ['routeChangeStart', '/posts/hello?x=1', { shallow: false }],
    ['beforeHistoryChange', '/posts/hello?x=1', { shallow: false }],
    ['routeChangeComplete', '/posts/hello?x=1', { shallow: false }],
  ]);
  expect(history.url()).toBe('/posts/hello?x=1');
  expect(rendered.at(-1)).toMatchObject({ route: '/posts/[slug]', query: { slug: 'hello', x: '1' }, asPath: '/posts/hello?x=1' });
  expect(history.scrollPosition()).toEqual([0, 0]);
});

test('static data is cached per build, server data fetched every time, static pages fetch nothing', async () => {
  const { nav, fetched } = setup();
  await nav.push('/posts/a');
  await nav.push('/about');
  await nav.push('/posts/a');
  await nav.push('/live?q=1');
  await nav.push('/live?q=1');
  expect(fetched).toEqual(['/_app/data/b1/posts/a.json', '/_app/data/b1/live.json?q=1', '/_app/data/b1/live.json?q=1']);
});

test('under stratus dev (a development build) static data is asked for on each visit and never prefetched, as next dev keeps none', async () => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    const { nav, fetched } = setup();
    await nav.prefetch('/posts/a');
    expect(fetched).toEqual([]);
    await nav.push('/posts/a');
    await nav.push('/about');
    await nav.push('/posts/a');
    expect(fetched).toEqual(['/_app/data/b1/posts/a.json', '/_app/data/b1/posts/a.json']);
  } finally {
    process.env.NODE_ENV = before;
  }
});

test('catch-all and optional catch-all params; locale prefixes in data paths', async () => {
  const { nav, rendered, fetched } = setup();
  await nav.push('/docs/a/b');
  expect(rendered.at(-1)!.query).toEqual({ path: ['a', 'b'] });
  await nav.push('/shop');
  expect(rendered.at(-1)!.query).toEqual({});
  await nav.push('/shop/x/y');
  expect(rendered.at(-1)!.query).toEqual({ f: ['x', 'y'] });
  await nav.push('/posts/a', undefined, { locale: 'fr' });
  expect(rendered.at(-1)).toMatchObject({ locale: 'fr', asPath: '/posts/a' });
  expect(fetched.at(-1)).toBe('/_app/data/b1/fr/posts/a.json');
});

test('a newer navigation cancels the older one, which never renders', async () => {
  let release!: () => void;
  const { nav, log, rendered } = setup({ loaders: { '/posts/[slug]': () => new Promise((resolve) => (release = () => resolve({ default: Page }))) } });
  const older = nav.push('/posts/slow');
  await Promise.resolve();
  const newer = nav.push('/about');
  release();
  expect(await older).toBe(false);
  expect(await newer).toBe(true);
  expect(rendered.map((s) => s.route)).toEqual(['/about']);
  expect(log).toContainEqual(['routeChangeError', { cancelled: true }, '/posts/slow', { shallow: false }]);
});

test.each<[string, Answer]>([
  ['5xx', { status: 502 }],
  ['network failure', 'network'],
  ['unknown build id', { status: 404, body: { error: 'unknown build id' } }],
  ['that is no page data (an API route, a file)', { status: 200, body: { fullLoad: true } }],
])('data %s on a navigation makes a full load of the target', async (_name, answer) => {
  const { nav, history, log, rendered } = setup({ answers: { '/live.json': [answer] } });
  expect(await nav.push('/live')).toBe(false);
  expect(history.fullLoads).toEqual(['/live']);
  expect(rendered).toEqual([]);
  expect(log.map((e) => e[0])).toEqual(['routeChangeStart', 'routeChangeError']);
});

test('a page script that fails or times out makes a full load', async () => {
  const { nav, history } = setup({ timeoutMs: 50, loaders: { '/about': () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/_app/static/chunks/page-about.js')), '/live': () => new Promise(() => undefined) } });
  expect(await nav.push('/about')).toBe(false);
  const started = Date.now();
  expect(await nav.push('/live')).toBe(false);
  expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  expect(history.fullLoads).toEqual(['/about', '/live']);
});

test('redirects: internal softly, external with a full load; notFound renders the 404 page; no page, a full load', async () => {
  const { nav, history, rendered } = setup({
    answers: {
      '/docs/old.json': [{ status: 200, body: { redirect: { destination: '/docs/new', statusCode: 307 } } }],
      '/docs/away.json': [{ status: 200, body: { redirect: { destination: 'https://example.com/', statusCode: 307 } } }],
      '/docs/gone.json': [{ status: 404, body: { notFound: true } }],
    },
  });
  expect(await nav.push('/docs/old')).toBe(true);
  expect(history.url()).toBe('/docs/new');
  expect(await nav.push('/docs/away')).toBe(false);
  expect(history.fullLoads).toEqual(['https://example.com/']);
  expect(await nav.push('/docs/gone')).toBe(true);
  expect(rendered.at(-1)).toMatchObject({ route: '/_error', props: { statusCode: 404 }, defaultTitle: '404: This page could not be found' });
  // A path no page serves (an API route, a file, nothing): loaded in full, as the pages router does.
  expect(await nav.push('/no/such/route')).toBe(false);
  expect(await nav.push('/api/hello')).toBe(false);
  expect(history.fullLoads).toEqual(['https://example.com/', '/no/such/route', '/api/hello']);
});

test('on a page of another locale, an API route is loaded at its own path, as the pages router leaves /api unprefixed', async () => {
  const { nav, history } = setup();
  await nav.push('/posts/a', undefined, { locale: 'fr' });
  expect(history.url()).toBe('/fr/posts/a');
  expect(await nav.push('/api/hello?x=1')).toBe(false);
  expect(history.fullLoads).toEqual(['/api/hello?x=1']);
});

test('a URL that spells out the default locale keeps it in the address bar, as the pages router does; the page sees the path without it', async () => {
  const { nav, history, rendered, fetched } = setup({
    answers: { '/fr/live.json': [{ status: 200, body: { redirect: { destination: '/en/about', statusCode: 307 } } }] },
  });
  expect(await nav.push('/en/posts/a')).toBe(true);
  expect(history.url()).toBe('/en/posts/a');
  expect(rendered.at(-1)).toMatchObject({ route: '/posts/[slug]', locale: 'en', asPath: '/posts/a' });
  expect(fetched.at(-1)).toBe('/_app/data/b1/posts/a.json');
  // A redirect of a page of another locale to the default one spelled out (getServerSideProps' `/${locale}/home`).
  await nav.push('/live', undefined, { locale: 'fr' });
  expect(history.url()).toBe('/en/about');
  expect(rendered.at(-1)).toMatchObject({ route: '/about', locale: 'en', asPath: '/about' });
  // Written without a prefix, the default locale stays unwritten; another one is spelled out.
  await nav.push('/posts/b');
  expect(history.url()).toBe('/posts/b');
  await nav.push('/', undefined, { locale: 'fr' });
  expect(history.url()).toBe('/fr');
});

test('an app with rules asks the server what a URL serves, but an API route is loaded in full at once, its page data never asked for', async () => {
  const { nav, history, fetched } = setup({ resolveOnServer: true, answers: { '/to-new.json': [{ status: 200, body: { fullLoad: true } }] } });
  expect(await nav.push('/api/hello?x=1')).toBe(false);
  expect(await nav.push('/fr/api/hello')).toBe(false);
  expect(fetched).toEqual([]);
  // A config redirect's source: its page data is neither props nor an error, and the URL is loaded in full.
  expect(await nav.push('/to-new')).toBe(false);
  expect(fetched).toEqual(['/_app/data/b1/to-new.json']);
  expect(history.fullLoads).toEqual(['/api/hello?x=1', '/fr/api/hello', '/to-new']);
});

test("getInitialProps' context on a navigation: the locales with i18n; without, its locale fields undefined, as the pages router gives them", async () => {
  const seen: unknown[] = [];
  const page = Object.assign(() => null, { getInitialProps: async ({ locale, locales, defaultLocale }: { locale?: string; locales?: string[]; defaultLocale?: string }) => (seen.push([locale, locales, defaultLocale]), {}) });
  const route: ClientRoute = { pattern: '/gip', kind: 'ssr', initialProps: true, segments: parseRoutePattern('/gip'), load: async () => ({ default: page }) };
  await setup({ routes: [route] }).nav.push('/gip', undefined, { locale: 'fr' });
  // The router's own locale settings of an app without i18n: its one default locale.
  const plain = setup({ routes: [route], i18n: false });
  expect(await plain.nav.push('/gip')).toBe(true);
  expect(seen).toEqual([['fr', ['en', 'fr'], 'en'], [undefined, undefined, undefined]]);
  expect(plain.fetched).toEqual([]);
});

test('without i18n a locale-looking first segment is part of the path, as the server reads it: /en/about is no page of the app', async () => {
  const plain = setup({ i18n: false });
  expect(await plain.nav.push('/en/about')).toBe(false);
  expect(plain.history.fullLoads).toEqual(['/en/about']);
  expect(plain.fetched).toEqual([]);
  // With i18n it is the about page in English, spelled out.
  const localized = setup();
  expect(await localized.nav.push('/en/about')).toBe(true);
  expect(localized.rendered.at(-1)).toMatchObject({ route: '/about', asPath: '/about', locale: 'en' });
});

describe('a getInitialProps that throws on a navigation', () => {
  const throwing = Object.assign(() => null, {
    getInitialProps: async () => {
      throw Object.assign(new Error('gip broke'), { statusCode: undefined });
    },
  });
  const route: ClientRoute = { pattern: '/broken', kind: 'ssr', initialProps: true, segments: parseRoutePattern('/broken'), load: async () => ({ default: throwing }) };
  let errors: unknown[][];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    errors = [];
    spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  });
  afterEach(() => spy.mockRestore());

  test("shows the built-in error page in place at the target's URL, without a status (the client-exception page), as the pages router does: no full load", async () => {
    const { nav, history, log, rendered } = setup({ routes: [route] });
    expect(await nav.push('/broken?x=1')).toBe(false);
    expect(history.fullLoads).toEqual([]);
    expect(history.url()).toBe('/broken?x=1');
    expect(rendered.at(-1)).toMatchObject({ route: '/_error', Component: NotFound, props: { statusCode: undefined }, asPath: '/broken?x=1', query: { x: '1' }, defaultTitle: undefined });
    expect(log.map((e) => e[0])).toEqual(['routeChangeStart', 'beforeHistoryChange', 'routeChangeError']);
    expect(errors.map((args) => (args[0] as Error).message)).toEqual(['gip broke']);
    // The next navigation renders normally.
    expect(await nav.push('/about')).toBe(true);
    expect(rendered.at(-1)).toMatchObject({ route: '/about' });
  });

  test('a page module that throws as it runs (not one that failed to load) shows the error page in place too', async () => {
    const { nav, history, rendered } = setup({ loaders: { '/about': () => Promise.reject(new TypeError('Router.on is not a function')) } });
    expect(await nav.push('/about')).toBe(false);
    expect(history.fullLoads).toEqual([]);
    expect(history.url()).toBe('/about');
    expect(rendered.at(-1)).toMatchObject({ route: '/_error', props: { statusCode: undefined } });
    expect(errors.map((args) => String(args[0]))).toEqual(['TypeError: Router.on is not a function']);
    // A script the browser could not load or parse is still a full load.
    const other = setup({ loaders: { '/about': () => Promise.reject(new SyntaxError("Unexpected token '<'")) } });
    expect(await other.nav.push('/about')).toBe(false);
    expect(other.history.fullLoads).toEqual(['/about']);
  });

  test("the app's _error page takes its place, its getInitialProps given err", async () => {
    const CustomError = Object.assign(() => null, { getInitialProps: async ({ err }: { err?: Error }) => ({ message: `caught: ${err?.message}` }) });
    const { nav, history, rendered } = setup({ routes: [route], errorPages: { _error: async () => ({ default: CustomError }) } });
    expect(await nav.push('/broken')).toBe(false);
    expect(history.fullLoads).toEqual([]);
    expect(rendered.at(-1)).toMatchObject({ route: '/_error', Component: CustomError, props: { message: 'caught: gip broke' } });
  });
});

test('hydrating a fallback page retries 5xx up to 3 attempts in all, then shows the 500 page', async () => {
  const ok = setup({ initial: '/posts/new', answers: { '/posts/new.json': [{ status: 500 }, { status: 503 }, { status: 200, body: { pageProps: { done: true } } }] } });
  expect(await ok.nav.hydrateFallback()).toBe(true);
  expect(ok.fetched).toHaveLength(3);
  expect(ok.rendered.at(-1)).toMatchObject({ props: { done: true }, isFallback: false });

  const failing = setup({ initial: '/posts/new', answers: { '/posts/new.json': [{ status: 500 }] } });
  expect(await failing.nav.hydrateFallback()).toBe(true);
  expect(failing.fetched).toHaveLength(3);
  expect(failing.history.fullLoads).toEqual([]);
  expect(failing.rendered.at(-1)).toMatchObject({ props: { statusCode: 500 }, defaultTitle: '500: Internal Server Error' });
});

test('hash-only changes fetch nothing, keep the page, scroll to the hash; back restores positions', async () => {
  const { nav, history, log, fetched, rendered } = setup();
  expect(await nav.push('/#one')).toBe(true);
  expect(await nav.push('#two')).toBe(true);
  expect(fetched).toEqual([]);
  expect(history.scrolledToHash).toEqual(['one', 'two']);
  expect(rendered.at(-1)).toMatchObject({ route: '/', asPath: '/#two' });
  expect(log.map((e) => e[0])).toEqual(['hashChangeStart', 'hashChangeComplete', 'hashChangeStart', 'hashChangeComplete']);
  history.scrollTo(0, 900);
  await nav.push('/about');
  history.go(-1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(history.url()).toBe('/#two');
  expect(history.scrollPosition()).toEqual([0, 900]);
});

test('a bare # (an empty fragment) is a hash change to the top, as the pages router takes it: no data, the page kept', async () => {
  const { nav, history, log, fetched, rendered } = setup();
  await nav.push('/about');
  log.length = 0;
  expect(await nav.push('#')).toBe(true);
  expect(fetched).toEqual([]);
  expect(history.url()).toBe('/about#');
  expect(history.scrolledToHash).toEqual(['']);
  expect(rendered.at(-1)).toMatchObject({ route: '/about', asPath: '/about#' });
  expect(log.map((e) => e[0])).toEqual(['hashChangeStart', 'hashChangeComplete']);
});

test('a shallow change of the search alone keeps the page: its route params, the new search, nothing fetched', async () => {
  const { nav, fetched, rendered } = setup();
  await nav.push('/posts/a');
  const before = fetched.length;
  expect(await nav.push('/posts/a?tab=2', undefined, { shallow: true })).toBe(true);
  expect(fetched).toHaveLength(before);
  expect(rendered.at(-1)).toMatchObject({ route: '/posts/[slug]', query: { slug: 'a', tab: '2' }, asPath: '/posts/a?tab=2' });
});

test("a Link's hover (priority) and unstable_skipClientCache ask for static data again, and the next navigation shows the new data (a regenerated page)", async () => {
  const { nav, fetched, rendered } = setup({ answers: { '/posts/a.json': [{ status: 200, body: { pageProps: { now: 1 } } }, { status: 200, body: { pageProps: { now: 2 } } }, { status: 200, body: { pageProps: { now: 3 } } }] } });
  await nav.prefetch('/posts/a');
  await nav.prefetch('/posts/a');
  expect(fetched).toEqual(['/_app/data/b1/posts/a.json']);
  await nav.prefetch('/posts/a', undefined, { priority: true });
  expect(fetched).toHaveLength(2);
  await nav.push('/posts/a');
  expect(rendered.at(-1)).toMatchObject({ props: { now: 2 } });
  await nav.push('/about');
  await nav.prefetch('/posts/a', undefined, { unstable_skipClientCache: true });
  await nav.push('/posts/a');
  expect(rendered.at(-1)).toMatchObject({ props: { now: 3 } });
  expect(fetched).toHaveLength(3);
});

test('prefetch loads script and static data once, never server data, and the navigation reuses it', async () => {
  const { nav, fetched } = setup();
  await nav.prefetch('/posts/a');
  await nav.prefetch('/posts/a');
  await nav.prefetch('/live');
  await nav.prefetch('https://example.com/');
  expect(fetched).toEqual(['/_app/data/b1/posts/a.json']);
  await nav.push('/posts/a');
  expect(fetched).toEqual(['/_app/data/b1/posts/a.json']);
});

test('beforePopState: returning false leaves back/forward to the app; returning true lets the router navigate', async () => {
  const { nav, history, log, rendered } = setup();
  await nav.push('/about');
  const seen: unknown[] = [];
  nav.beforePopState((state) => {
    seen.push(state);
    return false;
  });
  log.length = 0;
  const renders = rendered.length;
  history.go(-1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(seen).toEqual([{ url: '/', as: '/', options: { shallow: false } }]);
  expect(rendered).toHaveLength(renders);
  expect(log).toEqual([]);
  nav.beforePopState(() => true);
  history.go(1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(rendered.at(-1)).toMatchObject({ route: '/about' });
});

test("href and as apart: the page, its query and its data are href's, the address bar and asPath as's; back and forward return to href's page, and beforePopState sees both", async () => {
  const { nav, history, rendered, fetched } = setup({ routes: [] });
  expect(await nav.push('/?postId=1', '/posts/1')).toBe(true);
  expect(history.url()).toBe('/posts/1');
  expect(rendered.at(-1)).toMatchObject({ route: '/', query: { postId: '1' }, asPath: '/posts/1' });
  expect(fetched.at(-1)).toBe('/_app/data/b1/index.json');
  await nav.push('/about');
  history.go(-1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(rendered.at(-1)).toMatchObject({ route: '/', query: { postId: '1' }, asPath: '/posts/1' });
  history.go(-1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const seen: unknown[] = [];
  nav.beforePopState((state) => {
    seen.push(state);
    return true;
  });
  history.go(1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(seen).toEqual([{ url: '/?postId=1', as: '/posts/1', options: { shallow: false } }]);
  expect(rendered.at(-1)).toMatchObject({ route: '/', query: { postId: '1' }, asPath: '/posts/1' });
  // A route pattern as href names the page as shows, its params from as.
  await nav.push('/posts/[slug]', '/posts/hello?x=1');
  expect(rendered.at(-1)).toMatchObject({ route: '/posts/[slug]', query: { slug: 'hello', x: '1' }, asPath: '/posts/hello?x=1' });
});

test('clicks in quick succession to a server-data page share one data request while it is on its way; a later navigation asks again', async () => {
  const { nav, fetched, rendered } = setup();
  const results = await Promise.all([nav.push('/live?q=1'), nav.push('/live?q=1'), nav.push('/live?q=1'), nav.push('/live?q=1')]);
  expect(results).toEqual([false, false, false, true]);
  expect(fetched).toEqual(['/_app/data/b1/live.json?q=1']);
  expect(rendered.at(-1)).toMatchObject({ route: '/live', query: { q: '1' } });
  await nav.push('/about');
  await nav.push('/live?q=1');
  expect(fetched).toEqual(['/_app/data/b1/live.json?q=1', '/_app/data/b1/live.json?q=1']);
});

test('a push to the URL already shown replaces its entry, as the pages router does: back goes to the page before', async () => {
  const { nav, history, log, rendered } = setup();
  await nav.push('/posts/hello');
  log.length = 0;
  // href apart from as, as is the URL shown (Next's basepath e2e "same asPath but different url").
  expect(await nav.push('/about', '/posts/hello')).toBe(true);
  expect(history.entries.map((e) => e.url)).toEqual(['/', '/posts/hello']);
  expect(rendered.at(-1)).toMatchObject({ route: '/about', asPath: '/posts/hello' });
  expect(log.map((e) => e[0])).toEqual(['routeChangeStart', 'beforeHistoryChange', 'routeChangeComplete']);
  // The same URL again: still one entry, and the page runs again (not a hash change).
  expect(await nav.push('/posts/hello')).toBe(true);
  expect(history.entries.map((e) => e.url)).toEqual(['/', '/posts/hello']);
  expect(rendered.at(-1)).toMatchObject({ route: '/posts/[slug]' });
  history.go(-1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(rendered.at(-1)).toMatchObject({ route: '/', asPath: '/' });
  // Another URL is still pushed.
  await nav.push('/about');
  expect(history.entries.map((e) => e.url)).toEqual(['/', '/about']);
});

test("an error page's own path (/404, /_error; /500 when the app has pages/500) shows that error page, not a dynamic route matching the path", async () => {
  const Custom404 = () => null;
  const Custom500 = () => null;
  const slug: ClientRoute = { pattern: '/[slug]', kind: 'ssg', segments: parseRoutePattern('/[slug]'), load: async () => ({ default: Page }) };
  const { nav, history, rendered, fetched, log } = setup({ routes: [slug], errorPages: { 404: async () => ({ default: Custom404 }) } });
  expect(await nav.push('/404', '/slug-2')).toBe(true);
  expect(history.url()).toBe('/slug-2');
  expect(rendered.at(-1)).toMatchObject({ route: '/404', Component: Custom404, props: { statusCode: 404 }, asPath: '/slug-2' });
  expect(log.at(-1)![0]).toBe('routeChangeComplete');
  // /_error is the _error page (here the built-in one), with 404 as it has no error to show.
  expect(await nav.push('/_error', '/slug-3')).toBe(true);
  expect(rendered.at(-1)).toMatchObject({ route: '/_error', Component: NotFound, props: { statusCode: 404 }, asPath: '/slug-3' });
  expect(await nav.push('/404')).toBe(true);
  expect(rendered.at(-1)).toMatchObject({ route: '/404', asPath: '/404' });
  // Without pages/500, /500 is a path like any other (the pages router lists /500 only when the app has it).
  await nav.push('/500');
  expect(rendered.at(-1)).toMatchObject({ route: '/[slug]', query: { slug: '500' } });
  expect(fetched).toEqual(['/_app/data/b1/500.json']);
  const with500 = setup({ routes: [slug], errorPages: { 500: async () => ({ default: Custom500 }) } });
  await with500.nav.push('/500');
  expect(with500.rendered.at(-1)).toMatchObject({ route: '/500', Component: Custom500, props: { statusCode: 500 } });
  expect(with500.fetched).toEqual([]);
});

test("errors carry the pages router's messages: 'Route Cancelled' (cancelled: true), 'Failed to load static props'", async () => {
  let release!: () => void;
  const { nav, events } = setup({ answers: { '/live.json': [{ status: 500 }], '/posts/gone.json': [{ status: 403 }] }, loaders: { '/about': () => new Promise((resolve) => (release = () => resolve({ default: Page }))) } });
  const errors: { message: string; cancelled?: boolean }[] = [];
  events.on('routeChangeError', (error: Error & { cancelled?: boolean }) => void errors.push({ message: error.message, ...(error.cancelled && { cancelled: true }) }));
  const older = nav.push('/about');
  await Promise.resolve();
  await nav.push('/posts/a');
  release();
  await older;
  await nav.push('/live');
  await nav.push('/posts/gone');
  expect(errors).toEqual([{ message: 'Route Cancelled', cancelled: true }, { message: 'Failed to load static props' }, { message: 'Failed to load static props' }]);
});

test("an optional catch-all pattern as href, with as, names the page as shows, its params from as (not the pattern's root)", async () => {
  const ssg: ClientRoute = { pattern: '/opt/[[...slug]]', kind: 'ssg', segments: parseRoutePattern('/opt/[[...slug]]'), load: async () => ({ default: Page }) };
  const { nav, history, rendered, fetched } = setup({ routes: [ssg] });
  await nav.prefetch('/opt/[[...slug]]', '/opt/value');
  expect(fetched).toEqual(['/_app/data/b1/opt/value.json']);
  expect(await nav.push('/opt/[[...slug]]', '/opt/value')).toBe(true);
  expect(history.url()).toBe('/opt/value');
  expect(history.state()).not.toHaveProperty('href');
  expect(rendered.at(-1)).toMatchObject({ route: '/opt/[[...slug]]', query: { slug: ['value'] }, asPath: '/opt/value' });
  expect(await nav.push({ pathname: '/opt/[[...slug]]' }, '/opt/a/b')).toBe(true);
  expect(rendered.at(-1)).toMatchObject({ query: { slug: ['a', 'b'] }, asPath: '/opt/a/b' });
  // Filled in full from href's query with a key besides the params: the page gets that key, as shows the path.
  expect(await nav.push({ pathname: '/posts/[slug]', query: { slug: 'x', ref: 'y' } }, '/posts/x')).toBe(true);
  expect(rendered.at(-1)).toMatchObject({ route: '/posts/[slug]', query: { slug: 'x', ref: 'y' }, asPath: '/posts/x' });
  // An empty as param list: the root.
  expect(await nav.push('/opt/[[...slug]]', '/opt')).toBe(true);
  expect(rendered.at(-1)).toMatchObject({ query: {}, asPath: '/opt' });
});

test("back to an entry a shallow navigation wrote, after a shallow one, is shallow: no data asked for, the events say so; after a full one it is not", async () => {
  const { nav, history, fetched, log } = setup();
  await nav.push('/live?q=1');
  await nav.push('/live?q=2', undefined, { shallow: true });
  await nav.push('/live?q=3', undefined, { shallow: true });
  fetched.length = 0;
  log.length = 0;
  history.go(-1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetched).toEqual([]);
  expect(log).toContainEqual(['routeChangeComplete', '/live?q=2', { shallow: true }]);
  // A full navigation, then back to the shallow entry: its data again, as the pages router does.
  await nav.push('/about');
  fetched.length = 0;
  history.go(-1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetched).toEqual(['/_app/data/b1/live.json?q=2']);
});
