/**
 * The app's `_error.getInitialProps` on a server error, as the pages router calls it (Next's
 * e2e production/custom-error-500): with the exception as `ctx.err` and the request as
 * `ctx.req`, with or without `_app.getInitialProps`, and still, its props dropped, when a
 * `pages/500` is what the visitor gets. The hook error reporters (Sentry's
 * `captureUnderscoreErrorException`) document.
 */
import type { ComponentType } from 'react';
import type { AppComponent, InitialPropsContext, PageModule } from '../../../../web/runtime/shared/page-types';
import NextError from '../../../../web/runtime/next/error';
import { captureLogs, embeddedData, memoryApp, request } from '../memory-app';

const context = { requestId: 'req-1' };

interface Seen {
  err?: string;
  url?: string;
  header?: string;
  status?: number;
  pathname: string;
  asPath: string;
  query: Record<string, unknown>;
}

/** The repro's `_error`: a getInitialProps that records its context and reports whether it had the exception. */
function errorPage(seen: Seen[]) {
  const Page = ({ hasError, statusCode }: { hasError?: boolean; statusCode?: number }) => <p id="error">{`/_error hasError=${String(hasError)} statusCode=${String(statusCode)}`}</p>;
  return Object.assign(Page, {
    getInitialProps: ({ err, req, res, pathname, asPath, query }: InitialPropsContext) => {
      seen.push({ err: err instanceof Error ? err.message : undefined, url: req?.url, header: req?.headers['x-trace'], status: res?.statusCode, pathname, asPath, query: { ...query } });
      return { hasError: !!err, statusCode: res ? res.statusCode : 404 };
    },
  });
}

const throwing: PageModule = {
  default: () => <p>index page</p>,
  getServerSideProps: () => {
    throw new Error('custom error');
  },
};
const renderThrowing: PageModule = {
  default: () => {
    throw new Error('render crash');
  },
};

test("a getServerSideProps that throws: _error.getInitialProps runs on the server with err, req, res, pathname, query and asPath (no _app.getInitialProps)", async () => {
  const seen: Seen[] = [];
  const { app } = memoryApp({ '/': { kind: 'ssr', module: throwing } }, { errorPages: { _error: { default: errorPage(seen) } } });
  const logs = captureLogs();
  try {
    const res = await app.handle(request('/?a=1&a=2', { headers: { 'x-trace': 't-1' } }), context);
    expect(res.status).toBe(500);
    expect(res.body).toContain('<p id="error">/_error hasError=true statusCode=500</p>');
    expect(seen).toEqual([{ err: 'custom error', url: '/?a=1&a=2', header: 't-1', status: 500, pathname: '/_error', asPath: '/', query: { a: ['1', '2'] } }]);
    expect(embeddedData(res.body as string)).toMatchObject({ page: '/_error', statusCode: 500, props: { pageProps: { hasError: true, statusCode: 500 } }, gip: true });
  } finally {
    logs.restore();
  }
});

test('an exception while rendering the page reaches _error.getInitialProps too', async () => {
  const seen: Seen[] = [];
  const { app } = memoryApp({ '/crash': { kind: 'static', module: renderThrowing } }, { errorPages: { _error: { default: errorPage(seen) } } });
  const logs = captureLogs();
  try {
    const res = await app.handle(request('/crash'), context);
    expect(res.status).toBe(500);
    expect(res.body).toContain('hasError=true statusCode=500');
    expect(seen.map((s) => s.err)).toEqual(['render crash']);
  } finally {
    logs.restore();
  }
});

test("through _app.getInitialProps, which passes the context (err and req) on to the page's", async () => {
  const seen: Seen[] = [];
  const App: AppComponent = Object.assign(({ Component, pageProps }: { Component: ComponentType<any>; pageProps: Record<string, unknown> }) => <main><Component {...pageProps} /></main>, {
    async getInitialProps({ Component, ctx }: { Component: any; ctx: InitialPropsContext }) {
      return { pageProps: Component.getInitialProps ? await Component.getInitialProps(ctx) : {} };
    },
  });
  const { app } = memoryApp({ '/': { kind: 'ssr', module: throwing } }, { App, errorPages: { _error: { default: errorPage(seen) } } });
  const logs = captureLogs();
  try {
    const res = await app.handle(request('/'), context);
    expect(res.body).toContain('<main><p id="error">/_error hasError=true statusCode=500</p></main>');
    expect(seen.map((s) => s.err)).toEqual(['custom error']);
    expect(embeddedData(res.body as string)).toMatchObject({ gip: true, appGip: true });
  } finally {
    logs.restore();
  }
});

