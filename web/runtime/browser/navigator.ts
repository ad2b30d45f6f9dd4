/**
 * The client router's core: resolves a URL to a route, loads the page's script and data
 * in parallel, cancels older navigations, writes history, emits the pages-router events
 * in their usual order and hands the new page state to `render`. It knows nothing of
 * React or `window`: the location comes from a HistorySource, so it runs in jest.
 *
 * Event order of a navigation: routeChangeStart → beforeHistoryChange →
 * routeChangeComplete (or routeChangeError); of a hash change: hashChangeStart →
 * hashChangeComplete. Each gets the URL as shown in the address bar and `{ shallow }`.
 *
 * @example
 * const nav = createNavigator({ ...settings, history: browserHistory(), render, ... });
 * await nav.push('/posts/hello');
 */
import type { ComponentType } from 'react';
import type { Emitter } from '../shared/events';
import type { AppComponent, AppProps, ClientOptions, ClientRoute, InitialPropsContext, PageData, PageProps } from '../shared/page-types';
import { dataPath, matchRoute, routerQuery, searchToQuery, splitPath } from '../shared/route-match';
import { chooseErrorPage, type ErrorPageName } from '../shared/error-page-choice';
import { localizePath, splitLocale, withLocalePrefix, type LocaleSettings } from '../shared/locale-prefix';

export { searchToQuery } from '../shared/route-match';
import type { BeforePopStateCallback, Query, TransitionOptions, Url } from '../shared/router-context';
import { formatUrl, repeatedSlashesFixed } from '../shared/url';
import type { EntryState, HistorySource } from './history-source';
import { fetchPageData, isFullLoadError, loadPageScript, type ErrorAnswer } from './page-loader';
import { isApiPath, REWRITE_HEADER } from '../../../contract/urls';
import { asVisited, siteHref, sitePaths, withoutBasePath } from '../shared/site-paths';

/** What the app renders: one page, its props and the router fields. */
export interface PageState {
  /** Route pattern (`/posts/[slug]`), or `/404`, `/500`, `/_error`. */
  route: string;
  Component: ComponentType<any>;
  props: PageProps;
  /** What else `_app.getInitialProps` returned (a getInitialProps page's): `_app`'s other props. */
  appProps?: PageProps;
  query: Query;
  /** Path without the locale prefix, with search and hash. */
  asPath: string;
  locale: string;
  isFallback: boolean;
  isReady: boolean;
  /** The document title when no `<Head>` sets one (error pages). */
  defaultTitle?: string;
}

export interface NavigatorOptions extends LocaleSettings {
  /** The app configures locales: getInitialProps' context shows them (undefined otherwise, as in the pages router). */
  i18n?: boolean;
  buildId: string;
  routes: ClientRoute[];
  errorPages: ClientOptions['errorPages'];
  /** The app's `_app`: its `getInitialProps`, when it has one, runs on navigations to `initialProps` routes. */
  App?: AppComponent;
  /** Loads `getInitialProps`' caller (initial-props.ts, a chunk of its own in the browser). @default its `import()` */
  initialProps?: () => Promise<Pick<typeof import('../shared/initial-props'), 'loadInitialProps'>>;
  /** Loads the built-in error page and the error titles (error-ui.tsx; a chunk of its own in the browser). */
  errorUi: () => Promise<{ ErrorPage: ComponentType<{ statusCode: number }>; errorTitle(statusCode: number): string; loadInitialProps: typeof import('../shared/initial-props').loadInitialProps }>;
  history: HistorySource;
  events: Emitter;
  fetch: typeof fetch;
  /** Renders a state; resolves once it is committed. */
  render(state: PageState): Promise<void>;
  /** After a navigation to another page has rendered and scrolled (focus, announcement). */
  onNavigated?(state: PageState): void;
  /** True when the browser asks to save data: nothing is prefetched. */
  saveData?(): boolean;
  /** @default 3800 */
  timeoutMs?: number;
  /**
   * The app has redirects, rewrites or middleware: every navigation asks the server what
   * the URL serves (its page data answers with the page a rewrite chose, or a redirect)
   * before loading a page, so a Link lands where a full load would.
   */
  resolveOnServer?: boolean;
}

export interface ChangeOptions extends TransitionOptions {
  /** The hydration phase: completing a `fallback: true` page; 5xx data is retried. */
  hydrate?: boolean;
  /** The URL carries the `basePath` (history entries, redirect destinations), unlike URLs the app writes. */
  fromAddressBar?: boolean;
}

