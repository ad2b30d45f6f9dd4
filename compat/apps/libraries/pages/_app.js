import { useEffect } from 'react';
import Link from 'next/link';
import { DefaultSeo } from 'next-seo';
import NextNProgress from 'nextjs-progressbar';
import { PagesTopLoader } from 'nextjs-toploader/pages';

export default function App({ Component, pageProps }) {
  // Lets the compatibility checks know the page has hydrated.
  useEffect(() => {
    window.__hydrated = true;
  }, []);
  return (
    <>
      <DefaultSeo
        titleTemplate="%s | Library app"
        defaultTitle="Library app"
        description="Pages built with popular libraries"
        openGraph={{ type: 'website', siteName: 'Library app' }}
        twitter={{ cardType: 'summary' }}
      />
      <NextNProgress color="#29D" />
      <PagesTopLoader color="#f00" showSpinner={false} />
      <nav>
        <Link href="/">Home</Link> | <Link href="/article">Article</Link> | <Link href="/slow">Slow</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
