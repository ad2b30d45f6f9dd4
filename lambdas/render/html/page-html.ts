/**
 * The app's HTML documents: a route's page with its props, and the error pages (the app's
 * own `404`/`500`/`_error` when it has one, else the built-in page), each with the
 * manifest's scripts and styles and the data the browser hydrates from.
 */
import type { ComponentType } from 'react';
import type { Manifest } from '../../../contract/manifest';
import { ErrorPage } from '../../../web/runtime/shared/error-page';
import { asVisited, withTrailingSlash } from '../../../web/runtime/shared/site-paths';
import { chooseErrorPage, type ErrorPageName } from '../../../web/runtime/shared/error-page-choice';
import { errorTitle } from '../../../web/runtime/shared/errors';
import { BUILT_IN_ERROR_PAGE, loadInitialProps, type AppComponent, type EmbeddedData, type InitialPropsContext, type PageModule, type PageProps, type ServerRequest, type ServerResponse } from '../../../web/runtime/shared/page-types';
import { searchToQuery } from '../../../web/runtime/shared/route-match';
import { logError } from '../../shared/log';
import { splitAppProps } from '../../../web/runtime/shared/initial-props';
import type { PageRequest, Query } from '../core/outcome';
import type { CoreRequest } from '../../shared/http';
import { renderWithDocument, type DocumentComponent } from './custom-document';
import { renderPageDocument, type PageRenderInput, type RequestParts } from './render-page';
import { showsLocales } from '../../../contract/config';

/** The app's components a document is made of: `_app`, `_document` and its own error pages. */
export interface DocumentModules {
  App?: AppComponent;
  /** The app's `pages/_document`, rendered around every page on the server. */
  Document?: DocumentComponent;
  errorPages: Partial<Record<ErrorPageName, { default: ComponentType<any> }>>;
}

/**
 * A server error an error page is rendered for (render-core.ts): the exception and the
 * request that met it, which the error page's `getInitialProps` receives as `ctx.err` and
 * `ctx.req`, as the pages router gives them (the hook error reporters such as Sentry use).
 */
export interface ServerFailure {
  cause: unknown;
  /** The request as `ctx.req` (Node's shape, as getServerSideProps' `req`), made by the core. */
  req: ServerRequest;
  /** The request's query string, for `ctx.query`. */
  rawQuery: string;
}

/**
 * The embedded data, with the pages router's flags of how the page gets its props (Next's
 * `__NEXT_DATA__` fields; each `true` or left out).
 */
interface EmbeddedWithFlags extends EmbeddedData {
  /** The page has getStaticProps. */
  gsp?: true;
  /** The page has getServerSideProps. */
  gssp?: true;
  /** The page has its own getInitialProps. */
  gip?: true;
  /** `_app` has getInitialProps. */
  appGip?: true;
}

/** A page module's exports as far as the embedded data's flags read them. */
type FlagSource = Pick<PageModule, 'getStaticProps' | 'getServerSideProps'> & { default: { getInitialProps?: unknown } };

/** A document: a string, or a promise of one when the app's `_document` has its own `getInitialProps`. */
export type Markup = string | Promise<string>;

export interface PageHtml {
  /**
   * The page's document; throws (or rejects with) what the page, `_app` or `_document` throws.
   * `appProps`: what else `_app.getInitialProps` returned, `_app`'s props besides `pageProps`.
   */
  page(page: PageRequest, props: PageProps, query: Query, isFallback: boolean, appProps?: PageProps): Markup;
  /** The error page's document for a status; never throws nor rejects (a failing custom page gives way to the built-in one). */
  error(statusCode: number, locale: string, asPath: string, failure?: ServerFailure): Markup;
}

/** The built-in error page has no scripts of its own. */
const NO_SCRIPTS: readonly string[] = [];

/** `render()`'s document, or `fallback(error)`'s when it throws or rejects. */
function orElse(render: () => Markup, fallback: (error: unknown) => Markup): Markup {
  try {
    const markup = render();
    return typeof markup === 'string' ? markup : markup.catch(fallback);
  } catch (error) {
    return fallback(error);
  }
}

export interface PageHtmlOptions {
  /** The request as `_document`'s `ctx.req` and `ctx.res` (Node's shape), made by the core for a page rendered per request. */
  requestParts?: (request: CoreRequest) => RequestParts;
}

