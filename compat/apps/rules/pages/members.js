export async function getServerSideProps({ req }) {
  return { props: { cookie: req.headers.cookie ?? '' } };
}

export default function Members({ cookie }) {
  return (
    <>
      <h1>Members only</h1>
      <p>cookie {cookie}</p>
    </>
  );
}
