export default function Boom() {
  return <h1>Never shown</h1>;
}

export async function getServerSideProps() {
  throw new Error('boom in getServerSideProps');
}
