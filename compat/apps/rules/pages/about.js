import Head from 'next/head';

export default function About() {
  return (
    <>
      <Head>
        <title>About</title>
      </Head>
      <h1>About page</h1>
    </>
  );
}
