export default function Gone() {
  return <h1>Never shown</h1>;
}

export async function getStaticProps() {
  return { notFound: true };
}
