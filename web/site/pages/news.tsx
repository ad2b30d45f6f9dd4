import Head from 'stratus/head';

interface Props {
  generatedAt: string;
}

/** Static data regenerated at most once a minute (`revalidate`). */
export default function News({ generatedAt }: Props) {
  return (
    <>
      <Head><title>News</title></Head>
      <h1>News</h1>
      <p>The orchard path is open again after the storm.</p>
      <p><small>This page was generated at {generatedAt} and is refreshed every minute.</small></p>
    </>
  );
}

export function getStaticProps() {
  return { props: { generatedAt: new Date().toISOString() }, revalidate: 60 };
}
