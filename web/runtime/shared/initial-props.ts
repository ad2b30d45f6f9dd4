/**
 * `getInitialProps` as the pages router calls it, on the server and in the browser alike.
 * Apart from page-types.ts, which re-exports it, so that the browser runtime can load it on
 * demand (navigator.ts, error-ui.tsx).
 */
import type { ComponentType } from 'react';
import { StratusError } from '../../../contract/errors';
import type { AppComponent, AppInitialPropsContext, InitialPropsContext, PageProps, WithInitialProps } from './page-types';

/** `getInitialProps` returned something that cannot be a page's props: names the component and what it found. */
export class InitialPropsError extends StratusError {
  constructor(owner: string, found: unknown) {
    super('INITIAL_PROPS_INVALID', `${owner}.getInitialProps() should resolve to an object, but found ${found === null ? 'null' : Array.isArray(found) ? 'an array' : typeof found} instead.`);
    this.name = 'InitialPropsError';
  }
}

const isPropsObject = (value: unknown): value is PageProps => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The page's props from `getInitialProps`, as the pages router computes them, on the server
 * and in the browser alike: `_app.getInitialProps({ Component, ctx, router })`'s
 * `pageProps` when `_app` has one (it calls the page's own, if it wants it), else the
 * page's `getInitialProps(ctx)`, else `{}`. Throws what they throw, and InitialPropsError
 * for a result that is not an object.
 *
 * @example
 * const props = await loadInitialProps(App, Page, { pathname: '/', query: {}, asPath: '/', locale: 'en', locales: ['en'], defaultLocale: 'en' });
 */
export async function loadInitialProps(
  App: WithInitialProps<AppComponent, AppInitialPropsContext> | undefined,
  Component: WithInitialProps<ComponentType<any>, InitialPropsContext>,
  ctx: InitialPropsContext,
): Promise<PageProps> {
  if (App?.getInitialProps) {
    const { pathname, query, asPath, locale, locales, defaultLocale } = ctx;
    const appProps = await App.getInitialProps({ Component, ctx, router: { pathname, query, asPath, locale, locales, defaultLocale } });
    if (!isPropsObject(appProps)) throw new InitialPropsError('App', appProps);
    const pageProps = (appProps as { pageProps?: unknown }).pageProps ?? {};
    if (!isPropsObject(pageProps)) throw new InitialPropsError('App (its pageProps)', pageProps);
    return pageProps;
  }
  if (!Component.getInitialProps) return {};
  const props = await Component.getInitialProps(ctx);
  if (!isPropsObject(props)) throw new InitialPropsError(Component.displayName ?? Component.name ?? 'Page', props);
  return props;
}
