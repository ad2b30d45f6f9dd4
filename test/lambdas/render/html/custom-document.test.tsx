/** An app's `pages/_document` around its pages, in memory: Html, Head, Main, NextScript, getInitialProps. */
import type { ReactNode } from 'react';
import Head from 'stratus/head';
import Document, { Html, Head as DocumentHead, Main, NextScript, type DocumentContext } from '../../../../web/runtime/document';
import type { DocumentComponent } from '../../../../lambdas/render/html/custom-document';
import { captureLogs, embeddedData, memoryApp, request, titleOf } from '../memory-app';

const context = { requestId: 'req-1' };
const Hello = ({ name }: { name: string }) => (
  <>
    <Head><title>Hello</title></Head>
    <p>hello {name}</p>
  </>
);
const routes = {
  '/hello/[name]': { kind: 'ssr' as const, module: { default: Hello, getServerSideProps: async ({ params }: any) => ({ props: { name: params.name } }) } },
};

function MyDocument() {
  return (
    <Html dir="rtl">
      <DocumentHead><link rel="icon" href="/favicon.ico" /></DocumentHead>
      <body className="site" data-theme="dark">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}

test('Html, Head, Main and NextScript place the page, its head and its data; lang is the locale, body keeps its attributes', async () => {
  const { app } = memoryApp(routes, { Document: MyDocument });
  const res = await app.handle(request('/fr/hello/ada'), context);
  expect(res.status).toBe(200);
  const html = res.body as string;
  // The charset and viewport first, as the pages router writes them (React puts the document's own <link> and <meta> ahead of the rest).
  expect(html.startsWith('<!DOCTYPE html><html lang="fr" dir="rtl"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><link rel="icon" href="/favicon.ico"/>')).toBe(true);
  expect(html).toContain('<title>Hello</title><link rel="stylesheet" href="/_app/static/app.css"/>');
  expect(html).toContain('<body class="site" data-theme="dark"><div id="__next"><p>hello <!-- -->ada</p></div><script id="__NEXT_DATA__"');
  expect(html).toMatch(/<\/script><script type="module" src="\/_app\/static\/entry.js" defer><\/script><\/body><\/html>$/);
  expect(embeddedData(html).props).toEqual({ pageProps: { name: 'ada' } });
  expect(html).not.toContain('data-stratus-slot');
});

test('without a _document the document is the one Stratus writes (the fast path)', async () => {
  const { app } = memoryApp(routes);
  const html = (await app.handle(request('/hello/ada'), context)).body as string;
  expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"\/>.*<script type="module" src="\/_app\/static\/entry.js" defer><\/script><\/head><body><div id="__next">/);
});

test("a class document's getInitialProps calls ctx.renderPage (wrapping _app) and passes props and styles", async () => {
  const seen: string[] = [];
  class StyledDocument extends Document<{ theme: string }> {
    static override async getInitialProps(ctx: DocumentContext) {
      seen.push(`${ctx.pathname} ${ctx.asPath} ${ctx.locale}`);
      const page = ctx.renderPage({ enhanceApp: (App) => (props: any) => <section className="wrapped"><App {...props} /></section> });
      return { ...page, theme: 'dark', styles: <style>{'p{color:red}'}</style> };
    }
    override render() {
      return (
        <Html>
          <DocumentHead />
          <body data-theme={this.props.theme}>
            <Main />
            <NextScript />
          </body>
        </Html>
      );
    }
  }
  const { app } = memoryApp(routes, { Document: StyledDocument as unknown as DocumentComponent });
  const html = (await app.handle(request('/hello/ada?x=1'), context)).body as string;
  expect(seen).toEqual(['/hello/[name] /hello/ada?x=1 en']);
  expect(html).toContain('<style>p{color:red}</style>');
  expect(html).toContain('<body data-theme="dark"><div id="__next"><section class="wrapped"><p>hello <!-- -->ada</p></section></div>');
});

test("head entries the document's getInitialProps adds are written into the head, as the pages router writes them", async () => {
  class MetaDocument extends Document {
    static override async getInitialProps(ctx: DocumentContext) {
      const initial = await Document.getInitialProps(ctx);
      return { ...initial, head: [...(initial.head ?? []), <meta key="from-doc" name="from-doc" content="yes" />, null] };
    }
  }
  const { app } = memoryApp(routes, { Document: MetaDocument as unknown as DocumentComponent });
  const html = (await app.handle(request('/hello/ada'), context)).body as string;
  expect(html).toMatch(/<title>Hello<\/title><meta name="from-doc" content="yes"\/>.*<\/head>/);
  expect(html.match(/from-doc/g)).toHaveLength(1);
});

test('a document extending Document without its own getInitialProps renders the page as it is', async () => {
  class Plain extends Document {}
  const { app } = memoryApp(routes, { Document: Plain as unknown as DocumentComponent });
  const html = (await app.handle(request('/hello/ada'), context)).body as string;
  expect(html).toContain('<body><div id="__next"><p>hello <!-- -->ada</p></div><script id="__NEXT_DATA__"');
});

test('error pages render through _document too; a _document that throws gives the built-in page without it', async () => {
  const ok = memoryApp(routes, { Document: MyDocument });
  const missing = await ok.app.handle(request('/nowhere'), context);
  expect(missing.status).toBe(404);
  expect(missing.body).toContain('<html lang="en" dir="rtl">');
  expect(titleOf(missing.body as string)).toBe('404: This page could not be found');

  const logs = captureLogs();
  try {
    const Broken = (): ReactNode => {
      throw new Error('document broke');
    };
    const { app } = memoryApp(routes, { Document: Broken });
    const res = await app.handle(request('/hello/ada'), context);
    expect(res.status).toBe(500);
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="en"><head>/);
    expect(titleOf(res.body as string)).toBe('500: Internal Server Error');
    expect(logs.lines.filter((l) => l.error === 'document broke').length).toBeGreaterThan(0);
  } finally {
    logs.restore();
  }
});

