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
        <Link href="/">Home</Link> | <Link href="/about">About</Link> | <Link href="/about" locale="fr">About in French</Link> |{' '}
        <Link href="/posts/a">Post a</Link> | <Link href="/ssr">SSR</Link> | <Link href="/de/about" locale={false}>About, prefix written</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
