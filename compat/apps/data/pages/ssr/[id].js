export default function Ssr({ id, query, resolvedUrl }) {
  return (
    <>
      <h1>SSR {id}</h1>
      <p>query {JSON.stringify(query)}</p>
      <p>resolvedUrl {resolvedUrl}</p>
    </>
  );
}

export async function getServerSideProps({ params, query, resolvedUrl }) {
  if (params.id === 'gone') return { notFound: true };
  if (params.id === 'old') return { redirect: { destination: '/ssr/1', permanent: false } };
  if (params.id === 'moved') return { redirect: { destination: '/ssr/1', statusCode: 301 } };
  if (params.id === 'away') return { redirect: { destination: 'https://example.com/elsewhere', permanent: true } };
  return { props: { id: params.id, query, resolvedUrl } };
}
