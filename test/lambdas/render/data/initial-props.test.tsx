/** getInitialProps on pages and on `_app`, and the static custom 404, in memory. */
import type { ComponentType } from 'react';
import { NO_STORE, staticCacheControl } from '../../../../lambdas/shared/cache-control';
import type { AppComponent, InitialPropsContext, PageModule } from '../../../../web/runtime/shared/page-types';
import { createDraftMode } from '../../../../lambdas/render/api/draft-mode';
import { api, captureLogs, embeddedData, memoryApp, request, titleOf } from '../memory-app';

const context = { requestId: 'req-1' };

function gipPage(getInitialProps: (ctx: InitialPropsContext) => unknown): PageModule {
  const Page = ({ greeting }: { greeting: string }) => <p>{greeting}</p>;
  return { default: Object.assign(Page, { getInitialProps }) };
}

test("a page's getInitialProps gives its props, with req, res and the router fields", async () => {
  const seen: unknown[] = [];
  const page = gipPage((ctx) => {
    seen.push({ pathname: ctx.pathname, query: { ...ctx.query }, asPath: ctx.asPath, locale: ctx.locale, locales: ctx.locales, defaultLocale: ctx.defaultLocale, ua: ctx.req!.headers['user-agent'] });
    ctx.res!.setHeader('x-from', 'gip');
    return { greeting: `hi ${ctx.query.name}` };
  });
  const { app } = memoryApp({ '/greet/[name]': { kind: 'ssr', module: page } });
  const res = await app.handle(request('/fr/greet/ada?x=1', { headers: { 'user-agent': 'jest' } }), context);
  expect(res.status).toBe(200);
  expect(res.headers['x-from']).toBe('gip');
  expect(res.headers['cache-control']).toBe(NO_STORE);
  expect(res.body).toContain('<p>hi ada</p>');
  expect(embeddedData(res.body as string).props).toEqual({ pageProps: { greeting: 'hi ada' } });
  expect(seen).toEqual([{ pathname: '/greet/[name]', query: { x: '1', name: 'ada' }, asPath: '/greet/ada?x=1', locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en', ua: 'jest' }]);
});

test("_app.getInitialProps gets the AppContext and its pageProps feed the page (it calls the page's own)", async () => {
  const page = gipPage(() => ({ greeting: 'from the page' }));
  const App: AppComponent = Object.assign(({ Component, pageProps }: { Component: ComponentType<any>; pageProps: Record<string, unknown> }) => <main><Component {...pageProps} /></main>, {
    async getInitialProps({ Component, ctx, router }: { Component: any; ctx: InitialPropsContext; router: { pathname: string } }) {
      const own = Component.getInitialProps ? await Component.getInitialProps(ctx) : {};
      return { pageProps: { ...own, greeting: `${own.greeting ?? 'no page props'} via _app at ${router.pathname}` } };
    },
  });
  const { app } = memoryApp({ '/': { kind: 'ssr', module: page }, '/plain': { kind: 'ssr', module: { default: ({ greeting }: { greeting: string }) => <p>{greeting}</p> } } }, { App });
  expect((await app.handle(request('/'), context)).body).toContain('<main><p>from the page via _app at /</p></main>');
  expect((await app.handle(request('/plain'), context)).body).toContain('<main><p>no page props via _app at /plain</p></main>');
  // Page data answers the same props (a client that asks anyway).
  const data = await app.handle(request('/_app/data/build-1/plain.json'), context);
  expect(JSON.parse(data.body as string)).toEqual({ pageProps: { greeting: 'no page props via _app at /plain' } });
});

test("what _app.getInitialProps returns besides pageProps is _app's props too, in the HTML and in the page's embedded data", async () => {
  const page = gipPage(() => ({ greeting: 'hello' }));
  type Props = { Component: ComponentType<any>; pageProps: Record<string, unknown>; url?: { pathname: string; asPath: string }; theme?: string };
  const App: AppComponent = Object.assign(
    ({ Component, pageProps, url, theme }: Props) => (
      <main data-theme={theme ?? 'none'}>
        <p>{url ? `${url.pathname} as ${url.asPath}` : 'no url'}</p>
        <Component {...pageProps} />
      </main>
    ),
    {
      async getInitialProps({ Component, ctx }: { Component: any; ctx: InitialPropsContext }) {
        return { pageProps: await Component.getInitialProps(ctx), url: { pathname: ctx.pathname, asPath: ctx.asPath }, theme: 'dusk' };
      },
    },
  );
  const { app } = memoryApp({ '/greet/[name]': { kind: 'ssr', module: page } }, { App });
  const res = await app.handle(request('/greet/ada?x=1'), context);
  expect(res.body).toContain('<main data-theme="dusk"><p>/greet/[name] as /greet/ada?x=1</p><p>hello</p></main>');
  expect(embeddedData(res.body as string).props).toEqual({ pageProps: { greeting: 'hello' }, url: { pathname: '/greet/[name]', asPath: '/greet/ada?x=1' }, theme: 'dusk' });
  // Page data carries them too, as the pages router's does (`__NEXT_DATA__.props`' shape).
  expect(JSON.parse((await app.handle(request('/_app/data/build-1/greet/ada.json'), context)).body as string)).toEqual({ pageProps: { greeting: 'hello' }, url: { pathname: '/greet/[name]', asPath: '/greet/ada' }, theme: 'dusk' });
});

test("_app.getInitialProps runs for a getServerSideProps page too: its pageProps under the page's own, its other keys beside, in the HTML and the page data", async () => {
  const seen: string[] = [];
  const page: PageModule = {
    default: ({ own, fromApp }: { own: string; fromApp: string }) => <p>{`${own} / ${fromApp}`}</p>,
    getServerSideProps: async () => {
      seen.push('getServerSideProps');
      return { props: { own: 'page', fromApp: 'overridden by the page' } };
    },
  };
  const App: AppComponent = Object.assign(({ Component, pageProps, theme }: { Component: ComponentType<any>; pageProps: Record<string, unknown>; theme?: string }) => <main data-theme={theme}><Component {...pageProps} /></main>, {
    async getInitialProps({ ctx }: { ctx: InitialPropsContext }) {
      seen.push(`_app at ${ctx.asPath} with req: ${!!ctx.req}`);
      return { pageProps: { fromApp: 'app', extra: 1 }, theme: 'dusk' };
    },
  });
  const { app } = memoryApp({ '/live': { kind: 'ssr', module: page } }, { App });
  const res = await app.handle(request('/live'), context);
  expect(res.body).toContain('<main data-theme="dusk"><p>page / overridden by the page</p></main>');
  expect(embeddedData(res.body as string).props).toEqual({ pageProps: { fromApp: 'overridden by the page', extra: 1, own: 'page' }, theme: 'dusk' });
  const data = await app.handle(request('/_app/data/build-1/live.json'), context);
  expect(JSON.parse(data.body as string)).toEqual({ pageProps: { fromApp: 'overridden by the page', extra: 1, own: 'page' }, theme: 'dusk' });
  expect(seen).toEqual(['_app at /live with req: true', 'getServerSideProps', '_app at /live with req: true', 'getServerSideProps']);
});

test("the built-in error page rendered without its props (an _app that drops pageProps) is the client-exception page, as the pages router's", async () => {
  const App: AppComponent = Object.assign(({ Component }: { Component: ComponentType<any> }) => <Component />, { getInitialProps: async () => ({ url: '/' }) });
  const { app } = memoryApp({ '/': { kind: 'ssr', module: gipPage(() => ({ greeting: 'hi' })) } }, { App });
  const res = await app.handle(request('/nowhere'), context);
  expect(res.status).toBe(404);
  expect(titleOf(res.body as string)).toBe('Application error: a client-side exception has occurred');
  expect(res.body).toContain('Application error: a client-side exception has occurred (see the browser console for more information).');
  expect(res.body).not.toContain('undefined');
});

test('an exception in getInitialProps (page or _app) is a 500, logged, like one in a data function', async () => {
  const logs = captureLogs();
  try {
    const failing = gipPage(() => {
      throw new Error('gip broke');
    });
    const { app } = memoryApp({ '/': { kind: 'ssr', module: failing } });
    const res = await app.handle(request('/'), context);
    expect(res.status).toBe(500);
    expect(titleOf(res.body as string)).toBe('500: Internal Server Error');
    expect(logs.lines.some((l) => l.error === 'gip broke')).toBe(true);

    const App = Object.assign(({ Component, pageProps }: any) => <Component {...pageProps} />, {
      getInitialProps: async () => {
        throw new Error('app gip broke');
      },
    });
    const withApp = memoryApp({ '/': { kind: 'ssr', module: { default: () => <p>x</p> } } }, { App });
    expect((await withApp.app.handle(request('/'), context)).status).toBe(500);
    expect(logs.lines.some((l) => l.error === 'app gip broke')).toBe(true);
  } finally {
    logs.restore();
  }
});

test('what getInitialProps returns must be an object JSON can carry', async () => {
  const logs = captureLogs();
  try {
    const { app } = memoryApp({
      '/none': { kind: 'ssr', module: gipPage(() => undefined) },
      '/date': { kind: 'ssr', module: gipPage(() => ({ when: new Date(0) })) },
    });
    expect((await app.handle(request('/none'), context)).status).toBe(500);
    expect(logs.lines.some((l) => /getInitialProps\(\) should resolve to an object, but found undefined/.test(String(l.error)))).toBe(true);
    expect((await app.handle(request('/date'), context)).status).toBe(500);
    expect(logs.lines.some((l) => /getInitialProps of pages\/date.tsx returned props.when: a Date/.test(String(l.error)))).toBe(true);
  } finally {
    logs.restore();
  }
});

describe('/500 visited', () => {
  const routes = { '/': { kind: 'static' as const, module: { default: () => <p>home</p> } } };
  const ServerError = () => <p>Custom 500</p>;

  test("the app's 500 page with status 500, as the pages router serves it; without one, the 404", async () => {
    const { app } = memoryApp(routes, { errorPages: { '500': { default: ServerError } } });
    const res = await app.handle(request('/500'), context);
    expect(res.status).toBe(500);
    expect(res.headers['cache-control']).toBe(NO_STORE);
    expect(res.body).toContain('Custom 500');
    expect((await app.handle(request('/fr/500'), context)).status).toBe(500);
    const { app: plain } = memoryApp(routes);
    expect((await plain.handle(request('/500'), context)).status).toBe(404);
  });
});

describe('the 404 page', () => {
  const routes = { '/': { kind: 'static' as const, module: { default: () => <p>home</p> } } };
  const NotFound = () => <p>Custom 404</p>;

  test("the app's static 404 page is never kept by a cache, as the pages router sends it", async () => {
    const { app } = memoryApp(routes, { errorPages: { '404': { default: NotFound } } });
    const res = await app.handle(request('/nowhere'), context);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe(NO_STORE);
    expect(res.body).toContain('Custom 404');
    // Page data of a missing page stays per request.
    expect((await app.handle(request('/_app/data/build-1/nowhere.json'), context)).headers['cache-control']).toBe(NO_STORE);
  });

  test("the built-in 404, and a server page's notFound, are not cached", async () => {
    expect((await memoryApp(routes).app.handle(request('/nowhere'), context)).headers['cache-control']).toBe(NO_STORE);
    const gone = { kind: 'ssr' as const, module: { default: () => null, getServerSideProps: async () => ({ notFound: true as const }) } };
    const { app } = memoryApp({ ...routes, '/gone': gone }, { errorPages: { '404': { default: NotFound } } });
    const res = await app.handle(request('/gone'), context);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe(NO_STORE);
  });
});

test("_app.getInitialProps runs for a getStaticProps page as it is rendered (no req or res): its pageProps under the page's, its other keys _app's props, in the HTML and the stored page data", async () => {
  const seen: unknown[] = [];
  type Props = { Component: ComponentType<any>; pageProps: Record<string, unknown>; theme?: string };
  const App: AppComponent = Object.assign(({ Component, pageProps, theme }: Props) => <main data-theme={theme ?? 'none'}><Component {...pageProps} /></main>, {
    async getInitialProps({ ctx }: { ctx: InitialPropsContext }) {
      seen.push({ pathname: ctx.pathname, asPath: ctx.asPath, query: { ...ctx.query }, locale: ctx.locale, req: ctx.req === undefined });
      return { pageProps: { greeting: 'from _app', extra: 'kept' }, theme: 'dusk' };
    },
  });
  const Post = ({ greeting, extra, slug }: { greeting: string; extra: string; slug: string }) => <p>{`${greeting} ${extra} ${slug}`}</p>;
  const post: PageModule = { default: Post, getStaticProps: async ({ params }: { params: { slug: string } }) => ({ props: { greeting: 'from getStaticProps', slug: params.slug } }) } as unknown as PageModule;
  const { app } = memoryApp({ '/posts/[slug]': { kind: 'ssg', fallback: 'blocking', module: post } }, { App });
  const res = await app.handle(request('/posts/a'), context);
  expect(res.status).toBe(200);
  expect(res.body).toContain('<main data-theme="dusk"><p>from getStaticProps kept a</p></main>');
  expect(embeddedData(res.body as string).props).toEqual({ theme: 'dusk', pageProps: { greeting: 'from getStaticProps', extra: 'kept', slug: 'a' } });
  const data = await app.handle(request('/_app/data/build-1/posts/a.json'), context);
  expect(JSON.parse(data.body as string)).toEqual({ theme: 'dusk', pageProps: { greeting: 'from getStaticProps', extra: 'kept', slug: 'a' } });
  expect(seen).toEqual([{ pathname: '/posts/[slug]', asPath: '/posts/a', query: { slug: 'a' }, locale: 'en', req: true }]);
});

test("_app.getInitialProps runs for error pages too, as the pages router runs it: the app's _error reads the status from res, and _app's other keys reach _app", async () => {
  type Props = { Component: ComponentType<any>; pageProps: Record<string, unknown>; theme?: string };
  const App: AppComponent = Object.assign(({ Component, pageProps, theme }: Props) => <main data-theme={theme ?? 'none'}><Component {...pageProps} /></main>, {
    async getInitialProps({ Component, ctx }: { Component: any; ctx: InitialPropsContext }) {
      return { pageProps: Component.getInitialProps ? await Component.getInitialProps(ctx) : {}, theme: 'dusk' };
    },
  });
  const ErrorPage = Object.assign(({ statusCode, seen }: { statusCode: number; seen?: string }) => <p>{`error ${statusCode} (res said ${seen ?? 'nothing'})`}</p>, {
    getInitialProps: ({ res, pathname }: InitialPropsContext) => ({ statusCode: res ? res.statusCode : 404, seen: `${res?.statusCode} at ${pathname}` }),
  });
  const broken: PageModule = { default: () => { throw new Error('boom'); } };
  const { app } = memoryApp({ '/broken': { kind: 'ssr', module: broken } }, { App, errorPages: { _error: { default: ErrorPage } } });
  const logs = captureLogs();
  try {
    const missing = await app.handle(request('/nothing-here'), context);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<main data-theme="dusk"><p>error 404 (res said 404 at /_error)</p></main>');
    expect(embeddedData(missing.body as string).props).toEqual({ theme: 'dusk', pageProps: { statusCode: 404, seen: '404 at /_error' } });
    const failed = await app.handle(request('/broken'), context);
    expect(failed.status).toBe(500);
    expect(failed.body).toContain('<main data-theme="dusk"><p>error 500 (res said 500 at /_error)</p></main>');
  } finally {
    logs.restore();
  }
});

test('an _app.getInitialProps that throws on an error page gives way to the built-in page, never to a failed answer', async () => {
  const App: AppComponent = Object.assign(({ Component, pageProps }: { Component: ComponentType<any>; pageProps: Record<string, unknown> }) => <Component {...pageProps} />, {
    async getInitialProps() {
      throw new Error('app props unavailable');
    },
  });
  const ErrorPage = ({ statusCode }: { statusCode: number }) => <p>{`custom ${statusCode}`}</p>;
  const { app } = memoryApp({}, { App, errorPages: { _error: { default: ErrorPage } } });
  const logs = captureLogs();
  try {
    const res = await app.handle(request('/nothing-here'), context);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('custom 404');
    expect(titleOf(res.body as string)).toBe('404: This page could not be found');
  } finally {
    logs.restore();
  }
});

test("in draft mode a getStaticProps page still gets _app.getInitialProps (with req and res, as any page rendered on request)", async () => {
  type Props = { Component: ComponentType<any>; pageProps: Record<string, unknown>; theme?: string };
  const App: AppComponent = Object.assign(({ Component, pageProps, theme }: Props) => <main data-theme={theme ?? 'none'}><Component {...pageProps} /></main>, {
    async getInitialProps({ ctx }: { ctx: InitialPropsContext }) {
      return { pageProps: { from: ctx.req ? 'a request' : 'no request' }, theme: 'draft-dusk' };
    },
  });
  const News = ({ from, draft }: { from: string; draft: boolean }) => <p>{`news (${draft ? 'draft' : 'published'}) via ${from}`}</p>;
  const news = { default: News, getStaticProps: async (context: { draftMode?: boolean }) => ({ props: { draft: context.draftMode === true } }) } as unknown as PageModule;
  const draftApi = api((_req, res) => {
    res.setDraftMode({ enable: true });
    res.end();
  });
  const { app } = memoryApp({ '/news': { kind: 'ssg', fallback: 'blocking', module: news }, '/api/draft': draftApi }, { App, options: { draft: createDraftMode(async () => 'test secret') } });
  const on = await app.handle(request('/api/draft'), context);
  const pair = (on.cookies?.[0] ?? '').split(';')[0]!;
  const res = await app.handle(request('/news', { headers: { cookie: pair } }), context);
  expect(res.body).toContain('<main data-theme="draft-dusk"><p>news (draft) via a request</p></main>');
  expect(embeddedData(res.body as string).props).toEqual({ theme: 'draft-dusk', pageProps: { from: 'a request', draft: true } });
});

