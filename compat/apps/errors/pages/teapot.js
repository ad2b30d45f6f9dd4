import Error from 'next/error';

export default function Teapot({ code }) {
  return <Error statusCode={code} />;
}

export async function getServerSideProps({ res }) {
  res.statusCode = 418;
  return { props: { code: 418 } };
}
