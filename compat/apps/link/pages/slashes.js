import Link from 'next/link';

// Repeated slashes in an href: the pages router logs "Invalid href" and writes single slashes.
export default function Slashes() {
  return (
    <>
      <h1>Slashes</h1>
      <Link href="/about//team">Double slash</Link>
    </>
  );
}
