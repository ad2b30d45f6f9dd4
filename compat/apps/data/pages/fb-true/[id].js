import { useRouter } from 'next/router';

export default function FallbackTrue({ id }) {
  const router = useRouter();
  if (router.isFallback) return <h1>Loading fallback…</h1>;
  return <h1>True {id}</h1>;
}

export async function getStaticPaths() {
  return { paths: [{ params: { id: 'a' } }], fallback: true };
}

export async function getStaticProps({ params }) {
  if (params.id === 'missing') return { notFound: true };
  return { props: { id: params.id } };
}
