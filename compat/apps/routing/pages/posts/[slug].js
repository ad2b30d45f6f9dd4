import Head from 'next/head';

export default function Post({ params, query }) {
  return (
    <>
      <Head>
        <title>{`Post ${params.slug}`}</title>
      </Head>
      <h1>Post {params.slug}</h1>
      <p>params {JSON.stringify(params)}</p>
      <p>query {JSON.stringify(query)}</p>
    </>
  );
}

export async function getServerSideProps({ params, query }) {
  return { props: { params, query } };
}
