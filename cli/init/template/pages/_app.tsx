import Head from 'stratus/head';
import Link from 'stratus/link';
import type { AppProps } from 'stratus/types';
import '../styles/global.css';

export default function App({ Component, pageProps }: AppProps) {
  return (
    <>
      <Head>
        <title>My Stratus site</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      <header>
        <Link href="/">Home</Link> <Link href="/about">About</Link>
      </header>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
