import Head from 'stratus/head';
import Link from 'stratus/link';
import type { GetServerSideProps, InferGetServerSidePropsType } from 'stratus/types';

/** A catch-all route with server data: one or more segments. */
export default function Guide({ segments, servedAt }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const title = segments.map((s) => s.replace(/-/g, ' ')).join(' › ');
  return (
    <>
      <Head><title>{`Guide: ${title}`}</title></Head>
      <h1>Guide: {title}</h1>
      <p>Segments: {segments.join(', ')}</p>
      <p><small>Rendered for this request at {servedAt}.</small></p>
      <p><Link href="/docs/getting-started/install">Installing</Link> · <Link href="/docs/deploying">Deploying</Link></p>
    </>
  );
}

export const getServerSideProps = (({ params }) => {
  const path = params.path as string[];
  if (path[0] === 'retired') return { notFound: true };
  if (path[0] === 'start') return { redirect: { destination: '/docs/getting-started', permanent: false } };
  return { props: { segments: path, servedAt: new Date().toISOString() } };
}) satisfies GetServerSideProps<{ segments: string[]; servedAt: string }>;
