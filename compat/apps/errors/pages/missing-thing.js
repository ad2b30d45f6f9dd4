import Error from 'next/error';

// A page that decides, from its data, to show the 404 error page.
export default function MissingThing({ thing }) {
  if (!thing) return <Error statusCode={404} />;
  return <h1>{thing}</h1>;
}

export async function getStaticProps() {
  return { props: { thing: null } };
}
