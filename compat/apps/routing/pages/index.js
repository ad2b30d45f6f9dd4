import Head from 'next/head';

export default function Home() {
  return (
    <>
      <Head>
        <title>Routing home</title>
      </Head>
      <h1>Routing home</h1>
    </>
  );
}
