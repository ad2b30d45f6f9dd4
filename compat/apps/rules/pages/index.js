import Head from 'next/head';

export default function Home() {
  return (
    <>
      <Head>
        <title>Rules home</title>
      </Head>
      <h1>Rules home</h1>
    </>
  );
}
