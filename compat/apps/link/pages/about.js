import Link from 'next/link';
import { useRouter } from 'next/router';

export default function About() {
  const { asPath, query } = useRouter();
  return (
    <>
      <h1>About</h1>
      <p>asPath {asPath}</p>
      <p>query {JSON.stringify(query)}</p>
      <Link href="/">Home</Link>
      <Link href={{ query: { tab: 'shallow' } }} shallow>Shallow query</Link>
    </>
  );
}

export async function getServerSideProps() {
  return { props: {} };
}