test('with pages/500, the 500 page is served and _error.getInitialProps still runs with err first, its props dropped', async () => {
  const seen: Seen[] = [];
  const Custom500 = () => <p id="custom-500">pages/500</p>;
  const { app } = memoryApp({ '/': { kind: 'ssr', module: throwing } }, { errorPages: { '500': { default: Custom500 }, _error: { default: errorPage(seen) } } });
  const logs = captureLogs();
  try {
    const res = await app.handle(request('/'), context);
    expect(res.status).toBe(500);
    expect(res.body).toContain('<p id="custom-500">pages/500</p>');
    expect(res.body).not.toContain('hasError');
    expect(seen.map((s) => [s.err, s.status, s.pathname])).toEqual([['custom error', 500, '/_error']]);
    expect(embeddedData(res.body as string)).toMatchObject({ page: '/500', props: { pageProps: { statusCode: 500 } } });
    // /500 visited is no server error: nothing to report.
    const visited = await app.handle(request('/500'), context);
    expect(visited.body).toContain('pages/500');
    expect(seen).toHaveLength(1);
  } finally {
    logs.restore();
  }
});

test("with pages/500, an _error.getInitialProps that throws is logged and the 500 page still answers", async () => {
  const Custom500 = () => <p id="custom-500">pages/500</p>;
  const ErrorPage = Object.assign(() => <p>error</p>, {
    getInitialProps: () => {
      throw new Error('reporter down');
    },
  });
  const { app } = memoryApp({ '/': { kind: 'ssr', module: throwing } }, { errorPages: { '500': { default: Custom500 }, _error: { default: ErrorPage } } });
  const logs = captureLogs();
  try {
    const res = await app.handle(request('/'), context);
    expect(res.status).toBe(500);
    expect(res.body).toContain('pages/500');
    expect(JSON.stringify(logs.lines)).toContain('reporter down');
  } finally {
    logs.restore();
  }
});

test('a 404 calls _error.getInitialProps without err or req, with res holding the status', async () => {
  const seen: Seen[] = [];
  const { app } = memoryApp({ '/': { kind: 'ssr', module: throwing } }, { errorPages: { _error: { default: errorPage(seen) } } });
  const logs = captureLogs();
  try {
    const res = await app.handle(request('/nothing-here'), context);
    expect(res.status).toBe(404);
    expect(res.body).toContain('hasError=false statusCode=404');
    expect(seen).toEqual([{ err: undefined, url: undefined, header: undefined, status: 404, pathname: '/_error', asPath: '/nothing-here', query: {} }]);
  } finally {
    logs.restore();
  }
});

test("an _error that reuses next/error's getInitialProps (Next's docs, Sentry's template): the app's page with the status, for a server error and a 404", async () => {
  const Branded = ({ statusCode }: { statusCode: number }) => <main><p id="brand">custom _error page</p><NextError statusCode={statusCode} /></main>;
  Branded.getInitialProps = (ctx: InitialPropsContext) => NextError.getInitialProps(ctx);
  const { app } = memoryApp({ '/': { kind: 'ssr', module: throwing } }, { errorPages: { _error: { default: Branded as unknown as ComponentType<any> } } });
  const logs = captureLogs();
  try {
    const failed = await app.handle(request('/'), context);
    expect(failed.status).toBe(500);
    expect(failed.body).toContain('custom _error page');
    expect(embeddedData(failed.body as string)).toMatchObject({ props: { pageProps: { statusCode: 500 } } });
    const missing = await app.handle(request('/nope'), context);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('custom _error page');
    expect(embeddedData(missing.body as string)).toMatchObject({ props: { pageProps: { statusCode: 404 } } });
    expect(logs.lines.filter((line) => String(line.msg ?? '').includes('failed'))).toEqual([]);
  } finally {
    logs.restore();
  }
  expect(NextError.getInitialProps({ err: Object.assign(new Error('x'), { statusCode: 403 }) })).toEqual({ statusCode: 403 });
  expect(NextError.getInitialProps({})).toEqual({ statusCode: 404 });
});
