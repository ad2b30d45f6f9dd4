import dynamic from 'next/dynamic';

const Hello = dynamic(() => import('../components/Hello'), { loading: () => <p>Loading hello…</p> });
const BrowserOnly = dynamic(() => import('../components/BrowserOnly'), { ssr: false, loading: () => <p>Loading browser part…</p> });
const Named = dynamic(() => import('../components/Named').then((mod) => mod.Named));

export default function Home() {
  return (
    <>
      <h1>Dynamic home</h1>
      <Hello name="reader" />
      <BrowserOnly />
      <Named />
    </>
  );
}
