/** The app's documents: pages with their data, error pages (the app's own, else the built-in one). */
import Router, { useRouter } from 'stratus/router';
import Head from 'stratus/head';
import { createPageHtml } from '../../../../lambdas/render/html/page-html';
import type { AppModules } from '../../../../lambdas/render/core/render-core';
import type { AppComponent, AppComponentProps } from '../../../../web/runtime/shared/page-types';
import { resolveConfig } from '../../../../contract/config-schema';
import { captureLogs, embeddedData, manifestOf, memoryApp, pageRequest, pagesOf, request, titleOf } from '../memory-app';

function Item({ id }: { id: string }) {
  const router = useRouter();
  return <p>item {id} at {router.asPath} in {router.locale}; Router.pathname {Router.pathname}</p>;
}
const specs = { '/items/[id]': { kind: 'ssr' as const, module: { default: Item } } };
const manifest = { ...manifestOf(specs), errorScripts: { '/404': ['/_app/static/404.js'] } };
const pages = pagesOf(specs);
/** Without a _document the documents are strings, never promises. */
function stringPageHtml(modules: AppModules, m: Parameters<typeof createPageHtml>[1]) {
  const html = createPageHtml(modules, m);
  return {
    page: (...args: Parameters<typeof html.page>) => html.page(...args) as string,
    error: (...args: Parameters<typeof html.error>) => html.error(...args) as string,
  };
}
const Shell: AppComponent = ({ Component, pageProps }) => <main className="shell"><Component {...pageProps} /></main>;

test('a page inside _app, with the router, the data to hydrate from, scripts and styles', () => {
  const html = stringPageHtml({ pages, App: Shell, errorPages: {} }, manifest);
  const doc = html.page(pageRequest(manifest, pages, '/items/[id]', '/items/a%20b', { locale: 'fr', search: 'x=1' }), { id: 'a b' }, { id: 'a b', x: '1' }, false);
  expect(doc.replace(/<!-- -->/g, '')).toContain('<main class="shell"><p>item a b at /items/a%20b?x=1 in fr; Router.pathname /items/[id]</p></main>');
  expect(doc).toContain('<html lang="fr">');
  expect(doc).toContain('<link rel="stylesheet" href="/_app/static/app.css"/>');
  expect(doc).toContain('<link rel="modulepreload" href="/_app/static/page-items-id-.js"/>');
  expect(doc).toContain('<script type="module" src="/_app/static/entry.js" defer></script>');
  expect(embeddedData(doc)).toEqual({
    buildId: manifest.buildId, page: '/items/[id]', query: { id: 'a b', x: '1' }, props: { pageProps: { id: 'a b' } },
    locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en', isFallback: false, i18n: true,
  });
});

test('without i18n the router has no locale fields, as in the pages router; route is the pattern', () => {
  const Fields = () => {
    const router = useRouter();
    return <p>{`route ${router.route}; locale ${String(router.locale)}; locales ${String(router.locales)}; default ${String(router.defaultLocale)}`}</p>;
  };
  const plainSpecs = { '/': { kind: 'static' as const, module: { default: Fields } } };
  const plain = { ...manifestOf(plainSpecs), config: resolveConfig({}) };
  const plainPages = pagesOf(plainSpecs);
  const doc = stringPageHtml({ pages: plainPages, errorPages: {} }, plain).page(pageRequest(plain, plainPages, '/', '/'), {}, {}, false);
  expect(doc).toContain('<p>route /; locale undefined; locales undefined; default undefined</p>');
  // No lang, and no locale in the page's data, as the pages router writes them without i18n.
  expect(doc).toContain('<!DOCTYPE html><html><head>');
  expect(embeddedData(doc).i18n).toBeUndefined();
  expect(embeddedData(doc).locale).toBeUndefined();
});

