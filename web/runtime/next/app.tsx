/**
 * `next/app`: the default `_app` (renders the page with its props) and its types, for an
 * `_app` written as `class MyApp extends App` or one that calls the default.
 */
import { Component, createElement, type ComponentType, type ReactNode } from 'react';
import type { AppProps } from '../types';

export type { AppProps };
export type AppContext = { Component: AppProps['Component']; router: import('../router').StratusRouter };

/** The default app: `<Component {...pageProps} />`. */
export default class App<P = Record<string, unknown>> extends Component<AppProps<P> & P> {
  override render(): ReactNode {
    const { Component: Page, pageProps } = this.props;
    return createElement(Page as ComponentType<Record<string, unknown>>, pageProps as Record<string, unknown>);
  }
}
