/**
 * `next`: the page types, under the names pages-router apps import them
 * (`import type { NextPage, GetServerSideProps } from 'next'`). Types only.
 */
import type { ComponentType } from 'react';
import type { InitialPropsContext } from '../shared/page-types';

export type {
  GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult, GetStaticPaths, GetStaticPathsResult,
  GetStaticProps, GetStaticPropsContext, GetStaticPropsResult, InferGetServerSidePropsType, InferGetStaticPropsType,
  Redirect, PageConfig, NextApiHandler, NextApiRequest, NextApiResponse,
} from '../types';

/** What a page's (or `_error`'s) `getInitialProps` receives: `pathname`, `query`, `asPath`, the locales, `req`/`res` on the server, `err`. */
export type NextPageContext = InitialPropsContext;

/** A component with the pages router's optional `getInitialProps`, typed by its context, what it returns and its props. */
export type NextComponentType<Context = NextPageContext, InitialProps = unknown, Props = Record<string, unknown>> = ComponentType<Props> & {
  getInitialProps?: (context: Context) => InitialProps | Promise<InitialProps>;
};

/** A page component, with the optional `getInitialProps` of the pages router. */
export type NextPage<P = Record<string, unknown>, IP = P> = NextComponentType<NextPageContext, IP, P>;

/**
 * `next.config.ts`'s type (`const nextConfig: NextConfig = { … }`, as create-next-app writes
 * it): open, so whatever `next build` accepts type-checks here too. Which keys Stratus reads,
 * and which it warns about, is in docs/NEXT-COMPAT.md (`any` values: Next's own type admits many
 * shapes per key).
 */
export type NextConfig = { [key: string]: any };
