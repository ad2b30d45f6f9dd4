/**
 * `stratus/types` is checked by the compiler (`npm test` runs `tsc --noEmit` over test/):
 * each `Equal` below fails the type-check if inference changes.
 */
import type { AppProps, GetServerSideProps, GetStaticPaths, GetStaticProps, InferGetServerSidePropsType, InferGetStaticPropsType } from 'stratus/types';

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

const serverProps: Equal<InferGetServerSidePropsType<typeof getServerSideProps>, { id: string; total: number }> = true;
const staticProps: Equal<InferGetStaticPropsType<typeof getStaticProps>, { locale: string }> = true;
const app = ({ Component, pageProps }: AppProps) => [Component, pageProps];

test('the page types describe what data functions receive and return', async () => {
  expect(serverProps && staticProps).toBe(true);
  const ctx = { params: { id: '7' }, query: {}, locale: 'en', locales: ['en'], defaultLocale: 'en', headers: {}, cookies: { session: 's' }, resolvedUrl: '/o/7' };
  await expect(getServerSideProps(ctx)).resolves.toEqual({ props: { id: '7', total: 3 } });
  expect(getStaticPaths().fallback).toBe('blocking');
  expect(app({ Component: () => null, pageProps: {} })).toHaveLength(2);
});
