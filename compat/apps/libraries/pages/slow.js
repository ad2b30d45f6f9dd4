export default function Slow({ waited }) {
  return <h1>Slow page, waited {waited} ms</h1>;
}

// Slow enough for the progress bars to show.
export async function getServerSideProps() {
  await new Promise((resolve) => setTimeout(resolve, 600));
  return { props: { waited: 600 } };
}
