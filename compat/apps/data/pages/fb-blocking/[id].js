export default function FallbackBlocking({ id }) {
  return <h1>Blocking {id}</h1>;
}

export async function getStaticPaths() {
  return { paths: [{ params: { id: 'a' } }], fallback: 'blocking' };
}

export async function getStaticProps({ params }) {
  if (params.id === 'missing') return { notFound: true };
  if (params.id === 'old') return { redirect: { destination: '/fb-blocking/a', permanent: true } };
  return { props: { id: params.id }, revalidate: 30 };
}
