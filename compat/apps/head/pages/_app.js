import { useEffect } from 'react';
import Head from 'next/head';
import Link from 'next/link';

export default function App({ Component, pageProps }) {
  // Lets the compatibility checks know the page has hydrated.
  useEffect(() => {
    window.__hydrated = true;
  }, []);
  return (
    <>
      <Head>
        <title>Head app</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content="The app's description" key="description" />
        <meta property="og:site_name" content="Head app" />
      </Head>
      <nav>
        <Link href="/">Home</Link> | <Link href="/plain">Plain</Link> | <Link href="/extras">Extras</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
