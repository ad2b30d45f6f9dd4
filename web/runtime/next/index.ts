/**
 * `next`: the page types, under the names pages-router apps import them
 * (`import type { NextPage, GetServerSideProps } from 'next'`). Types only.
 */
import type { ComponentType } from 'react';

export type {
  GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult, GetStaticPaths, GetStaticPathsResult,
  GetStaticProps, GetStaticPropsContext, GetStaticPropsResult, InferGetServerSidePropsType, InferGetStaticPropsType,
  Redirect, PageConfig, NextApiHandler, NextApiRequest, NextApiResponse,
} from '../types';

/** A page component, with the optional `getInitialProps` of the pages router. */
export type NextPage<P = Record<string, unknown>, IP = P> = ComponentType<P> & { getInitialProps?: (context: unknown) => IP | Promise<IP> };

/**
 * `next.config.ts`'s type (`const nextConfig: NextConfig = { … }`, as create-next-app writes
 * it): open, so whatever `next build` accepts type-checks here too. Which keys Stratus reads,
 * and which it warns about, is in docs/NEXT-COMPAT.md (`any` values: Next's own type admits many
 * shapes per key).
 */
export type NextConfig = { [key: string]: any };
