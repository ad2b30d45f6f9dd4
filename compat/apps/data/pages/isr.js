export default function Isr({ note }) {
  return <h1>ISR page: {note}</h1>;
}

export async function getStaticProps() {
  return { props: { note: 'revalidates every minute' }, revalidate: 60 };
}
