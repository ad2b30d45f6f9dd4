/**
 * Browser entry: hydrates the server-rendered page with the embedded data, then hands
 * navigation to the client router (web/runtime/browser/navigator.ts, in a chunk of its own
 * that loads beside hydration: client-router.ts). The generated client entry calls it with
 * the app's `_app`, its routes and its error pages.
 *
 * @example
 * startClient({ App, routes: [{ pattern: '/', kind: 'ssg', load: () => import('./pages/index') }], errorPages: {} });
 */
import { StrictMode, useEffect, useLayoutEffect, type ComponentType, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { DefaultApp } from '../shared/default-app';
import { HeadManagerContext } from '../shared/head';
import type { ClientOptions, EmbeddedData } from '../shared/page-types';
import { routerPathname } from '../shared/page-types';
import { RouterContext, routerLocales, type StratusRouter } from '../shared/router-context';
import { currentRouter, routerEvents, setCurrentRouter } from '../shared/router-state';
import { ErrorBoundary } from './error-boundary';
import { createDomHead } from './head-dom';
import type { Navigator, PageState } from './navigator';
import type { PageStyles } from './route-styles';
import { saveData } from './viewport';
import { routerQuery, searchToQuery, segmentsOf } from '../shared/route-match';
import type { Url } from '../shared/router-context';
import { formatUrl } from '../shared/url';
import { sitePaths, withoutBasePath } from '../shared/site-paths';
import { splitLocale } from '../shared/locale-prefix';
import { dynamicLoadsSettled } from '../shared/dynamic-loads';
import { devHooks } from '../shared/dev-hooks';

/** The error pages and titles: a chunk loaded on the first error (error-ui.tsx). */
const errorUi = () => import('./error-ui');

/** The page's data the server embedded, under Next's id, and as Next's `window.__NEXT_DATA__` (libraries and apps read it). */
export function readEmbeddedData(): EmbeddedData {
  const element = document.getElementById('__NEXT_DATA__');
  const data = JSON.parse(element?.textContent ?? '{}') as EmbeddedData;
  (window as unknown as { __NEXT_DATA__: EmbeddedData }).__NEXT_DATA__ = data;
  return data;
}

/**
 * Applies the page's own stylesheets and removes the last page's, in the commit that shows
 * it (before paint). None to apply before route-styles.ts has loaded: at hydration the server
 * linked the page's own, and a navigation waits for the module (withStyles).
 */
function StylesOf({ page, styles }: { page: string; styles: () => PageStyles | undefined }) {
  useLayoutEffect(() => styles()?.show(page), [page, styles]);
  return null;
}

/** Calls `onCommit` once React has committed the tree it belongs to. */
function Committed({ id, onCommit }: { id: number; onCommit: (id: number) => void }) {
  useEffect(() => onCommit(id), [id, onCommit]);
  return null;
}

/**
 * `window.next.router`: the router of the page shown, as the pages router exposes it (scripts
 * outside React and browser tests drive it: `next.router.push('/about')`). Left alone when
 * the app has a `window.next` of its own.
 */
function exposeRouter(): void {
  const global = window as unknown as { next?: unknown };
  global.next ??= { get router() { return currentRouter() ?? undefined; } };
}

export async function startClient(options: ClientOptions): Promise<void> {
  exposeRouter();
  // Navigations to pages with getInitialProps call it in the browser (navigator.ts): its module loads now, beside hydration.
  if (process.env.STRATUS_INITIAL_PROPS !== 'off') void import('../shared/initial-props').catch(() => undefined);
  const data = readEmbeddedData();
  // The router's own locale settings: the app's, or without i18n (none in the page's data, as in the pages router)
  // the default locale every page is under (contract/config-schema.ts), which the app never sees.
  const { i18n, locales = ['en'], defaultLocale = 'en' } = data;
  const container = document.getElementById('__next')!;
  const head = createDomHead();
  const App = options.App ?? DefaultApp;
  // Pages' own stylesheets (route-styles.ts), a chunk loaded at start in apps whose pages have any.
  const pageStyles = data.pageStyles;
  // `stratus dev` swaps the URLs in it when a stylesheet changes; production builds drop this line.
  if (process.env.NODE_ENV !== 'production' && pageStyles) devHooks()?.pageStyles(pageStyles);
  let styles: PageStyles | undefined;
  const stylesReady = pageStyles && import('./route-styles').then(({ createPageStyles }) => (styles = createPageStyles(pageStyles)));
  const currentStyles = () => styles;
  /** A page's loader that also loads its stylesheets: a navigation renders it once both are there. */
  const withStyles =
    <M,>(page: string, load: () => Promise<M>) =>
    () =>
      Promise.all([load(), stylesReady && stylesReady.then((s) => s.load(page))]).then(([module]) => module);
  let root: Root | undefined;
  let renders = 0;
  let pending: Array<[number, () => void]> = [];

  function onCommit(id: number): void {
    head.flush();
    for (const [waiting, resolve] of pending) if (waiting <= id) resolve();
    pending = pending.filter(([waiting]) => waiting > id);
  }

  // What had focus when a navigation began (the link clicked): the announcer moves focus only from there (announcer.ts).
  let focusedAtStart: Element | null = null;
  routerEvents.on('routeChangeStart', () => (focusedAtStart = document.activeElement));
  // The client router's chunk (client-router.ts) loads beside hydration, which does not need it.
  const routerChunk = import('./client-router').then(({ createNavigator, browserHistory }) =>
    createNavigator({
      buildId: data.buildId,
      i18n,
      locales,
      defaultLocale,
      routes: options.routes.map((route) => ({ ...route, segments: segmentsOf(route.pattern), load: withStyles(route.pattern, route.load) })),
      errorPages: Object.fromEntries(Object.entries(options.errorPages).map(([name, load]) => [name, withStyles(`/${name}`, load)])),
      App: options.App,
      errorUi,
      history: browserHistory(),
      events: routerEvents,
      fetch: (input, init) => fetch(input, init),
      render,
      // Focus and the announcement after a soft navigation (announcer.ts): a chunk loaded by the first one.
      onNavigated: (state) => void import('./announcer').then(({ announcePage }) => announcePage(container, state.asPath, focusedAtStart), () => undefined),
      saveData,
      resolveOnServer: options.resolveOnServer,
    }),
  );
  /** The router once it holds the hydrated page (navigator.start); what the app asks of it before then waits. */
  let started!: (navigator: Navigator) => void;
  const ready = new Promise<Navigator>((resolve, reject) => {
    started = resolve;
    routerChunk.catch(reject);
  });
  /** Should the router's chunk not load, navigations become full loads, as the router's own fallback does. */
  const navigate =
    (method: 'push' | 'replace') =>
    (url: Url, as?: Url, how?: Parameters<Navigator['push']>[2]): Promise<boolean> =>
      ready.then(
        (navigator) => navigator[method](url, as, how),
        () => (location[method === 'push' ? 'assign' : 'replace'](formatUrl(as ?? url)), false),
      );

  const methods = {
    push: navigate('push'),
    replace: navigate('replace'),
    back: () => history.back(),
    reload: () => location.reload(),
    prefetch: (url: Url, as?: Url, how?: Parameters<Navigator['prefetch']>[2]) => ready.then((navigator) => navigator.prefetch(url, as, how), () => undefined),
    beforePopState: (callback: Parameters<Navigator['beforePopState']>[0]) => void ready.then((navigator) => navigator.beforePopState(callback)),
    events: routerEvents,
  };

  const appRouter = {} as StratusRouter;
  let appElement: { state: PageState; element: ReactElement; id: number } | undefined;
  /** True until the render after hydration has been made. */
  let hydrating = true;

  /** The tree the server rendered (head manager › router › `_app` › page), plus two invisible helpers. */
  function tree(state: PageState, id: number) {
    const pathname = routerPathname(state.route);
    const router: StratusRouter = {
      pathname,
      basePath: sitePaths().basePath,
      route: pathname,
      query: state.query,
      asPath: state.asPath,
      ...routerLocales({ ...data, locale: state.locale }),
      isFallback: state.isFallback,
      isReady: state.isReady,
      ...methods,
    };
    setCurrentRouter(router);
    head.setDefaultTitle(state.defaultTitle);
    // No `lang` without i18n, as the pages router leaves `<html>` (the server wrote none either).
    if (i18n) document.documentElement.lang = state.locale;
    // `_app`'s router prop is one object kept current, as the pages router's instance is.
    Object.assign(appRouter, router);
    // The render right after hydration (the address bar's search, isReady) reuses `_app`'s element
    // when the page and its props are the same: React then renders again only what reads the
    // router, not the whole page (an effect keyed on an object made in render would run twice).
    const reused = appElement && appElement.state.Component === state.Component && appElement.state.props === state.props && appElement.state.appProps === state.appProps && id === appElement.id + 1 && hydrating;
    const element = reused ? appElement!.element : <App {...state.appProps} Component={state.Component} pageProps={state.props} router={appRouter} />;
    appElement = { state, element, id };
    const app = (
      <HeadManagerContext.Provider value={head}>
        <RouterContext.Provider value={router}>
          <ErrorBoundary page={state.props} onError={(error) => onRenderError(error, state)}>
            {element}
          </ErrorBoundary>
          <StylesOf page={state.route} styles={currentStyles} />
          <Committed id={id} onCommit={onCommit} />
        </RouterContext.Provider>
      </HeadManagerContext.Provider>
    );
    // The config's reactStrictMode, in `stratus dev` alone (the build defines it "off" otherwise, and this goes).
    return process.env.STRATUS_STRICT_MODE === 'on' ? <StrictMode>{app}</StrictMode> : app;
  }

  /**
   * An exception while rendering: the app's `_error` page takes the page's place (inside
   * `_app`, its `getInitialProps` given `err`), as the pages router shows it; the built-in
   * client error page (what this resolves to, for the boundary to show) when it has none,
   * or when that fails too.
   */
  function onRenderError(error: unknown, failing: PageState): Promise<ComponentType | undefined> {
    const load = options.errorPages._error;
    return errorUi().then((ui) => {
      if (!load || failing.route === '/_error') return ui.ClientError;
      Promise.all([withStyles('/_error', load)(), ready])
        .then(async ([{ default: ErrorComponent }, navigator]) => {
          const { route: pathname, query, asPath, locale } = failing;
          const { pageProps: props } = await ui.loadInitialProps(undefined, ErrorComponent, { pathname, query, asPath, locale: i18n && locale, locales: data.locales, defaultLocale: data.defaultLocale, err: error });
          await navigator.update({ route: '/_error', Component: ErrorComponent, props, appProps: undefined, defaultTitle: undefined });
        })
        .catch(() => ready.then((navigator) => navigator.update({ route: '/_error', Component: ui.ClientError, props: {}, appProps: undefined, defaultTitle: undefined })));
      return undefined;
    });
  }

  function render(state: PageState): Promise<void> {
    const id = ++renders;
    return new Promise((resolve) => {
      pending.push([id, resolve]);
      if (root) root.render(tree(state, id));
      else root = hydrateRoot(container, tree(state, id));
    });
  }

  const route = options.routes.find((r) => r.pattern === data.page);
  const custom = route ? undefined : options.errorPages[data.page.slice(1) as '404'];
  let Component;
  let defaultTitle;
  try {
    Component = route ? (await route.load()).default : custom ? (await custom()).default : (await errorUi()).ErrorPage;
    // The built-in error page's title; the app's own error page has the one it writes, or none.
    if (data.statusCode && !custom) defaultTitle = (await errorUi()).errorTitle(data.statusCode);
    // Code-split components the server rendered must be there before React compares.
    await dynamicLoadsSettled();
  } catch (error) {
    // The page's script did not load: it stays as the server rendered it, links work as plain links.
    console.error(error);
    return;
  }

  const path = splitLocale(withoutBasePath(location.pathname) ?? location.pathname, { locales, defaultLocale }).path;
  // Hydrate with what the server rendered (static pages are rendered without the search,
  // and no page with the hash); the full URL follows right after, as in the pages router.
  // A static page was rendered at its own path, which one file serves under both spellings where both answer (`skipTrailingSlashRedirect`).
  const serverAsPath = route?.kind === 'ssr' ? path + location.search : sitePaths().anySlash ? path.replace(/(.)\/+$/, '$1') : path;
  // `_app`'s props besides pageProps: what else its getInitialProps returned, kept in the page's data as the pages router keeps them.
  const { pageProps, ...appProps } = data.props;
  const initial: PageState = {
    route: data.page,
    Component,
    props: pageProps,
    appProps,
    query: data.query,
    asPath: serverAsPath,
    locale: data.locale ?? defaultLocale,
    isFallback: data.isFallback,
    // As the server rendered it: only a page rendered per request (or an error page) is ready before hydration; the others are right after (below).
    isReady: !route || route.kind === 'ssr',
    defaultTitle,
  };
  await render(initial);
  let hydrated = initial;
  if (!(data.isFallback && route) && (!initial.isReady || location.search || location.hash)) {
    hydrated = {
      ...initial,
      asPath: path + location.search + location.hash,
      // A server page's query is the server's; others (static pages, the 404 and error pages) take the address bar's, as the pages router
      // does, or the search a rewrite served the page with.
      query: route?.kind === 'ssr' ? data.query : routerQuery(data.query, searchToQuery(data.rewriteSearch ?? location.search)),
      isReady: true,
    };
    await render(hydrated);
  }
  hydrating = false;

  const navigator = await routerChunk;
  navigator.start(hydrated);
  started(navigator);
  addEventListener('pagehide', navigator.saveScroll);
  const kind = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  const saved = navigator.savedScroll();
  if (saved && (kind === 'back_forward' || kind === 'reload')) scrollTo(saved[0], saved[1]);
  if (data.isFallback && route) await navigator.hydrateFallback();
}
