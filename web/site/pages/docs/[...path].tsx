import Head from 'stratus/head';
import Link from 'stratus/link';

interface Props {
  segments: string[];
  servedAt: string;
}

/** A catch-all route with server data: one or more segments. */
export default function Guide({ segments, servedAt }: Props) {
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

export function getServerSideProps({ params }: { params: { path: string[] } }) {
  if (params.path[0] === 'retired') return { notFound: true };
  if (params.path[0] === 'start') return { redirect: { destination: '/docs/getting-started', permanent: false } };
  return { props: { segments: params.path, servedAt: new Date().toISOString() } };
}