type Method = 'push' | 'replace' | 'pop';

interface Target {
  /** As shown in the address bar: locale prefix, path, search, hash. */
  as: string;
  /** The router's `asPath`: the address bar's path without the locale prefix, its search and hash. */
  asPath: string;
  /** The page's path without the locale prefix (percent-encoded): the address bar's, or the `href`'s when `as` was given apart. */
  path: string;
  /** The page's search, whose query the page gets. */
  search: string;
  hash: string;
  locale: string;
  /** When `href` and `as` name different pages (`<Link href="/?postId=1" as="/post/1">`): the page's URL as `as` is written, kept in the history entry. */
  href?: string;
}

/** The error a navigation gets when a newer one replaces it (`routeChangeError`), worded as the pages router's. */
export function cancelledError(): Error & { cancelled: true } {
  return Object.assign(new Error('Route Cancelled'), { cancelled: true as const });
}


const withoutHash = (url: string) => url.replace(/#.*/, '');
/** A URL's path alone, without its search and hash. */
const pathOf = (url: string) => url.replace(/[?#].*/, '');
/** A path's locale prefix, read only in an app with i18n: without, `/en/x` is a path of its own, as the server reads it. */
const splitAppLocale = (path: string, options: NavigatorOptions) => (options.i18n ? splitLocale(path, options) : { locale: options.defaultLocale, path, prefixed: false });
const newKey = () => Math.random().toString(36).slice(2, 10);
const noop = () => undefined;

/**
 * What the server says a target serves (`resolveOnServer`): a redirect, an error, or the
 * page data together with the path and query a rewrite chose (the visited ones otherwise).
 */
async function askServer(options: NavigatorOptions, url: string, target: Target, attempts: number): Promise<{ answer: PageData | ErrorAnswer; path: string; search: string }> {
  let rewrittenTo: string | null = null;
  const answer = await fetchPageData(options.fetch, url, attempts, (response) => (rewrittenTo = response.headers.get(REWRITE_HEADER)));
  if (!rewrittenTo) return { answer, path: target.path, search: target.search };
  const rewritten = new URL(rewrittenTo, options.history.origin);
  return { answer, path: splitAppLocale(rewritten.pathname, options).path, search: rewritten.search };
}

export function createNavigator(options: NavigatorOptions) {
  const { history, events, routes, errorPages, defaultLocale } = options;
  const timeoutMs = options.timeoutMs;
  const dataCache = new Map<string, Promise<PageData | ErrorAnswer>>();
  /** Requests still on their way, by URL: clicks in quick succession share one, as in the pages router. */
  const inFlightData = new Map<string, Promise<unknown>>();
  const prefetched = new Set<string>();
  let current: PageState;
  /** The committed URL as shown in the address bar. */
  let currentAs = history.url();
  let currentKey = history.state()?.key ?? newKey();
  let inFlight: (() => void) | null = null;

  /**
   * A URL as the app writes it (no `basePath`) to the target; `fromAddressBar` for URLs
   * that carry the `basePath` (history entries, redirect destinations).
   */
  function resolve(url: Url, as: Url | undefined, locale: string | false | undefined, fromAddressBar = false): Target | { external: string } {
    const shown = locate(formatUrl(as ?? url), locale, fromAddressBar);
    if (as === undefined || 'external' in shown) return shown;
    const page = locate(formatUrl(url), shown.locale, fromAddressBar);
    // The page is href's, the address bar as's, as in the pages router (`<Link href="/?postId=1" as="/post/1">` keeps the
    // index page and shows /post/1). A route pattern as href (`/post/[pid]`, `/x/[[...slug]]`, which fills to `/x` from
    // no query) names the page `as` shows, its params from `as`, unless href's query fills it to as's path.
    if ('external' in page || page.as === shown.as || ((typeof url === 'string' ? url.replace(/[?#].*/, '') : url.pathname ?? '').includes('[') && page.path !== shown.path)) return shown;
    return { ...shown, path: page.path, search: page.search, href: withoutHash(page.as) };
  }

  /** A URL as written to where it leads: the address bar's form, the path without its locale, the locale. */
  function locate(written: string, locale: string | false | undefined, fromAddressBar: boolean): Target | { external: string } {
    // Relative URLs resolve against the current page: as the address bar shows it, or as the app writes it.
    const base = fromAddressBar ? currentAs : (withoutBasePath(currentAs.replace(/[?#].*/, '')) ?? '/');
    const href = new URL(fromAddressBar ? written : repeatedSlashesFixed(written, current?.route ?? '/'), history.origin + base);
    if (href.origin !== history.origin) return { external: href.href };
    let pathname = href.pathname;
    if (process.env.STRATUS_ROUTING !== 'off' && fromAddressBar) {
      const inside = withoutBasePath(pathname);
      if (inside === undefined) return { external: href.href };
      pathname = inside;
    }
    const split = splitAppLocale(pathname.replace(/(.)\/+$/, '$1'), options);
    const target = split.prefixed ? split.locale : locale === false ? defaultLocale : (locale ?? current?.locale ?? defaultLocale);
    const path = split.path;
    // A locale the URL spells out stays in the address bar, the default one too (`/en/about`), as the pages router keeps it.
    // An API route answers at one path whatever the locale: no prefix it was not written with, as the pages router leaves /api.
    const localized = split.prefixed ? withLocalePrefix(path, target) : isApiPath(path) ? path : localizePath(path, target, options);
    // An empty fragment (`href="#"`) reads back as none: kept, so it stays a hash change (to the top), as in the pages router.
    const hash = href.hash || (written.endsWith('#') ? '#' : '');
    // The site's trailing slash, or the one it was written with where both spellings answer (`skipTrailingSlashRedirect`).
    return { as: siteHref(asVisited(localized, pathname)) + href.search + hash, asPath: asVisited(path, pathname) + href.search + hash, path, search: href.search, hash, locale: target };
  }

  /** The page-data URL of a target (under the `basePath`). */
  function dataUrlOf(target: Pick<Target, 'path' | 'locale'>): string {
    const url = dataPath(options.buildId, target.path, target.locale, options);
    return process.env.STRATUS_ROUTING === 'off' ? url : sitePaths().basePath + url;
  }

  /** Same path and search: only the hash changes (the pages-router rule, including `#` → none). */
  function onlyHashChange(target: Target): boolean {
    if (withoutHash(currentAs) !== withoutHash(target.as)) return false;
    return target.hash !== '' || currentAs.includes('#');
  }

  /** One request for a URL while it is on its way; a later navigation asks again. */
  function shared<T>(url: string, request: () => Promise<T>): Promise<T> {
    let pending = inFlightData.get(url) as Promise<T> | undefined;
    if (!pending) {
      pending = request();
      inFlightData.set(url, pending);
      const settled = () => void inFlightData.delete(url);
      pending.then(settled, settled);
    }
    return pending;
  }

  /**
   * Static data is fetched once per build; failures are not kept. Under `stratus dev` the
   * build stays while the data functions change and the files they read too (`next dev`
   * keeps none either): each navigation asks again.
   */
  function staticData(url: string): Promise<PageData | ErrorAnswer> {
    if (process.env.NODE_ENV === 'development') return fetchPageData(options.fetch, url);
    let entry = dataCache.get(url);
    if (!entry) {
      entry = fetchPageData(options.fetch, url);
      dataCache.set(url, entry);
      entry.catch(() => dataCache.delete(url));
    }
    return entry;
  }

  /** The error page for a status (`only`: that page, when the app has it, else the built-in one). */
  async function errorState(statusCode: number, base: Pick<PageState, 'asPath' | 'locale'>, only?: ErrorPageName): Promise<PageState> {
    const name = chooseErrorPage(statusCode, (page) => errorPages[page] !== undefined && (!only || page === only));
    const [ui, custom] = await Promise.all([options.errorUi(), name && loadPageScript(errorPages[name]!, timeoutMs)]);
    return {
      ...base,
      route: `/${name ?? '_error'}`,
      Component: custom ? custom.default : ui.ErrorPage,
      props: { statusCode },
      query: {},
      isFallback: false,
      isReady: true,
      defaultTitle: custom ? undefined : ui.errorTitle(statusCode),
    };
  }

  /**
   * What the pages router shows when a page's module or its `getInitialProps` throws on a navigation: the
   * error logged, then the app's `_error` page (its `getInitialProps`, through `_app`'s, given
   * `err`), else the built-in page with the error's `statusCode` (none: the client-exception
   * page), at the target's URL. `thrown` makes the navigation end in `routeChangeError`.
   */
  async function thrownState(error: unknown, base: Pick<PageState, 'asPath' | 'locale'>, ctx: InitialPropsContext): Promise<PageState & { thrown: unknown }> {
    console.error(error);
    const [ui, custom] = await Promise.all([options.errorUi(), errorPages._error && loadPageScript(errorPages._error, timeoutMs)]);
    const Component = custom ? custom.default : ui.ErrorPage;
    let props: AppProps = { pageProps: { statusCode: (error as { statusCode?: unknown } | null)?.statusCode } };
    if (custom) {
      try {
        props = await ui.loadInitialProps(options.App, Component, { ...ctx, err: error });
      } catch (failed) {
        console.error('Error in the _error page\'s getInitialProps:', failed);
        props = { pageProps: {} };
      }
    }
    const { pageProps, ...appProps } = props;
    const statusCode = pageProps.statusCode as number | undefined;
    return { ...base, route: '/_error', Component, props: pageProps, appProps, query: ctx.query, isFallback: false, isReady: true, defaultTitle: custom || !statusCode ? undefined : ui.errorTitle(statusCode), thrown: error };
  }

  /** The route params of the page shown: its query's values of the names its route's segments declare. */
  function paramsOf(page: PageState): Record<string, string | string[]> {
    const params: Record<string, string | string[]> = {};
    for (const segment of routes.find((route) => route.pattern === page.route)?.segments ?? []) {
      if (segment.type !== 'static' && page.query[segment.name] !== undefined) params[segment.name] = page.query[segment.name]!;
    }
    return params;
  }

  async function load(target: Target, how: ChangeOptions): Promise<(PageState & { thrown?: unknown }) | { redirect: { destination: string } }> {
    const base = { asPath: target.asPath, locale: target.locale };
    const attempts = how.hydrate ? 3 : 1;
    // An error page's own path (`router.push('/404', '/slug')`): that page, before any dynamic route matching the path, as
    // the pages router resolves /404 and /_error (no error: 404), and /500 when the app has pages/500 (then in its page list).
    const own = /^\/(404|500|_error)$/.exec(target.path)?.[1];
    if (own && (own !== '500' || errorPages[500])) return errorState(own === '500' ? 500 : 404, base, own === '_error' ? own : undefined);
    // An API route is no page: loaded in full at once, without asking for its page data, as the pages router's client does.
    if (isApiPath(target.path)) throw Error('no page');
    // A shallow change of the search alone keeps the page shown, at whatever path it is shown (one a rewrite
    // serves matches no route here): its params, the new search.
    if (how.shallow && current && current.locale === target.locale && pathOf(current.asPath) === pathOf(target.asPath)) {
      return { ...current, ...base, query: routerQuery(paramsOf(current), searchToQuery(target.search)) };
    }
    const url = dataUrlOf(target);
    const withSearch = url + target.search;
    const onServer = process.env.STRATUS_ROUTING !== 'off' && options.resolveOnServer && !(how.shallow && current) ? await shared(withSearch, () => askServer(options, withSearch, target, attempts)) : undefined;
    if (onServer && 'redirect' in onServer.answer) return onServer.answer;
    const match = matchRoute(routes, splitPath(onServer?.path ?? target.path));
    // No page (an API route, a file, a path nothing serves): the browser loads it in full, as the pages router does.
    if (!match) throw Error('no page');
    const { route, params } = match;
    const query = routerQuery(params, searchToQuery(onServer?.search ?? target.search));
    if (how.shallow && route.pattern === current.route) return { ...current, ...base, query };
    const i18n = options.i18n;
    const ctx = { pathname: route.pattern, query, asPath: base.asPath, locale: i18n ? target.locale : undefined, locales: i18n ? [...options.locales] : undefined, defaultLocale: i18n ? defaultLocale : undefined };
    const [module, fetched] = await Promise.all([
      // A script that did not load is a full load; one that threw as it ran, its error page in place, as in the pages router.
      loadPageScript(route.load, timeoutMs).catch((error: unknown) => (isFullLoadError(error) ? Promise.reject(error) : { thrown: error })),
      // getInitialProps pages: the browser calls it below, as the pages router does; no data request.
      process.env.STRATUS_INITIAL_PROPS !== 'off' && route.initialProps
        ? undefined
        : route.kind === 'static'
        ? { pageProps: {} }
        : onServer
          ? onServer.answer
          : route.kind === 'ssr'
            ? shared(withSearch, () => fetchPageData(options.fetch, withSearch, attempts))
            : how.hydrate
              ? fetchPageData(options.fetch, url, attempts)
              : staticData(url),
    ]);
    if ('thrown' in module) return thrownState(module.thrown, base, ctx);
    const page = { ...base, route: route.pattern, Component: module.default, query, isFallback: false, isReady: true };
    if (!fetched && process.env.STRATUS_INITIAL_PROPS !== 'off') {
      // initial-props.ts is a chunk of its own (start-client.tsx starts loading it at once in apps that call getInitialProps).
      const { loadInitialProps } = await (options.initialProps?.() ?? import('../shared/initial-props'));
      let props: AppProps;
      try {
        props = await loadInitialProps(options.App, module.default, ctx);
      } catch (error) {
        // A getInitialProps that throws: the app's `_error` page (or the built-in one) in place, as the pages router shows it.
        return thrownState(error, base, ctx);
      }
      // `_app` gets its getInitialProps' whole result as props: pageProps, and the rest.
      const { pageProps, ...appProps } = props;
      return { ...page, props: pageProps, appProps };
    }
    const data = fetched ?? { pageProps: {} };
    if ('pageProps' in data) {
      // Server page data carries `_app`'s other props beside pageProps, when its getInitialProps returned any.
      const { pageProps, ...appProps } = data as AppProps;
      return { ...page, props: pageProps, appProps };
    }
    if ('redirect' in data) return data;
    if ('notFound' in data) return errorState(404, base);
    return errorState(data.statusCode, base);
  }

  /** Writes the history entry for a navigation (back/forward have already moved it). */
  function writeHistory(method: Method, target: Target, shallow: boolean): void {
    if (method === 'pop') return;
    history.savePosition(currentKey, history.scrollPosition());
    currentKey = newKey();
    // The page's own URL when it is not the address bar's, so back and forward come back to that page. A push to
    // the URL already shown (in its locale) replaces its entry, as in the pages router: back goes to the page before.
    const state: EntryState = { __s: 1, key: currentKey };
    if (target.href) state.href = target.href;
    if (shallow) state.shallow = true;
    history[target.as === currentAs && target.locale === current.locale ? 'replace' : method](target.as, state);
  }

  function scrollAfter(method: Method, target: Target, scroll: boolean | undefined): void {
    const saved = method === 'pop' ? history.savedPosition(currentKey) : undefined;
    if (saved) history.scrollTo(saved[0], saved[1]);
    else if (method === 'pop' || scroll !== false) {
      if (target.hash) history.scrollToHash(target.hash.slice(1));
      else history.scrollTo(0, 0);
    }
  }

  async function commit(state: PageState): Promise<void> {
    current = state;
    await options.render(state);
  }

  /** A navigation: `push`, `replace`, or `pop` (back/forward, the URL is already in place). */
  async function change(method: Method, url: Url, as?: Url, how: ChangeOptions = {}): Promise<boolean> {
    const target = resolve(url, as, how.locale, how.fromAddressBar);
    if ('external' in target) {
      history.load(target.external, method !== 'push');
      return false;
    }
    const eventOptions = { shallow: !!how.shallow };
    lastShallow = eventOptions.shallow;
    inFlight?.();
    inFlight = null;

    if (!how.hydrate && onlyHashChange(target)) {
      events.emit('hashChangeStart', target.as, eventOptions);
      writeHistory(method, target, eventOptions.shallow);
      currentAs = target.as;
      await commit({ ...current, asPath: target.asPath });
      scrollAfter(method, target, how.scroll);
      events.emit('hashChangeComplete', target.as, eventOptions);
      return true;
    }

    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      events.emit('routeChangeError', cancelledError(), target.as, eventOptions);
    };
    inFlight = cancel;
    events.emit('routeChangeStart', target.as, eventOptions);
    try {
      const next = await load(target, how);
      if (cancelled) return false;
      inFlight = null;
      if (!('route' in next)) {
        const destination = next.redirect.destination;
        // Internal redirects navigate softly, as the browser would follow a Location header
        // (an unprefixed destination is in the default locale); others load in full.
        if (destination.startsWith('/') && !destination.startsWith('//')) {
          return change(method === 'push' ? 'push' : 'replace', destination, undefined, { ...how, locale: false, hydrate: false, fromAddressBar: true });
        }
        history.load(destination, method !== 'push');
        return false;
      }
      const { thrown, ...state } = next;
      events.emit('beforeHistoryChange', target.as, eventOptions);
      writeHistory(how.hydrate ? 'replace' : method, target, eventOptions.shallow);
      currentAs = target.as;
      await commit(state);
      if (!how.hydrate) {
        scrollAfter(method, target, how.scroll);
        options.onNavigated?.(state);
      }
      // A getInitialProps that threw: its error page is shown, and the navigation ends in routeChangeError, as in the pages router.
      if ('thrown' in next) {
        events.emit('routeChangeError', thrown, target.as, eventOptions);
        return false;
      }
      events.emit('routeChangeComplete', target.as, eventOptions);
      return true;
    } catch (error) {
      if (cancelled) return false;
      inFlight = null;
      events.emit('routeChangeError', error, target.as, eventOptions);
      // The one place soft navigation gives up: a script that failed or timed out, data
      // that is unreachable, 5xx or from another build, a malformed path. A full load of
      // the target gets the server's answer (a fresh build, or its error page).
      history.load(target.as, method !== 'push');
      return false;
    }
  }
  
  /**
   * A static page's data asked for again, kept once it arrives (the entry before stays until
   * then, and when it fails): a navigation after it shows a regenerated page's new data.
   */
  function refreshStaticData(url: string): Promise<PageData | ErrorAnswer> {
    const fresh = fetchPageData(options.fetch, url);
    fresh.then((answer) => void (!('statusCode' in answer) && dataCache.set(url, fresh)), noop);
    return fresh;
  }

  /**
   * Loads a page's script, and for static-data pages its data, ahead of a navigation; once, but
   * a Link's hover or touch (`priority`) and `unstable_skipClientCache` ask for the data again,
   * as the pages router refreshes its cache then.
   */
  async function prefetch(url: Url, as?: Url, opts: { locale?: string | false; unstable_skipClientCache?: boolean; priority?: boolean } = {}): Promise<void> {
    if (options.saveData?.()) return;
    const target = resolve(url, as, opts.locale);
    if ('external' in target) return;
    const key = withoutHash(target.as);
    const again = opts.priority === true || opts.unstable_skipClientCache === true;
    if ((prefetched.has(key) && !again) || key === withoutHash(currentAs)) return;
    prefetched.add(key);
    let match;
    try {
      match = matchRoute(routes, splitPath(target.path));
    } catch {
      return;
    }
    if (!match) return;
    const route = match.route;
    await Promise.all([
      route.load().catch(noop),
      // Server data is per request: never prefetched; nor static data in dev, where it is not kept.
      route.kind === 'ssg' && !options.resolveOnServer && process.env.NODE_ENV !== 'development' ? (again ? refreshStaticData(dataUrlOf(target)) : staticData(dataUrlOf(target))).catch(noop) : undefined,
    ]);
  }

  let beforePop: BeforePopStateCallback | null = null;
  /** Whether the last navigation was shallow: back or forward to a shallow entry is shallow only after one (the pages router's rule). */
  let lastShallow = false;

  history.listen((state) => {
    history.savePosition(currentKey, history.scrollPosition());
    if (state) currentKey = state.key;
    else {
      // An entry the router did not write (a plain fragment link): adopt it.
      currentKey = newKey();
      history.replace(history.url(), { __s: 1, key: currentKey });
    }
    const url = history.url();
    // An entry whose page is not the address bar's (href apart from as) names its page.
    const href = state?.href;
    const shallow = state?.shallow === true && lastShallow;
    if (beforePop && beforePop({ url: href ?? url, as: url, options: { shallow } }) === false) return;
    void change('pop', href ?? url, href === undefined ? undefined : url, { locale: false, fromAddressBar: true, shallow });
  });

  return {
    /** Sets the hydrated state and claims the current history entry. */
    start(state: PageState): void {
      current = state;
      history.replace(currentAs, { __s: 1, key: currentKey });
    },
    /** Re-renders with changed fields, without a navigation or events (after hydration). */
    update(fields: Partial<PageState>): Promise<void> {
      return commit({ ...current, ...fields });
    },
    get state(): PageState {
      return current;
    },
    push: (url: Url, as?: Url, opts?: TransitionOptions) => change('push', url, as, opts),
    replace: (url: Url, as?: Url, opts?: TransitionOptions) => change('replace', url, as, opts),
    /** Completes a `fallback: true` page: its data with up to 3 attempts, then the error page. */
    hydrateFallback: () => change('replace', currentAs, undefined, { locale: false, hydrate: true, scroll: false, fromAddressBar: true }),
    prefetch,
    /** The pages router's hook before back/forward: returning false skips the router's handling. */
    beforePopState: (callback: BeforePopStateCallback) => void (beforePop = callback),
    /** Saves the scroll position of the current entry (before the document unloads). */
    saveScroll: () => history.savePosition(currentKey, history.scrollPosition()),
    /** The saved position of the current entry, when it has one. */
    savedScroll: () => history.savedPosition(currentKey),
  };
}

export type Navigator = ReturnType<typeof createNavigator>;
