/**
 * An app without `i18n` has no locale as far as its code sees, as under the pages router:
 * `<html>` without `lang`, `locale`/`defaultLocale` undefined and `locales` `[]` in
 * getServerSideProps and getStaticProps (undefined in getStaticPaths, getInitialProps and
 * `_document`), no locale keys in the page data. Stratus still keys and routes its pages
 * under its default locale. The same app with `i18n` sees its locales.
 */
import Document, { Html, Head, Main, NextScript, type DocumentContext } from '../../../../web/runtime/document';
import { resolveConfig } from '../../../../contract/config-schema';
import type { ResolvedConfig } from '../../../../contract/config';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { staticPathsOf } from '../../../../lambdas/render/static/static-paths';
import { createRenderApp, type AppModules } from '../../../../lambdas/render/core/render-core';
import type { AppComponent, AppComponentProps, InitialPropsContext, PageModule } from '../../../../web/runtime/shared/page-types';
import { apisOf, embeddedData, manifestOf, pagesOf, request, type RouteSpec } from '../memory-app';

const PLAIN = resolveConfig({});
const I18N = resolveConfig({ locales: ['en', 'fr'], defaultLocale: 'en' });

/** The locale fields of a context, as a page would print them (undefined kept apart from absent). */
const fields = (ctx: { locale?: unknown; locales?: unknown; defaultLocale?: unknown }) => ({ locale: ctx.locale, locales: ctx.locales, defaultLocale: ctx.defaultLocale, keys: ['locale', 'locales', 'defaultLocale'].filter((key) => key in ctx) });

/** What the data functions, getInitialProps and the document saw, by name. */
function recorder() {
  const seen: Record<string, ReturnType<typeof fields>> = {};
  const routes: Record<string, RouteSpec> = {
    '/server': { kind: 'ssr', module: { default: () => <p>server</p>, getServerSideProps: (ctx) => ((seen.gssp = fields(ctx)), { props: {} }) } },
    '/static': { kind: 'ssg', module: { default: () => <p>static</p>, getStaticProps: (ctx) => ((seen.gsp = fields(ctx)), { props: {} }) } },
    '/posts/[slug]': {
      kind: 'ssg',
      module: {
        default: () => <p>post</p>,
        getStaticProps: () => ({ props: {} }),
        getStaticPaths: (ctx) => ((seen.gsPaths = fields(ctx)), { paths: ['/posts/a'], fallback: false }),
      } as PageModule,
    },
    '/initial': { kind: 'ssr', module: { default: Object.assign(() => <p>initial</p>, { getInitialProps: (ctx: InitialPropsContext) => ((seen.pageGip = fields(ctx)), {}) }) } },
  };
  const App: AppComponent = Object.assign(({ Component, pageProps }: AppComponentProps) => <Component {...pageProps} />, {
    getInitialProps: async ({ Component, ctx, router }: any) => {
      seen[`appGip ${ctx.pathname}`] = fields(ctx);
      seen[`appRouter ${ctx.pathname}`] = fields(router);
      return { pageProps: Component.getInitialProps ? await Component.getInitialProps(ctx) : {} };
    },
  });
  return { seen, routes, App };
}

class LocaleDocument extends Document {
  static override async getInitialProps(ctx: DocumentContext) {
    const initial = await Document.getInitialProps(ctx);
    return { ...initial, docLocale: String(ctx.locale), docLocales: String(ctx.locales) };
  }
  override render() {
    const { docLocale, docLocales } = this.props as unknown as { docLocale: string; docLocales: string };
    return (
      <Html>
        <Head />
        <body data-doc-locale={docLocale} data-doc-locales={docLocales}>
          <Main />
          <NextScript />
        </body>
      </Html>
    );
  }
}

function appOf(config: ResolvedConfig, routes: Record<string, RouteSpec>, extra: Partial<Pick<AppModules, 'App' | 'Document' | 'errorPages'>> = {}) {
  const manifest = { ...manifestOf(routes), config };
  const modules: AppModules = { pages: pagesOf(routes), apis: apisOf(routes), errorPages: {}, ...extra };
  const store = new PageStore();
  return { app: createRenderApp(modules, manifest, store), manifest, modules, store };
}

const get = async (app: ReturnType<typeof appOf>['app'], path: string) => (await app.handle(request(path), { requestId: 'r' })).body as string;
const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0];

const NONE = { locale: undefined, locales: undefined, defaultLocale: undefined, keys: ['locale', 'locales', 'defaultLocale'] };
const NONE_DATA = { locale: undefined, locales: [], defaultLocale: undefined, keys: ['locale', 'locales', 'defaultLocale'] };

