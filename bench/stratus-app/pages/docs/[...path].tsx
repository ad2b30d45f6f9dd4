import Head from 'stratus/head';
import { strings } from '../../lib/content';

interface Props {
  title: string;
  segments: string[];
}

/** Catch-all with server data: echoes its segments. */
export default function Docs({ title, segments }: Props) {
  return (
    <>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      <p>Segments: {segments.join(', ')}</p>
    </>
  );
}

export function getServerSideProps({ params, locale }: { params: { path: string[] }; locale: string }) {
  return { props: { title: `${strings(locale).docs}: ${params.path.join(' / ')}`, segments: params.path } };
}
