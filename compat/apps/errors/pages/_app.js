import { useEffect } from 'react';
import Link from 'next/link';

export default function App({ Component, pageProps }) {
  // Lets the compatibility checks know the page has hydrated.
  useEffect(() => {
    window.__hydrated = true;
  }, []);
  return (
    <>
      <nav>
        <Link href="/">Home</Link> | <Link href="/nowhere">Nowhere</Link> | <Link href="/boom">Boom</Link> |{' '}
        <Link href="/teapot">Teapot</Link> | <Link href="/missing-thing">Missing thing</Link> | <Link href="/crash">Crash</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
