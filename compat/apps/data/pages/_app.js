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
        <Link href="/">Home</Link> | <Link href="/isr">ISR</Link> | <Link href="/fb-false/a">False a</Link> |{' '}
        <Link href="/fb-true/new">True new</Link> | <Link href="/fb-blocking/new">Blocking new</Link> |{' '}
        <Link href="/fb-blocking/old">Blocking old</Link> | <Link href="/ssr/2?sort=asc">SSR 2</Link> |{' '}
        <Link href="/ssr/old">SSR old</Link> | <Link href="/ssr/gone">SSR gone</Link> | <Link href="/gone">Gone</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
