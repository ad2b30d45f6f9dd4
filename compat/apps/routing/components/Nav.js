import Link from 'next/link';

// JSX in a plain .js component, imported by _app.
export default function Nav() {
  return (
    <nav>
      <Link href="/">Home</Link> | <Link href="/about">About</Link> | <Link href="/posts/hello">Post hello</Link> |{' '}
      <Link href="/docs/a/b">Docs a/b</Link> | <Link href="/shop">Shop</Link> | <Link href="/shop/red/large">Shop red/large</Link> |{' '}
      <Link href="/greet/world">Greet world</Link> | <Link href="/items/7">Item 7</Link> | <Link href="/alias">Alias</Link> |{' '}
      <Link href="/blog/first">Blog first</Link> | <Link href="/blog/second">Blog second</Link>
    </nav>
  );
}
