import Head from 'next/head';

export default function Home() {
  return (
    <>
      <Head>
        <title>Home | Head app</title>
        <meta name="description" content="The home page" key="description" />
        <meta property="og:title" content="Home" />
        <link rel="canonical" href="https://example.com/" />
      </Head>
      <h1>Head home</h1>
    </>
  );
}
