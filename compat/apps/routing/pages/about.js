import Head from 'next/head';

export default function About({ from }) {
  return (
    <>
      <Head>
        <title>About</title>
      </Head>
      <h1>About</h1>
      <p>Props from {from}</p>
    </>
  );
}

export async function getStaticProps() {
  return { props: { from: 'about.js' } };
}
