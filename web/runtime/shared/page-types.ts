/**
 * Shapes shared by the server renderer and the browser runtime: what a page module
 * exports, what the data functions receive and return, and the data embedded in a page.
 */
import type { ComponentType } from 'react';
import type { RouteSegment, RouteParams } from './route-match';

export type PageProps = Record<string, unknown>;

export interface Redirect {
  destination: string;
  permanent?: boolean;
  /** Overrides `permanent`: 301, 302, 303, 307 or 308. */
  statusCode?: number;
}

export type DataResult =
  | { props: PageProps | Promise<PageProps>; revalidate?: number | false }
  | { notFound: true; revalidate?: number | false }
  | { redirect: Redirect; revalidate?: number | false };

export interface StaticContext {
  params: RouteParams;
  locale: string;
  locales: string[];
  defaultLocale: string;
}

export interface ServerContext extends StaticContext {
  query: Record<string, string | string[]>;
  /** The request's headers, lower-case names. */
  headers: Record<string, string>;
  cookies: Record<string, string>;
  /** Path and query as requested, without the locale prefix. */
  resolvedUrl: string;
}

export interface StaticPaths {
  paths: Array<string | { params: RouteParams; locale?: string }>;
  fallback: boolean | 'blocking';
}

export interface PageModule {
  default: ComponentType<any>;
  getServerSideProps?: (context: ServerContext) => Promise<DataResult> | DataResult;
  getStaticProps?: (context: StaticContext) => Promise<DataResult> | DataResult;
  getStaticPaths?: (context: { locales: string[]; defaultLocale: string }) => Promise<StaticPaths> | StaticPaths;
}

export type AppComponent = ComponentType<{ Component: ComponentType<any>; pageProps: PageProps }>;

/** What a page-data file (`/_app/data/<buildId>/….json`) holds. */
export type PageData =
  | { pageProps: PageProps }
  | { notFound: true }
  | { redirect: { destination: string; statusCode: number } };

/**
 * `page` of the built-in error page, which is also served when the app's own error page
 * fails: a name no app page can have, so the browser hydrates it with the built-in page.
 */
export const BUILT_IN_ERROR_PAGE = '/_stratus/error';

/** The data embedded in every server-rendered page, read by the browser runtime to hydrate. */
export interface EmbeddedData {
  buildId: string;
  /** Route pattern of the page (`/posts/[slug]`), the app's `/404`, `/500`, `/_error`, or BUILT_IN_ERROR_PAGE. */
  page: string;
  query: Record<string, string | string[]>;
  props: { pageProps: PageProps };
  locale: string;
  locales: string[];
  defaultLocale: string;
  isFallback: boolean;
  /** Set on error pages. */
  statusCode?: number;
}

/** A route as the browser runtime knows it. */
export interface ClientRoute {
  pattern: string;
  kind: 'static' | 'ssg' | 'ssr';
  segments: RouteSegment[];
  /** Loads the page's chunk; rejects when the script fails to load. */
  load: () => Promise<{ default: ComponentType<any> }>;
}

export interface ClientOptions {
  App?: AppComponent;
  /** In precedence order; segments are derived from the patterns in the browser. */
  routes: Omit<ClientRoute, 'segments'>[];
  /** Loaders of the app's own error pages, when it has them. */
  errorPages: Partial<Record<'404' | '500' | '_error', () => Promise<{ default: ComponentType<any> }>>>;
}
