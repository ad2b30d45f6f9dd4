import Head from 'next/head';

export default function Shop({ filters, sort }) {
  return (
    <>
      <Head>
        <title>Shop</title>
      </Head>
      <h1>Shop</h1>
      <p>filters {filters === null ? 'none' : filters.join(', ')}</p>
      <p>sort {sort}</p>
    </>
  );
}

export async function getServerSideProps({ params, query }) {
  return { props: { filters: params.filters ?? null, sort: query.sort ?? 'default' } };
}
