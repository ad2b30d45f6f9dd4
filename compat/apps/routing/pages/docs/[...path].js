import Head from 'next/head';

export default function Docs({ path }) {
  return (
    <>
      <Head>
        <title>{`Docs ${path.join('/')}`}</title>
      </Head>
      <h1>Docs {path.join(' / ')}</h1>
      <p>segments {path.length}</p>
    </>
  );
}

export async function getServerSideProps({ params }) {
  return { props: { path: params.path } };
}
