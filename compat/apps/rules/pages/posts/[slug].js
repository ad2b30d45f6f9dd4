import { useRouter } from 'next/router';

export async function getServerSideProps({ params, query, resolvedUrl }) {
  return { props: { slug: params.slug, query: JSON.stringify(query), resolvedUrl } };
}

export default function Post({ slug, query, resolvedUrl }) {
  const router = useRouter();
  return (
    <>
      <h1>Post {slug}</h1>
      <p>query {query}</p>
      <p>resolvedUrl {resolvedUrl}</p>
      <p>pathname {router.pathname}</p>
      <p>asPath {router.asPath}</p>
    </>
  );
}
