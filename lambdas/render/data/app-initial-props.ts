/**
 * `_app.getInitialProps` for a page the server renders outside getServerSideProps' flow (a
 * getStaticProps page at build time or when it regenerates, a draft answer), as the pages
 * router runs it: checked as props are, then split (`splitAppProps`, in the shared runtime
 * where the error pages' render uses it too) into the pageProps the page gets and the other
 * props `_app` gets beside `Component` and `pageProps`.
 */
import type { ComponentType } from 'react';
import { loadInitialProps, type AppComponent, type AppProps, type InitialPropsContext } from '../../../web/runtime/shared/page-types';
import { splitAppProps, type SplitAppProps } from '../../../web/runtime/shared/initial-props';
import { inSpan } from '../../shared/tracing/otel';
import { readDataResult, type PropsCheck } from './data-result';

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
