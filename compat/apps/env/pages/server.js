export default function Server({ secret, mode }) {
  return (
    <>
      <h1>Server</h1>
      <p id="props">
        secret {secret}; mode {mode}
      </p>
    </>
  );
}

export async function getServerSideProps() {
  return { props: { secret: process.env.SECRET_TOKEN ?? 'unset', mode: process.env.NEXT_PUBLIC_MODE ?? 'unset' } };
}
