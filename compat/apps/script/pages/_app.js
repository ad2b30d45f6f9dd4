import { useEffect } from 'react';
import Link from 'next/link';
import Script from 'next/script';

export default function App({ Component, pageProps }) {
  // Lets the compatibility checks know the page has hydrated.
  useEffect(() => {
    window.__hydrated = true;
  }, []);
  return (
    <>
      <Script src="/before.js" strategy="beforeInteractive" />
      <nav>
        <Link href="/">Home</Link> | <Link href="/other">Other</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