export function createPageHtml(modules: DocumentModules, manifest: Manifest, options: PageHtmlOptions = {}): PageHtml {
  const { buildId, config } = manifest;
  const { Document } = modules;
  // Only a _document's getInitialProps reads them. A page rendered ahead (prerendered, stored,
  // regenerated) is one document for every visitor: its request is the page's path alone, no
  // visitor's headers, as `next build` renders those with a request of its own making.
  const { requestParts } = options;
  const partsOf = Document && requestParts ? (page: PageRequest) => () => requestParts(page.route.kind === 'ssr' ? page.request : { method: 'GET', path: page.path, rawQuery: '', headers: {} }) : undefined;
  // Without a _document, Stratus's own document, as fast as before it existed.
  const render: (input: PageRenderInput) => Markup = Document ? (input) => renderWithDocument(Document, input) : renderPageDocument;

  const pageStyles = manifest.pageStyles && Object.keys(manifest.pageStyles).length > 0 ? manifest.pageStyles : undefined;
  const appGip = modules.App?.getInitialProps ? true : undefined;
  // What the app's code sees of its locales (showsLocales, contract/config.ts), once per config: none without i18n.
  const i18n = showsLocales(config);
  const locales = i18n ? config.locales : undefined;
  const defaultLocale = i18n ? config.defaultLocale : undefined;

  /**
   * One literal, every field always there (JSON leaves out the undefined ones): a literal
   * that spread optional parts into itself took V8's slow path for each page request.
   */
  function embedded(page: string, query: Query, props: PageProps, locale: string, isFallback: boolean, statusCode: number | undefined, appProps: PageProps | undefined, module: FlagSource | undefined): EmbeddedWithFlags {
    return {
      buildId,
      page,
      query,
      props: appProps ? { ...appProps, pageProps: props } : { pageProps: props },
      locale: i18n ? locale : undefined,
      locales,
      defaultLocale,
      isFallback,
      statusCode,
      pageStyles,
      i18n: i18n ? true : undefined,
      gsp: module?.getStaticProps ? true : undefined,
      gssp: module?.getServerSideProps ? true : undefined,
      gip: module?.default.getInitialProps ? true : undefined,
      appGip,
    };
  }

  /** `_app`'s stylesheets, then the page's own: one array per page, so the document's markup of them is made once (document.ts). */
  const stylesByPage = new Map<string, string[]>();
  function stylesOf(page: string): string[] {
    const own = pageStyles?.[page];
    if (!own) return manifest.styles;
    let styles = stylesByPage.get(page);
    if (!styles) stylesByPage.set(page, (styles = [...manifest.styles, ...own]));
    return styles;
  }

  const scriptsByPage = new Map(manifest.routes.map((route) => [route.pattern, route.scripts]));
  function scriptsOf(page: string): string[] {
    return scriptsByPage.get(page) ?? manifest.errorScripts[page] ?? [];
  }

  /**
   * What an error page's `getInitialProps` (and `_app`'s) receives, as the pages router
   * gives it: a `res` that holds the status (what an `_error.getInitialProps` reads); for a
   * server error also the exception as `err`, the request as `req` and its query.
   */
  function errorContext(pathname: string, statusCode: number, locale: string, asPath: string, failure: ServerFailure | undefined): InitialPropsContext {
    const res = { statusCode } as unknown as ServerResponse;
    const shown = i18n ? locale : undefined;
    if (!failure) return { pathname, query: {}, asPath, locale: shown, locales, defaultLocale, res };
    const { cause, req, rawQuery } = failure;
    return { err: cause, req, res, pathname, query: searchToQuery(rawQuery), asPath, locale: shown, locales, defaultLocale };
  }

  /**
   * An error page's props, and `_app`'s, then `renderWith` them. With `_app.getInitialProps`
   * it runs first, as the pages router runs it for error pages, else the page's own
   * `getInitialProps` (errorContext's context); the pageProps go over `{ statusCode }`, the
   * other keys of `_app`'s result are `_app`'s props. Without either, `{ statusCode }` at once.
   */
  function withAppInitialProps(Page: ComponentType<any>, pathname: string, statusCode: number, locale: string, asPath: string, failure: ServerFailure | undefined, renderWith: (props: PageProps, appProps?: PageProps) => Markup): Markup {
    const App = modules.App;
    if (!App?.getInitialProps && !(Page as FlagSource['default']).getInitialProps) return renderWith({ statusCode });
    return loadInitialProps(App, Page, errorContext(pathname, statusCode, locale, asPath, failure)).then((initial) => {
      const { pageProps, appProps } = splitAppProps(initial);
      return renderWith({ statusCode, ...pageProps }, appProps);
    });
  }

  /**
   * With `pages/500`, the pages router still runs the app's `_error` for a server error
   * (its `getInitialProps`, through `_app`'s), its props dropped, so that error reporters
   * hear of the exception: its promise, settled when it has run (its own failure logged), or
   * undefined when there is nothing to run.
   */
  function reportThroughError(failure: ServerFailure, statusCode: number, locale: string, asPath: string): Promise<void> | undefined {
    const ErrorComponent: PageModule['default'] | undefined = modules.errorPages._error?.default;
    if (!ErrorComponent || (!ErrorComponent.getInitialProps && !modules.App?.getInitialProps)) return undefined;
    return Promise.resolve()
      .then(() => loadInitialProps(modules.App, ErrorComponent, errorContext('/_error', statusCode, locale, asPath, failure)))
      .then(
        () => undefined,
        (error) => logError(error, { msg: "the app's _error getInitialProps failed on a server error (the 500 page is served)", statusCode }),
      );
  }

  /** The built-in error page inside `_app`, as every page; without it when `_app` (or `_document`) fails on it. */
  function builtInError(statusCode: number, locale: string, asPath: string, failure: ServerFailure | undefined): Markup {
    const input: PageRenderInput = {
      App: modules.App,
      Page: ErrorPage,
      props: { statusCode },
      data: embedded(BUILT_IN_ERROR_PAGE, {}, { statusCode }, locale, false, statusCode, undefined, undefined),
      asPath,
      entryScripts: manifest.entryScripts,
      pageScripts: NO_SCRIPTS,
      styles: manifest.styles,
      defaultTitle: errorTitle(statusCode),
    };
    const bare: PageRenderInput = { ...input, App: undefined, styles: [] };
    if (!Document && !modules.App) return renderPageDocument(bare);
    const withApp = (props: PageProps, appProps?: PageProps) => render({ ...input, props, data: embedded(BUILT_IN_ERROR_PAGE, {}, props, locale, false, statusCode, appProps, undefined) });
    // The built-in page must answer, whatever the app's _app and _document do.
    return orElse(() => withAppInitialProps(ErrorPage, '/_error', statusCode, locale, asPath, failure, withApp), (error) => {
      logError(error, { msg: "the app's _app or _document failed on the built-in error page; serving it without", statusCode });
      return renderPageDocument(bare);
    });
  }

  /** The app's own error page `name` for a status; the built-in one when it fails. */
  function customError(name: ErrorPageName, custom: { default: ComponentType<any> }, statusCode: number, locale: string, asPath: string, failure: ServerFailure | undefined): Markup {
    return orElse(
      () =>
        withAppInitialProps(custom.default, `/${name}`, statusCode, locale, asPath, failure, (props, appProps) =>
          render({
            App: modules.App,
            Page: custom.default,
            props,
            data: embedded(`/${name}`, {}, props, locale, false, statusCode, appProps, custom as FlagSource),
            asPath,
            entryScripts: manifest.entryScripts,
            pageScripts: scriptsOf(`/${name}`),
            styles: stylesOf(`/${name}`),
            // No title of ours: the app's own error page has the one it writes, or none, as in the pages router.
          }),
        ),
      (error) => {
        logError(error, { msg: `the app's ${name} page failed; serving the built-in page`, statusCode });
        return builtInError(statusCode, locale, asPath, failure);
      },
    );
  }

  return {
    page(page, props, query, isFallback, appProps) {
      return render({
        App: modules.App,
        Page: page.module.default,
        props,
        data: embedded(page.route.pattern, query, props, page.locale, isFallback, undefined, appProps, page.module),
        // As the address bar shows it (less the basePath), the visited URL when a rewrite chose the page: with the site's trailing slash
        // (a server page's as the visitor wrote it where both spellings answer; a stored page's is one for every visitor).
        asPath: page.visited ? withTrailingSlash(page.visited.path) + (page.visited.search.size ? `?${page.visited.search}` : '') : (page.route.kind === 'ssr' ? asVisited(page.path, page.request.path) : withTrailingSlash(page.path)) + (page.search.size ? `?${page.search}` : ''),
        entryScripts: manifest.entryScripts,
        pageScripts: scriptsOf(page.route.pattern),
        styles: stylesOf(page.route.pattern),
        // Only a page rendered per request with its query (getServerSideProps, getInitialProps) is ready on the server.
        isReady: page.route.kind === 'ssr',
        requestParts: partsOf?.(page),
      });
    },

    error(statusCode, locale, asPath, failure) {
      const name = chooseErrorPage(statusCode, (page) => modules.errorPages[page] !== undefined);
      const custom = name && modules.errorPages[name];
      if (!custom) return builtInError(statusCode, locale, asPath, failure);
      const reported = failure && name !== '_error' ? reportThroughError(failure, statusCode, locale, asPath) : undefined;
      return reported ? reported.then(() => customError(name, custom, statusCode, locale, asPath, failure)) : customError(name, custom, statusCode, locale, asPath, failure);
    },
  };
}
