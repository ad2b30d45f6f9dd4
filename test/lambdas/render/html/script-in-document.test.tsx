/**
 * `<Script strategy="beforeInteractive">` as the server writes it (Next's e2e next-script):
 * from `_app` and the page into the head, from `pages/_document` where it stands (in its
 * `<Head>` or its `<body>`), each with `data-nscript="beforeInteractive"`.
 */
import type { ComponentType } from 'react';
import Script from 'stratus/script';
import { Html, Head, Main, NextScript } from '../../../../web/runtime/document';
import { memoryApp, request } from '../memory-app';

const context = { requestId: 'req-1' };

function Document() {
  return (
    <Html>
      <Head>
        <Script src="/in-head.js" strategy="beforeInteractive" />
        <Script id="inline-in-head" strategy="beforeInteractive">{`window.inlineInHead = true;`}</Script>
      </Head>
      <body>
        <Main />
        <NextScript />
        <Script src="/in-body.js" strategy="beforeInteractive" />
      </body>
    </Html>
  );
}

function App({ Component, pageProps }: { Component: ComponentType<any>; pageProps: Record<string, unknown> }) {
  return (
    <>
      <Script src="/in-app.js" strategy="beforeInteractive" />
      <Component {...pageProps} />
    </>
  );
}

const Home = () => (
  <>
    <p>Home page</p>
    <Script src="/in-page.js" strategy="beforeInteractive" />
    <Script src="/after.js" />
  </>
);

const scriptTags = (html: string) => html.match(/<script[^>]*>/g) ?? [];

test('beforeInteractive scripts from _document (head and body), _app and the page are all written, with data-nscript', async () => {
  const { app } = memoryApp({ '/': { kind: 'ssr', module: { default: Home } } }, { App, Document });
  const res = await app.handle(request('/'), context);
  expect(res.status).toBe(200);
  const html = res.body as string;
  const head = html.slice(0, html.indexOf('</head>'));
  const body = html.slice(html.indexOf('<body'));
  // From the document's <Head>: in the head, where the document puts them.
  expect(head).toContain('<script src="/in-head.js" data-nscript="beforeInteractive"></script>');
  expect(head).toContain('<script id="inline-in-head" data-nscript="beforeInteractive">window.inlineInHead = true;</script>');
  // From the document's <body>, after <NextScript />: there.
  expect(body).toMatch(/<script type="module"[^>]*><\/script><script src="\/in-body.js" data-nscript="beforeInteractive"><\/script><\/body>/);
  // From _app and the page: in the head, as before.
  expect(head).toContain('<script src="/in-app.js" data-nscript="beforeInteractive"></script>');
  expect(head).toContain('<script src="/in-page.js" data-nscript="beforeInteractive"></script>');
  // Each once; afterInteractive is added by the browser, not written.
  expect(scriptTags(html).filter((tag) => tag.includes('data-nscript="beforeInteractive"'))).toHaveLength(5);
  expect(html).not.toContain('/after.js');
});

test('without a _document, _app\'s beforeInteractive script is in the head with data-nscript', async () => {
  const { app } = memoryApp({ '/': { kind: 'static', module: { default: () => <p>home</p> } } }, { App });
  const html = (await app.handle(request('/'), context)).body as string;
  expect(html.slice(0, html.indexOf('</head>'))).toContain('<script src="/in-app.js" data-nscript="beforeInteractive"></script>');
});
