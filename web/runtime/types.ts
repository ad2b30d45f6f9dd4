/**
 * `stratus/types`: the types of page modules, with the names pages-router apps use.
 *
 * @example
 * import type { GetServerSideProps, InferGetServerSidePropsType } from 'stratus/types';
 *
 * export const getServerSideProps = (async ({ params }) => {
 *   return { props: { id: String(params.id) } };
 * }) satisfies GetServerSideProps<{ id: string }>;
 *
 * export default function Order({ id }: InferGetServerSidePropsType<typeof getServerSideProps>) {
 *   return <h1>Order {id}</h1>;
 * }
 *
 * @example
 * // pages/api/hello.ts
 * import type { ApiRequest, ApiResponse } from 'stratus/types';
 *
 * export default function handler(req: ApiRequest, res: ApiResponse<{ hello: string }>) {
 *   res.status(200).json({ hello: String(req.query.name ?? 'world') });
 * }
 */
import type { ComponentType } from 'react';
import type {
  ApiConfig,
  ApiHandler,
  ApiRequest,
  ApiResponse,
  Redirect,
  ServerContext,
  ServerRequest,
  ServerResponse,
  StaticContext,
  StaticPaths,
} from './shared/page-types';
import type { RouteParams } from './shared/route-match';
import type { StratusRouter } from './shared/router-context';

// `any`, not `unknown`: an interface (which has no index signature) is still accepted as props.
type Props = { [key: string]: any };
/** A route's params as the pages router types them (`interface Params extends ParsedUrlQuery { slug: string }` fits). */
type Params = { [key: string]: string | string[] | undefined };
/** Draft mode's data (`res.setDraftMode`); Stratus passes none. */
type PreviewData = string | false | object | undefined;

/** What a data function may return: props, the 404 page, or a redirect; `revalidate` for getStaticProps (`true` is one second). */
export type DataFunctionResult<P extends Props = Props> =
  | { props: P | Promise<P>; revalidate?: number | boolean }
  | { notFound: true; revalidate?: number | boolean }
  | { redirect: Redirect; revalidate?: number | boolean };

/** What getServerSideProps receives: the request's context, with `req` and `res`; `params` typed as the app says. */
export type GetServerSidePropsContext<Q extends Params = Params, D extends PreviewData = PreviewData> = Omit<ServerContext, 'params'> & {
  params: Q & RouteParams;
  preview?: boolean;
  previewData?: D;
};
/** What getServerSideProps may return: props (or their promise), the 404 page, or a redirect. */
export type GetServerSidePropsResult<P extends Props = Props> = { props: P | Promise<P> } | { notFound: true } | { redirect: Redirect };
/** `getServerSideProps`: runs on every request. */
export type GetServerSideProps<P extends Props = Props, Q extends Params = Params, D extends PreviewData = PreviewData> = (
  context: GetServerSidePropsContext<Q, D>,
) => Promise<GetServerSidePropsResult<P>> | GetServerSidePropsResult<P>;

/** What getStaticProps receives; `params` typed as the app says. */
export type GetStaticPropsContext<Q extends Params = Params, D extends PreviewData = PreviewData> = Omit<StaticContext, 'params'> & {
  params: Q & RouteParams;
  preview?: boolean;
  previewData?: D;
  revalidateReason?: 'on-demand' | 'build' | 'stale';
};
export type GetStaticPropsResult<P extends Props = Props> = DataFunctionResult<P>;
/** `getStaticProps`: runs at build time, and again after `revalidate` seconds. */
export type GetStaticProps<P extends Props = Props, Q extends Params = Params, D extends PreviewData = PreviewData> = (
  context: GetStaticPropsContext<Q, D>,
) => Promise<GetStaticPropsResult<P>> | GetStaticPropsResult<P>;

/** The configured locales; both undefined in an app without `i18n`, as in the pages router. */
export type GetStaticPathsContext = { locales?: string[]; defaultLocale?: string };
/** The paths of a dynamic route to prerender (strings, or `{ params, locale }`), and what to do with others. */
export type GetStaticPathsResult<Q extends Params = Params> = { paths: Array<string | { params: Q; locale?: string }>; fallback: boolean | 'blocking' };
/** `getStaticPaths`: the paths of a dynamic route to prerender, and what to do with others. */
export type GetStaticPaths<Q extends Params = Params> = (context: GetStaticPathsContext) => Promise<GetStaticPathsResult<Q>> | GetStaticPathsResult<Q>;

type PropsOf<R> = R extends { props: infer P } ? (P extends Promise<infer Q> ? Q : P) : never;

/** The props a page gets from its `getServerSideProps`. */
export type InferGetServerSidePropsType<F extends (...args: any[]) => unknown> = PropsOf<Awaited<ReturnType<F>>>;
/** The props a page gets from its `getStaticProps`. */
export type InferGetStaticPropsType<F extends (...args: any[]) => unknown> = PropsOf<Awaited<ReturnType<F>>>;

/** A page component. */
export type Page<P = Props> = ComponentType<P>;
/** What `_app` receives. */
export interface AppProps<P = Props> {
  Component: ComponentType<P>;
  pageProps: P;
  /** The page's router, as `useRouter()` gives it (the pages router passes it to `_app` too). */
  router: StratusRouter;
}

export type { ApiConfig, ApiHandler, ApiRequest, ApiResponse, Redirect, RouteParams, ServerRequest, ServerResponse, StaticPaths };

/** The pages router's names for the API route types. */
export type NextApiRequest<Body = any> = ApiRequest<Body>;
export type NextApiResponse<Data = any> = ApiResponse<Data>;
export type NextApiHandler<Data = any> = ApiHandler<Data>;
/** `export const config` of an API route. */
export type PageConfig = ApiConfig;
