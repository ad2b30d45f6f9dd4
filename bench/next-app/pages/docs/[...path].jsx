import Head from 'next/head';
import { strings } from '../../lib/content';

export default function Docs({ title, segments }) {
  return (
    <>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      <p>Segments: {segments.join(', ')}</p>
    </>
  );
}

export function getServerSideProps({ params, locale }) {
  return { props: { title: `${strings(locale).docs}: ${params.path.join(' / ')}`, segments: params.path } };
}
