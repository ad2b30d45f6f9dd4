import Head from 'next/head';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';

export default function NotFound() {
  const router = useRouter();
  // After hydration only: what the router says of the visited URL.
  const [seen, setSeen] = useState('');
  useEffect(() => {
    if (router.isReady) setSeen(`${JSON.stringify(router.query)} ${router.asPath}`);
  }, [router.isReady, router.asPath]);
  return (
    <>
      <Head>
        <title>Lost</title>
      </Head>
      <h1>Custom 404: nothing here</h1>
      <p id="seen">{seen}</p>
    </>
  );
}
