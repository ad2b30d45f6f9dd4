export default function FallbackFalse({ id }) {
  return <h1>False {id}</h1>;
}

export async function getStaticPaths() {
  return { paths: [{ params: { id: 'a' } }, { params: { id: 'b' } }], fallback: false };
}

export async function getStaticProps({ params }) {
  return { props: { id: params.id } };
}
