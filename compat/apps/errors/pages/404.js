import Head from 'next/head';

export default function NotFound() {
  return (
    <>
      <Head>
        <title>Lost</title>
      </Head>
      <h1>Custom 404: nothing here</h1>
    </>
  );
}