test('a document getInitialProps that rejects is a 500', async () => {
  const logs = captureLogs();
  try {
    class Failing extends Document {
      static override async getInitialProps(): Promise<never> {
        throw new Error('no styles today');
      }
    }
    const { app } = memoryApp(routes, { Document: Failing as unknown as DocumentComponent });
    const res = await app.handle(request('/hello/ada'), context);
    expect(res.status).toBe(500);
    expect(titleOf(res.body as string)).toBe('500: Internal Server Error');
  } finally {
    logs.restore();
  }
});

describe('a strict Content-Security-Policy, as the pages router docs write it: middleware puts a nonce in the request, _document reads it', () => {
  class NonceDocument extends Document<{ nonce?: string; agent?: string; hasRes: boolean }> {
    static override async getInitialProps(ctx: DocumentContext) {
      const initial = await Document.getInitialProps(ctx);
      // Read unguarded, as Next's with-strict-csp does: ctx.req is there for every page.
      return { ...initial, nonce: ctx.req!.headers['x-nonce'] as string | undefined, agent: ctx.req!.headers['user-agent'] as string | undefined, hasRes: typeof ctx.res?.setHeader === 'function' };
    }
    override render() {
      const { nonce, agent, hasRes } = this.props;
      return (
        <Html data-agent={agent ?? 'none'} data-has-res={String(hasRes)}>
          <DocumentHead nonce={nonce}>
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'window.inline = 1' }} />
          </DocumentHead>
          <body>
            <Main />
            <NextScript nonce={nonce} />
          </body>
        </Html>
      );
    }
  }
  const withStatic = {
    ...routes,
    '/about': { kind: 'static' as const, module: { default: () => <p>about</p> } },
  };

  test("ctx.req and ctx.res of a page rendered per request are the visitor's request and a response", async () => {
    const { app } = memoryApp(withStatic, { Document: NonceDocument as unknown as DocumentComponent });
    const html = (await app.handle(request('/hello/ada', { headers: { 'x-nonce': 'abc123', 'user-agent': 'curl/8' } }), context)).body as string;
    expect(html).toMatch(/<html lang="en" data-agent="curl\/8" data-has-res="true">/);
  });

  test('the nonce goes on every script and link Stratus writes, not on <head>; the page\'s own head tags keep theirs', async () => {
    const { app } = memoryApp(withStatic, { Document: NonceDocument as unknown as DocumentComponent });
    const html = (await app.handle(request('/hello/ada', { headers: { 'x-nonce': 'abc"<123' } }), context)).body as string;
    expect(html).toContain('<head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><script nonce="abc&quot;&lt;123">window.inline = 1</script>');
    expect(html).toContain('<link nonce="abc&quot;&lt;123" rel="stylesheet" href="/_app/static/app.css"/>');
    expect(html).toContain('<script nonce="abc&quot;&lt;123" id="__NEXT_DATA__" type="application/json">');
    expect(html).toContain('<script nonce="abc&quot;&lt;123" type="module" src="/_app/static/entry.js" defer></script>');
    expect(html).not.toMatch(/<head [^>]*nonce/);
    expect(html).not.toContain('data-nonce');
    expect(html.match(/<script(?![^>]*nonce=)/g)).toBeNull();
  });

  test("a page rendered ahead is one document for every visitor: its ctx.req has the page's path and no visitor's headers", async () => {
    const { app } = memoryApp(withStatic, { Document: NonceDocument as unknown as DocumentComponent });
    const html = (await app.handle(request('/about', { headers: { 'x-nonce': 'visitor', 'user-agent': 'curl/8' } }), context)).body as string;
    expect(html).toMatch(/<html lang="en" data-agent="none" data-has-res="true">/);
    expect(html).not.toContain('visitor');
  });
});
