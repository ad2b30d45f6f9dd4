import { forwardRef } from 'react';
import Link from 'next/link';

// A component that needs the href passed down (passHref), as styled-components users write.
const FancyAnchor = forwardRef(function FancyAnchor({ href, onClick, children }, ref) {
  return (
    <a href={href} onClick={onClick} ref={ref} className="fancy">
      {children}
    </a>
  );
});

export default function Home() {
  return (
    <>
      <h1>Links</h1>
      <ul>
        <li><Link href="/about">String href</Link></li>
        <li><Link href={{ pathname: '/posts/[slug]', query: { slug: 'hello', ref: 'home' } }}>Object href</Link></li>
        <li><Link href={{ pathname: '/about', query: { tab: 'team' }, hash: 'people' }}>Object with hash</Link></li>
        <li><Link href="/posts/[slug]" as="/posts/with-as">With as</Link></li>
        <li><Link href="/posts/legacy" legacyBehavior passHref><a className="legacy">Legacy anchor</a></Link></li>
        <li><Link href="/posts/fancy" passHref legacyBehavior><FancyAnchor>Fancy anchor</FancyAnchor></Link></li>
        <li><Link href="/about" replace>Replace</Link></li>
        <li><Link href="/about" prefetch={false} className="plain" id="no-prefetch">No prefetch</Link></li>
        <li><Link href="#bottom">Hash only</Link></li>
        <li><Link href="https://example.com/outside">External</Link></li>
        <li><Link href="/about?from=query">With query</Link></li>
        <li><Link href="/posts/a b">With space</Link></li>
        <li><Link href="/posts/[slug]">Pattern without as</Link></li>
        <li><Link href="/posts/[slug]?slug=filled">Pattern filled</Link></li>
        <li><Link href="/about" legacyBehavior>Legacy text</Link></li>
        <li><Link href="/about" legacyBehavior><><a href="/about">Legacy fragment</a></></Link></li>
        <li><Link href="/api/hello">API route</Link></li>
      </ul>
      <div style={{ height: 2000 }} />
      <p id="bottom">Bottom</p>
    </>
  );
}
