import Head from 'stratus/head';

/** A plain page: no data function, prerendered once per locale. */
export default function About() {
  return (
    <>
      <Head><title>About these notes</title></Head>
      <h1>About</h1>
      <p>Field Notes is the sample site of Stratus: every kind of route, served by the same Lambda handlers as in AWS.</p>
      <p id="colophon">Set in the system font. No tracking.</p>
    </>
  );
}