test('router.isReady on the server: true for a page rendered with its request (getServerSideProps, getInitialProps), false for static and getStaticProps pages and fallbacks, which the browser makes ready once hydrated', () => {
  const Ready = () => <p>{`ready ${String(useRouter().isReady)}`}</p>;
  const kinds = { '/server': 'ssr', '/plain': 'static', '/stat': 'ssg' } as const;
  const readySpecs = Object.fromEntries(Object.entries(kinds).map(([pattern, kind]) => [pattern, { kind, module: { default: Ready } }]));
  const readyManifest = manifestOf(readySpecs);
  const readyPages = pagesOf(readySpecs);
  const html = stringPageHtml({ pages: readyPages, errorPages: {} }, readyManifest);
  const readyOf = (pattern: string, isFallback = false) => /ready (true|false)/.exec(html.page(pageRequest(readyManifest, readyPages, pattern, pattern), {}, {}, isFallback))![1];
  expect([readyOf('/server'), readyOf('/plain'), readyOf('/stat'), readyOf('/stat', true)]).toEqual(['true', 'false', 'false', 'false']);
  expect(html.error(404, 'en', '/nope')).toContain('This page could not be found');
});

test('the Router singleton answers during the render and not after it', () => {
  const html = stringPageHtml({ pages, errorPages: {} }, manifest);
  html.page(pageRequest(manifest, pages, '/items/[id]', '/items/1'), { id: '1' }, { id: '1' }, false);
  expect(() => Router.pathname).toThrow(/No router instance/);
});

test('a fallback shell is marked isFallback', () => {
  const html = stringPageHtml({ pages, errorPages: {} }, manifest);
  const doc = html.page(pageRequest(manifest, pages, '/items/[id]', '/items/1'), {}, { id: '1' }, true);
  expect(embeddedData(doc).isFallback).toBe(true);
});

describe('error pages', () => {
  test("the built-in page, titled by the status (over _app's title), inside _app as every page", () => {
    const Titled: typeof Shell = (props) => (
      <>
        <Head><title>Site</title></Head>
        <Shell {...props} />
      </>
    );
    const html = stringPageHtml({ pages, App: Titled, errorPages: {} }, manifest);
    const doc = html.error(404, 'fr', '/nowhere');
    expect(titleOf(doc)).toBe('404: This page could not be found');
    expect(doc).toMatch(/<main class="shell">.*<h1[^>]*>404<\/h1>/);
    expect(embeddedData(doc)).toMatchObject({ page: '/_stratus/error', statusCode: 404, locale: 'fr', props: { pageProps: { statusCode: 404 } } });
    expect(titleOf(html.error(418, 'en', '/'))).toBe('418: An unexpected error has occurred');
  });

  test('on the built-in page, _app reads Router.pathname /_error, as under the pages router (its 404 and 500 alike)', () => {
    const Pathname: AppComponent = ({ Component, pageProps }) => (
      <main data-pathname={useRouter().pathname} data-route={Router.route}>
        <Component {...pageProps} />
      </main>
    );
    const html = stringPageHtml({ pages, App: Pathname, errorPages: {} }, manifest);
    for (const status of [404, 500]) expect(html.error(status, 'en', '/nowhere')).toContain('<main data-pathname="/_error" data-route="/_error">');
  });

  test('the built-in page without _app when _app fails on it', () => {
    const Broken = () => {
      throw new Error('no session in pageProps');
    };
    const log = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const doc = stringPageHtml({ pages, App: Broken, errorPages: {} }, manifest).error(500, 'en', '/');
      expect(titleOf(doc)).toBe('500: Internal Server Error');
      expect(doc).toMatch(/<h1[^>]*>500<\/h1>/);
    } finally {
      log.mockRestore();
    }
  });

  test("the app's 404 for 404, its _error for other statuses, inside _app with their scripts", () => {
    const NotFound = () => (
      <>
        <Head><title>Lost</title></Head>
        <h1>Custom 404 at {useRouter().asPath}</h1>
      </>
    );
    const AnyError = ({ statusCode }: { statusCode: number }) => <h1>Custom error {statusCode}</h1>;
    const modules: AppModules = { pages, App: Shell, errorPages: { '404': { default: NotFound }, _error: { default: AnyError } } };
    const html = stringPageHtml(modules, manifest);
    const notFound = html.error(404, 'en', '/nowhere');
    expect(notFound.replace(/<!-- -->/g, '')).toContain('<main class="shell"><h1>Custom 404 at /nowhere</h1></main>');
    expect(titleOf(notFound)).toBe('Lost');
    expect(notFound).toContain('href="/_app/static/404.js"');
    expect(embeddedData(notFound)).toMatchObject({ page: '/404', statusCode: 404 });
    const bad = html.error(400, 'en', '/');
    expect(bad.replace(/<!-- -->/g, '')).toContain('Custom error 400');
    // No title of ours on the app's own error page (it writes one, or has none), as in the pages router.
    expect(titleOf(bad)).toBeUndefined();
    expect(embeddedData(bad)).toMatchObject({ page: '/_error', statusCode: 400 });
  });

  test("a failing custom page gives way to the built-in one, logged", () => {
    const Broken = () => {
      throw new Error('broken 500 page');
    };
    const html = stringPageHtml({ pages, errorPages: { '500': { default: Broken } } }, manifest);
    const logs = captureLogs();
    try {
      const doc = html.error(500, 'en', '/boom');
      expect(titleOf(doc)).toBe('500: Internal Server Error');
      expect(embeddedData(doc).page).toBe('/_stratus/error');
      expect(logs.lines).toEqual([expect.objectContaining({ level: 'ERROR', error: 'broken 500 page', statusCode: 500 })]);
    } finally {
      logs.restore();
    }
  });
});

