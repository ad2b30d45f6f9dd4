import Head from 'next/head';

export default function Extras() {
  return (
    <>
      <Head>
        <title>Extras</title>
        <meta name="robots" content="noindex" />
        <meta property="og:title" content="First og title" />
        <meta property="og:title" content="Second og title" />
        <meta charSet="utf-8" />
        <link rel="alternate" hrefLang="fr" href="https://example.com/fr/extras" />
        <style>{`.from-head { color: rgb(1, 2, 3); }`}</style>
        <script type="application/ld+json">{'{"@type":"WebPage"}'}</script>
      </Head>
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <h1 className="from-head">Extras page</h1>
    </>
  );
}
