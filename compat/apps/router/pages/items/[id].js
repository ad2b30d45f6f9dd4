import { useRouter } from 'next/router';

export default function Item({ id }) {
  const router = useRouter();
  return (
    <>
      <h1>Item {id}</h1>
      <p id="fields">
        pathname {router.pathname}; asPath {router.asPath}; query {JSON.stringify(router.query)}
      </p>
      <button id="back" onClick={() => router.back()}>Back</button>
    </>
  );
}

export async function getStaticPaths() {
  return { paths: [{ params: { id: '3' } }], fallback: 'blocking' };
}

export async function getStaticProps({ params }) {
  return { props: { id: params.id } };
}
