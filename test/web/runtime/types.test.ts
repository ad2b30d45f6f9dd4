/**
 * `stratus/types` is checked by the compiler (`npm test` runs `tsc --noEmit` over test/):
 * each `Equal` below fails the type-check if inference changes.
 */
import type { ParsedUrlQuery } from 'node:querystring';
import type {
  AppProps, GetServerSideProps, GetServerSidePropsContext, GetStaticPaths, GetStaticProps, GetStaticPropsContext, InferGetServerSidePropsType, InferGetStaticPropsType,
} from 'stratus/types';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

interface Order {
  id: string;
  total: number;
}

const getServerSideProps = (async ({ params, cookies }) => {
  if (!cookies.session) return { redirect: { destination: '/login', permanent: false } };
  return { props: { id: String(params.id), total: 3 } };
}) satisfies GetServerSideProps<Order>;

const getStaticProps = (({ locale }) => ({ props: { locale }, revalidate: 60 })) satisfies GetStaticProps;
const getStaticPaths = (() => ({ paths: ['/a', { params: { id: 'b' }, locale: 'fr' }], fallback: 'blocking' as const })) satisfies GetStaticPaths;

// Written for Next's types: req and res are there (no "possibly undefined"), params typed by a ParsedUrlQuery interface, revalidate: true.
interface SlugParams extends ParsedUrlQuery {
  slug: string;
}
const nextStyleServer: GetServerSideProps<{ agent: string; slug: string }, SlugParams> = async ({ req, res, params }) => {
  res.setHeader('Cache-Control', 'private');
  return { props: { agent: req.headers['user-agent'] ?? '', slug: params!.slug } };
};
const nextStyleStatic: GetStaticProps<{ slug: string }, SlugParams> = async (context: GetStaticPropsContext<SlugParams>) => ({ props: { slug: context.params?.slug ?? '' }, revalidate: true });
const nextStylePaths: GetStaticPaths<SlugParams> = async () => ({ paths: [{ params: { slug: 'a' } }], fallback: false });
const contextSlug = (context: GetServerSidePropsContext<SlugParams>): string => context.params.slug + context.req.url;

const serverProps: Equal<InferGetServerSidePropsType<typeof getServerSideProps>, { id: string; total: number }> = true;
const staticProps: Equal<InferGetStaticPropsType<typeof getStaticProps>, { locale: string | undefined }> = true; // undefined without i18n, as Next's types say
const app = ({ Component, pageProps, router }: AppProps) => [Component, pageProps, router.pathname];

test('the page types describe what data functions receive and return', async () => {
  expect(serverProps && staticProps).toBe(true);
  // A context of its own, as a unit test of a page builds one; this page reads neither req nor res.
  const ctx = { params: { id: '7' }, query: {}, locale: 'en', locales: ['en'], defaultLocale: 'en', headers: {}, cookies: { session: 's' }, resolvedUrl: '/o/7' } as unknown as GetServerSidePropsContext;
  await expect(getServerSideProps(ctx)).resolves.toEqual({ props: { id: '7', total: 3 } });
  expect([nextStyleServer, nextStyleStatic, nextStylePaths, contextSlug].every((f) => typeof f === 'function')).toBe(true);
  expect(getStaticPaths().fallback).toBe('blocking');
  expect(app({ Component: () => null, pageProps: {}, router: { pathname: '/o/[id]' } as AppProps['router'] })).toEqual([expect.any(Function), {}, '/o/[id]']);
});
