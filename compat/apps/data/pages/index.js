export default function Home({ builtBy }) {
  return (
    <>
      <h1>Data home</h1>
      <p>built by {builtBy}</p>
    </>
  );
}

export async function getStaticProps() {
  return { props: { builtBy: 'getStaticProps' } };
}
