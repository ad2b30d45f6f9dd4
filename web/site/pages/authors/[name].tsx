import Head from 'stratus/head';

interface Props {
  name: string;
  notes: number;
}

const AUTHORS: Record<string, number> = { ada: 12, basile: 7 };

/** `fallback: 'blocking'`: nothing is prerendered; the first visit renders the page on the server. */
export default function Author({ name, notes }: Props) {
  return (
    <>
      <Head><title>{`Author: ${name}`}</title></Head>
      <h1>{name}</h1>
      <p>{notes} notes written.</p>
    </>
  );
}

export function getStaticPaths() {
  return { paths: [], fallback: 'blocking' };
}

export function getStaticProps({ params }: { params: { name: string } }) {
  const notes = AUTHORS[params.name];
  if (notes === undefined) return { notFound: true };
  return { props: { name: params.name, notes } };
}
