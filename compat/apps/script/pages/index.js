import Script from 'next/script';

const count = (name) => () => {
  window[name] = (window[name] || 0) + 1;
};

export default function Home() {
  return (
    <>
      <h1>Scripts</h1>
      <Script src="/after.js" onLoad={count('__afterOnLoad')} onReady={count('__afterOnReady')} />
      <Script src="/lazy.js" strategy="lazyOnload" onLoad={count('__lazyOnLoad')} />
      <Script src="/missing.js" onError={count('__missingOnError')} />
      <Script id="inline-child">{`(window.__order = window.__order || []).push('inline child');`}</Script>
      <Script id="inline-html" dangerouslySetInnerHTML={{ __html: `(window.__order = window.__order || []).push('inline html');` }} />
    </>
  );
}
