/**
 * The router object pages see through `useRouter()`, and the React context that carries
 * it. The server fills it from the request; the browser runtime from navigation.
 */
import { createContext, useContext } from 'react';
import type { Emitter } from './events';

export type Query = Record<string, string | string[]>;

export interface UrlObject {
  pathname?: string;
  query?: Record<string, unknown>;
  hash?: string;
}

export type Url = string | UrlObject;

export interface TransitionOptions {
  shallow?: boolean;
  scroll?: boolean;
  locale?: string | false;
}

/** The `useRouter()` value, with the names and shapes users of the pages router know. */
/** What `router.beforePopState` is told about a back/forward move. */
export type BeforePopStateCallback = (state: { url: string; as: string; options: { shallow: boolean } }) => boolean;

export interface StratusRouter {
  /** The route pattern: `/posts/[slug]`. */
  pathname: string;
  /** Route params merged with the search params. */
  query: Query;
  /** The path as shown in the browser, without the locale prefix. */
  asPath: string;
  /** The route pattern, as `pathname` (`/_error` on the built-in error page). */
  route: string;
  /** The path the site is mounted under (`basePath` in the config), or `''`. */
  basePath: string;
  /** The page's locale; undefined in an app without locales (no `i18n` config), as in the pages router. */
  locale?: string;
  /** The configured locales; undefined without `i18n`. */
  locales?: string[];
  /** undefined without `i18n`. */
  defaultLocale?: string;
  isFallback: boolean;
  /** True once the query is complete (after hydration in the browser). */
  isReady: boolean;
  push(url: Url, as?: Url, options?: TransitionOptions): Promise<boolean>;
  replace(url: Url, as?: Url, options?: TransitionOptions): Promise<boolean>;
  /** `history.back()`. */
  back(): void;
  /** A full reload of the current page. */
  reload(): void;
  /** Loads the target's script (and static data) ahead of a navigation; `Link` does it for you. */
  /**
   * Loads a page's script, and a static-data page's data, ahead of a navigation: once, unless
   * `unstable_skipClientCache` (or a Link's hover, `priority`) asks for its data again, so a
   * regenerated page shows its new data when followed, as in the pages router.
   */
  prefetch(url: Url, as?: Url, options?: { locale?: string | false; unstable_skipClientCache?: boolean; priority?: boolean }): Promise<void>;
  /**
   * Called on back/forward before the router acts; returning false leaves the page as it
   * is (the app handles the history change itself).
   */
  beforePopState(callback: BeforePopStateCallback): void;
  events: Emitter;
}

/** The router's locale fields for a page's data: the locales when the app configures them, undefined otherwise. */
export function routerLocales(data: { i18n?: true; locale?: string; locales?: string[]; defaultLocale?: string }): Pick<StratusRouter, 'locale' | 'locales' | 'defaultLocale'> {
  return data.i18n ? { locale: data.locale, locales: data.locales, defaultLocale: data.defaultLocale } : { locale: undefined, locales: undefined, defaultLocale: undefined };
}

export const RouterContext = createContext<StratusRouter | null>(null);

/** The current router; throws outside a Stratus page, where there is none. */
export function useRouter(): StratusRouter {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter(): no router mounted');
  return router;
}
