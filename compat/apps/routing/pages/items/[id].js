import Head from 'next/head';
import { useRouter } from 'next/router';

// No data function: Next prerenders this page once, with an empty query.
export default function Item() {
  const { query, isReady } = useRouter();
  return (
    <>
      <Head>
        <title>Item</title>
      </Head>
      <h1>Item {query.id}</h1>
      <p>ready {String(isReady)}</p>
    </>
  );
}
