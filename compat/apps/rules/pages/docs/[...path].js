export async function getServerSideProps({ params }) {
  return { props: { path: params.path } };
}

export default function Docs({ path }) {
  return <h1>Docs {path.join(' / ')}</h1>;
}
