/** The `_app` used when the app has none: renders the page with its props. */
import type { ComponentType } from 'react';
import type { PageProps } from './page-types';

export function DefaultApp({ Component, pageProps }: { Component: ComponentType<any>; pageProps: PageProps }) {
  return <Component {...pageProps} />;
}