describe('without i18n', () => {
  test('a server-rendered page: <html> without lang, getServerSideProps gets no locale and locales [], the page data has no locale keys', async () => {
    const { seen, routes } = recorder();
    const { app } = appOf(PLAIN, routes);
    const html = await get(app, '/server');
    expect(htmlTag(html)).toBe('<html>');
    expect(seen.gssp).toEqual(NONE_DATA);
    const data = embeddedData(html);
    expect(['locale', 'locales', 'defaultLocale', 'i18n'].filter((key) => key in data)).toEqual([]);
  });

  test('getInitialProps (the page\'s and _app\'s, and _app\'s router) gets undefined locale fields', async () => {
    const { seen, routes, App } = recorder();
    const { app } = appOf(PLAIN, routes, { App });
    expect(htmlTag(await get(app, '/initial'))).toBe('<html>');
    expect(seen.pageGip).toEqual(NONE);
    expect(seen['appGip /initial']).toEqual(NONE);
    expect(seen['appRouter /initial']).toEqual(NONE);
    await get(app, '/server');
    expect(seen['appGip /server']).toEqual(NONE);
  });

  test('a prerendered page: getStaticPaths gets no locales, getStaticProps no locale and locales [], <html> without lang; stored under the default locale as before', async () => {
    const { seen, routes, App } = recorder();
    const { app, manifest, modules, store } = appOf(PLAIN, routes, { App });
    const route = manifest.routes.find((r) => r.pattern === '/posts/[slug]')!;
    const { paths } = await staticPathsOf(route, modules.pages['/posts/[slug]']!, PLAIN, manifest.routes, (message) => new Error(message));
    expect(seen.gsPaths).toEqual({ locale: undefined, locales: undefined, defaultLocale: undefined, keys: ['locales', 'defaultLocale'] });
    expect(paths).toEqual([{ path: '/posts/a', locale: 'en' }]);

    const page = await app.prerender('/static', '/static', 'en');
    expect(seen.gsp).toEqual(NONE_DATA);
    // _app's getInitialProps for a page rendered ahead (no request).
    expect(seen['appGip /static']).toEqual(NONE);
    expect('html' in page && htmlTag(page.html)).toBe('<html>');
    expect(await store.get('en', '/static')).toBeDefined();
    const served = await get(app, '/static');
    expect(htmlTag(served)).toBe('<html>');
    expect(['locale', 'locales', 'defaultLocale'].filter((key) => key in embeddedData(served))).toEqual([]);
  });

  test("a _document: <Html> without lang, ctx.locale and ctx.locales undefined; the document's own lang stays", async () => {
    const { routes } = recorder();
    const { app } = appOf(PLAIN, routes, { Document: LocaleDocument });
    const html = await get(app, '/server');
    expect(htmlTag(html)).toBe('<html>');
    expect(html).toContain('<body data-doc-locale="undefined" data-doc-locales="undefined">');
    const Own = () => <Html lang="de"><Head /><body><Main /><NextScript /></body></Html>;
    expect(htmlTag(await get(appOf(PLAIN, routes, { Document: Own }).app, '/server'))).toBe('<html lang="de">');
  });

  test("error pages: <html> without lang, the error page's getInitialProps gets undefined locale fields", async () => {
    const seen: Record<string, ReturnType<typeof fields>> = {};
    const ErrorPage = Object.assign(({ statusCode }: { statusCode: number }) => <p>error {statusCode}</p>, { getInitialProps: (ctx: InitialPropsContext) => ((seen.error = fields(ctx)), { statusCode: 404 }) });
    const { app } = appOf(PLAIN, { '/': { kind: 'static', module: { default: () => <p>home</p> } } }, { errorPages: { _error: { default: ErrorPage } } });
    const html = await get(app, '/missing');
    expect(htmlTag(html)).toBe('<html>');
    expect(seen.error).toEqual(NONE);
    // The built-in error page too.
    expect(htmlTag(await get(appOf(PLAIN, { '/': { kind: 'static', module: { default: () => <p>home</p> } } }).app, '/missing'))).toBe('<html>');
  });
});

describe('with i18n (unchanged)', () => {
  test('pages, data functions, getInitialProps and _document see the locales; <html lang> is the locale', async () => {
    const { seen, routes, App } = recorder();
    const { app, manifest, modules } = appOf(I18N, routes, { App, Document: LocaleDocument });
    const html = await get(app, '/fr/server');
    expect(htmlTag(html)).toBe('<html lang="fr">');
    expect(html).toContain('<body data-doc-locale="fr" data-doc-locales="en,fr">');
    expect(seen.gssp).toEqual({ locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en', keys: ['locale', 'locales', 'defaultLocale'] });
    expect(embeddedData(html)).toMatchObject({ locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en', i18n: true });
    await get(app, '/fr/initial');
    expect(seen.pageGip).toEqual({ locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en', keys: ['locale', 'locales', 'defaultLocale'] });
    expect(seen['appRouter /initial']).toMatchObject({ locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en' });

    await staticPathsOf(manifest.routes.find((r) => r.pattern === '/posts/[slug]')!, modules.pages['/posts/[slug]']!, I18N, manifest.routes, (message) => new Error(message));
    expect(seen.gsPaths).toMatchObject({ locales: ['en', 'fr'], defaultLocale: 'en' });
    const page = await app.prerender('/static', '/static', 'fr');
    expect(seen.gsp).toEqual({ locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en', keys: ['locale', 'locales', 'defaultLocale'] });
    expect(seen['appGip /static']).toMatchObject({ locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en' });
    expect('html' in page && htmlTag(page.html)).toBe('<html lang="fr">');
    expect(htmlTag(await get(app, '/missing'))).toBe('<html lang="en">');
  });
});
