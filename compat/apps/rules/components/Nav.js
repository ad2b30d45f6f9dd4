import Link from 'next/link';

export default function Nav() {
  return (
    <nav>
      <Link href="/">Home</Link> | <Link href="/about">About</Link> | <Link href="/old-blog/hello">Old blog hello</Link> |{' '}
      <Link href="/docs-old/a/b">Old docs a/b</Link> | <Link href="/info">Info</Link> | <Link href="/p/hello">P hello</Link> |{' '}
      <Link href="/posts/special">Special post</Link> | <Link href="/legacy/x/y">Legacy x/y</Link> | <Link href="/members">Members</Link> |{' '}
      <Link href="/promo">Promo</Link>
    </nav>
  );
}