test("the embedded data flags how the page gets its props, as Next's __NEXT_DATA__ does: gssp, gsp, gip, appGip (left out when not so)", () => {
  const Plain = () => <p>plain</p>;
  const WithGip = Object.assign(() => <p>gip</p>, { getInitialProps: () => ({}) });
  const flagSpecs = {
    '/server': { kind: 'ssr' as const, module: { default: Plain, getServerSideProps: () => ({ props: {} }) } },
    '/stat': { kind: 'ssg' as const, module: { default: Plain, getStaticProps: () => ({ props: {} }) } },
    '/gip': { kind: 'ssr' as const, module: { default: WithGip } },
    '/plain': { kind: 'static' as const, module: { default: Plain } },
  };
  const flagManifest = manifestOf(flagSpecs);
  const flagPages = pagesOf(flagSpecs);
  const flags = (modules: AppModules, pattern: string) => {
    const { gssp, gsp, gip, appGip } = embeddedData(stringPageHtml(modules, flagManifest).page(pageRequest(flagManifest, flagPages, pattern, pattern), {}, {}, false));
    return { gssp, gsp, gip, appGip };
  };
  const plainApp: AppModules = { pages: flagPages, App: Shell, errorPages: {} };
  expect(flags(plainApp, '/server')).toEqual({ gssp: true });
  expect(flags(plainApp, '/stat')).toEqual({ gsp: true });
  expect(flags(plainApp, '/gip')).toEqual({ gip: true });
  expect(flags(plainApp, '/plain')).toEqual({});
  const GipApp: AppComponent = Object.assign((props: AppComponentProps) => <Shell {...props} />, { getInitialProps: () => ({ pageProps: {} }) });
  expect(flags({ ...plainApp, App: GipApp }, '/server')).toEqual({ gssp: true, appGip: true });
  // The written JSON has no key for an absent flag.
  const doc = stringPageHtml(plainApp, flagManifest).page(pageRequest(flagManifest, flagPages, '/plain', '/plain'), {}, {}, false);
  expect(doc).not.toMatch(/"(gssp|gsp|gip|appGip)"/);
});

test('a prerendered getStaticProps page, served from the store, has gsp: true (what Next\'s e2e reads from __NEXT_DATA__)', async () => {
  const { app } = memoryApp({ '/stat': { kind: 'ssg', module: { default: () => <p>stat</p>, getStaticProps: () => ({ props: {} }) } } });
  await app.prerender('/stat', '/stat', 'en');
  const res = await app.handle(request('/stat'), { requestId: 'r' });
  expect(embeddedData(res.body as string)).toMatchObject({ page: '/stat', gsp: true });
  expect(embeddedData(res.body as string).gssp).toBeUndefined();
});
