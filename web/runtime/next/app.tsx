/**
 * `next/app`: the default `_app` (renders the page with its props) and its types, for an
 * `_app` written as `class MyApp extends App` that calls `App.getInitialProps`, or one that
 * uses the default.
 */
import { Component, createElement, type ComponentType, type ReactNode } from 'react';
import type { AppInitialPropsContext, PageProps } from '../shared/page-types';
import type { AppProps } from '../types';

export type { AppProps };
/** What `reportWebVitals` exported from `_app` receives (`import type { NextWebVitalsMetric } from 'next/app'`). */
export type { WebVitalsMetric as NextWebVitalsMetric } from '../browser/web-vitals';
/** What `_app.getInitialProps` receives: the page's component, its context and the router fields. */
export type AppContext = AppInitialPropsContext;
export type AppInitialProps = { pageProps: PageProps };

/** The default app: `<Component {...pageProps} />`. */
export default class App<P = Record<string, unknown>> extends Component<AppProps<P> & P> {
  /** The page's own `getInitialProps`, as `pageProps` (what a custom `_app` calls first). */
  static async getInitialProps({ Component: Page, ctx }: AppContext): Promise<AppInitialProps> {
    const pageProps = Page.getInitialProps ? await Page.getInitialProps(ctx) : {};
    return { pageProps: (pageProps ?? {}) as PageProps };
  }

  override render(): ReactNode {
    const { Component: Page, pageProps } = this.props;
    return createElement(Page as ComponentType<Record<string, unknown>>, pageProps as Record<string, unknown>);
  }
}
