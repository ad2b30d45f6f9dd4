import Head from 'next/head';

export default function Greet({ name }) {
  return (
    <>
      <Head>
        <title>Greeting</title>
      </Head>
      <h1>Hello, {name}</h1>
    </>
  );
}

export async function getServerSideProps({ params }) {
  return { props: { name: params['hello-world'] } };
}
