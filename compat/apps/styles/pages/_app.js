import { useEffect } from 'react';
import Link from 'next/link';
import '../styles/globals.css';

export default function App({ Component, pageProps }) {
  // Lets the compatibility checks know the page has hydrated.
  useEffect(() => {
    window.__hydrated = true;
  }, []);
  return (
    <>
      <nav>
        <Link href="/">Home</Link> | <Link href="/other">Other</Link>
      </nav>
      <Component {...pageProps} />
    </>
  );
}
