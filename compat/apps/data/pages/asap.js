export default function Asap({ note }) {
  return <h1>As soon as possible: {note}</h1>;
}

// revalidate: true, the pages router's "as soon as possible" (one second).
export async function getStaticProps() {
  return { props: { note: 'revalidate true' }, revalidate: true };
}
