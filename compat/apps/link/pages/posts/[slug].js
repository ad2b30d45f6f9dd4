import Link from 'next/link';
import { useRouter } from 'next/router';

export default function Post({ slug }) {
  const { asPath, query } = useRouter();
  return (
    <>
      <h1>Post {slug}</h1>
      <p>asPath {asPath}</p>
      <p>query {JSON.stringify(query)}</p>
      <Link href="/">Home</Link>
    </>
  );
}

export async function getServerSideProps({ params }) {
  return { props: { slug: params.slug } };
}
