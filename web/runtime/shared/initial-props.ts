/**
 * `getInitialProps` as the pages router calls it, on the server and in the browser alike.
 * Apart from page-types.ts, which re-exports it, so that the browser runtime can load it on
 * demand (navigator.ts, error-ui.tsx).
 */
import type { ComponentType } from 'react';
import { StratusError } from '../../../contract/errors';
import type { AppComponent, AppInitialPropsContext, AppProps, InitialPropsContext, PageProps, WithInitialProps } from './page-types';

/** `getInitialProps` returned something that cannot be a page's props: names the component and what it found. */
export class InitialPropsError extends StratusError {
  constructor(owner: string, found: unknown) {
    super('INITIAL_PROPS_INVALID', `${owner}.getInitialProps() should resolve to an object, but found ${found === null ? 'null' : Array.isArray(found) ? 'an array' : typeof found} instead.`);
    this.name = 'InitialPropsError';
  }
}

const isPropsObject = (value: unknown): value is PageProps => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What `getInitialProps` gives `_app`, as the pages router computes it, on the server and in
 * the browser alike: `_app.getInitialProps({ Component, ctx, router })`'s whole result when
 * `_app` has one (it calls the page's own, if it wants it), its `pageProps` `{}` when it has
 * none; else `{ pageProps }` with the page's `getInitialProps(ctx)`, or `{}`. `_app` gets it
 * all as its props (Next keeps the other keys in `__NEXT_DATA__.props` too). Throws what they
 * throw, and InitialPropsError for a result that is not an object.
 *
 * @example
 * const { pageProps, ...appProps } = await loadInitialProps(App, Page, { pathname: '/', query: {}, asPath: '/', locale: 'en', locales: ['en'], defaultLocale: 'en' });
 */
export async function loadInitialProps(
  App: WithInitialProps<AppComponent, AppInitialPropsContext> | undefined,
  Component: WithInitialProps<ComponentType<any>, InitialPropsContext>,
  ctx: InitialPropsContext,
): Promise<AppProps> {
  if (App?.getInitialProps) {
    const { pathname, query, asPath, locale, locales, defaultLocale } = ctx;
    const appProps = await App.getInitialProps({ Component, ctx, router: { pathname, query, asPath, locale, locales, defaultLocale } });
    if (!isPropsObject(appProps)) throw new InitialPropsError('App', appProps);
    const pageProps = (appProps as { pageProps?: unknown }).pageProps ?? {};
    if (!isPropsObject(pageProps)) throw new InitialPropsError('App (its pageProps)', pageProps);
    return { ...appProps, pageProps };
  }
  if (!Component.getInitialProps) return { pageProps: {} };
  const props = await Component.getInitialProps(ctx);
  if (!isPropsObject(props)) throw new InitialPropsError(Component.displayName ?? Component.name ?? 'Page', props);
  return { pageProps: props };
}

/** `_app.getInitialProps`' result apart: the pageProps the page gets, and `_app`'s other props. */
export interface SplitAppProps {
  pageProps: PageProps;
  /** `_app`'s props besides `Component` and `pageProps`; undefined when it returned none. */
  appProps?: PageProps;
}

/**
 * @example
 * splitAppProps({ pageProps: { a: 1 }, theme: 'dusk' }); // { pageProps: { a: 1 }, appProps: { theme: 'dusk' } }
 * splitAppProps({ pageProps: {} }); // { pageProps: {}, appProps: undefined }
 */
export function splitAppProps({ pageProps, ...appProps }: AppProps): SplitAppProps {
  return { pageProps, appProps: Object.keys(appProps).length > 0 ? appProps : undefined };
}

