/**
 * `_app.getInitialProps` for a page the server renders outside getServerSideProps' flow (a
 * getStaticProps page at build time or when it regenerates, a draft answer, an error page),
 * as the pages router runs it: its result split into the pageProps the page gets and the
 * other props `_app` gets beside `Component` and `pageProps`.
 */
import type { ComponentType } from 'react';
import { loadInitialProps, type AppComponent, type AppProps, type InitialPropsContext, type PageProps } from '../../../web/runtime/shared/page-types';
import { inSpan } from '../../shared/tracing/otel';
import { readDataResult, type PropsCheck } from './data-result';

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

/**
 * Runs `App.getInitialProps` for `Page` and checks its result as props are (JSON must carry
 * it to the browser). Throws what it throws.
 */
export async function readAppInitialProps(App: AppComponent, Page: ComponentType<any>, ctx: InitialPropsContext, route: string, check: PropsCheck): Promise<SplitAppProps> {
  const initial = await inSpan('getInitialProps', { 'http.route': route }, () => loadInitialProps(App, Page, ctx));
  // `{ props }` is always read as props: notFound and redirect are words of the page's own data function.
  const read = await readDataResult('pages/_app', 'getInitialProps', { props: initial }, check);
  return splitAppProps(read.type === 'props' ? (read.props as AppProps) : initial);
}
