import type { ComponentType } from 'react';
import Link from 'stratus/link';

/** Every page: a nav bar whose links the soft-navigation row clicks. */
export default function App({ Component, pageProps }: { Component: ComponentType<any>; pageProps: Record<string, unknown> }) {
  return (
    <>
      <nav>
        <Link href="/" id="nav-home">Home</Link> <Link href="/posts/a" id="nav-post-a">a</Link> <Link href="/posts/b" id="nav-post-b">b</Link>{' '}
        <Link href="/posts/c" id="nav-post-c">c</Link> <Link href="/ssr/1" id="nav-ssr-1">1</Link> <Link href="/ssr/2" id="nav-ssr-2">2</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
