import Head from 'next/head';

export default function ServerError() {
  return (
    <>
      <Head>
        <title>Broken</title>
      </Head>
      <h1>Custom 500: something broke</h1>
    </>
  );
}
