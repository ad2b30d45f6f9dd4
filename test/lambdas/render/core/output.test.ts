/**
 * The output stage: each outcome written as a page (HTML) and as page data (JSON), from
 * the same value; JSON never renders a document.
 */
import { NO_STORE, staticCacheControl } from '../../../../lambdas/shared/cache-control';
import type { Outcome, PageRequest } from '../../../../lambdas/render/core/outcome';
import { createOutput } from '../../../../lambdas/render/core/output';
import type { PageHtml } from '../../../../lambdas/render/html/page-html';
import type { StoredPage } from '../../../../lambdas/render/ports/ports';
import type { CoreResponse } from '../../../../lambdas/shared/http';
import { manifestOf, pageRequest, pagesOf } from '../memory-app';

const specs = { '/items/[id]': { kind: 'ssr' as const, module: { default: () => null } } };
const manifest = manifestOf(specs);
const page: PageRequest = pageRequest(manifest, pagesOf(specs), '/items/[id]', '/items/1');
const route = page.route;
const stored: StoredPage = { html: '<html>stored é</html>', json: '{"pageProps":{"a":1}}', etag: '"abc"', revalidate: 60, renderedAt: 0 };
const HTML = 'text/html; charset=utf-8';

function setup() {
  const html: PageHtml = {
    page: jest.fn((_page, props, _query, isFallback) => `<html>${JSON.stringify(props)}${isFallback ? ' shell' : ''}</html>`),
    error: jest.fn((status, locale, asPath) => `<html>error ${status} ${locale} ${asPath}</html>`),
  };
  // Documents here are strings, so the answers are too (promises come only from a _document's getInitialProps).
  const output = createOutput(html);
  const write = (...args: Parameters<typeof output>) => output(...args) as CoreResponse;
  const get = (headers: Record<string, string> = {}) => ({ method: 'GET', path: '/items/1', rawQuery: '', headers });
  return {
    html,
    asHtml: (o: Outcome, headers?: Record<string, string>) => write(o, 'html', get(headers)),
    asJson: (o: Outcome) => write(o, 'json', get()),
    asApi: (o: Outcome) => write(o, 'api', get()),
  };
}

describe('render', () => {
  const outcome: Outcome = { kind: 'render', page, props: { id: '1' }, query: { id: '1' }, isFallback: false };

  test('HTML: the page rendered now, never cached', () => {
    const { asHtml, html } = setup();
    expect(asHtml(outcome)).toEqual({ status: 200, headers: { 'content-type': HTML, 'cache-control': NO_STORE, 'content-length': '23' }, body: '<html>{"id":"1"}</html>' });
    expect(html.page).toHaveBeenCalledWith(page, { id: '1' }, { id: '1' }, false, undefined);
  });

  test('JSON: the props alone, no document rendered', () => {
    const { asJson, html } = setup();
    expect(asJson(outcome)).toEqual({ status: 200, headers: { 'content-type': 'application/json', 'cache-control': NO_STORE, 'content-length': '24' }, body: '{"pageProps":{"id":"1"}}' });
    expect(html.page).not.toHaveBeenCalled();
  });

  test('a fallback shell is rendered as such', () => {
    const { asHtml } = setup();
    expect(asHtml({ ...outcome, props: {}, isFallback: true }).body).toBe('<html>{} shell</html>');
  });
});

describe('static', () => {
  const outcome: Outcome = { kind: 'static', page, stored };

  test('HTML: the stored document with its ETag, cached at the edge; Content-Length in bytes', () => {
    const { asHtml, html } = setup();
    const res = asHtml(outcome);
    expect(res).toEqual({ status: 200, headers: { 'content-type': HTML, 'cache-control': staticCacheControl(60), etag: '"abc"', 'content-length': String(Buffer.byteLength(stored.html)) }, body: stored.html });
    expect(res.headers['content-length']).toBe('22');
    expect(html.page).not.toHaveBeenCalled();
  });

  test.each(['"abc"', 'W/"abc"', '"x", "abc"', '*'])('If-None-Match %s: 304 without a body', (tag) => {
    const { asHtml } = setup();
    expect(asHtml(outcome, { 'if-none-match': tag })).toEqual({ status: 304, headers: { etag: '"abc"', 'cache-control': staticCacheControl(60) } });
  });

  test('another ETag: the whole page', () => {
    expect(setup().asHtml(outcome, { 'if-none-match': '"other"' }).status).toBe(200);
  });

  test('JSON: the stored data, cached like its page', () => {
    expect(setup().asJson(outcome)).toEqual({ status: 200, headers: { 'content-type': 'application/json', 'cache-control': staticCacheControl(60), 'content-length': '21' }, body: stored.json });
  });
});

describe('redirect', () => {
  const outcome: Outcome = { kind: 'redirect', route, destination: '/there', statusCode: 307, cacheControl: NO_STORE };

  test('HTML: the status and Location, the location as the body, as the pages router answers', () => {
    expect(setup().asHtml(outcome)).toEqual({ status: 307, headers: { location: '/there', 'cache-control': NO_STORE, 'content-length': '6' }, body: '/there' });
  });

  test('JSON: 200 with the redirect for the client router to follow', () => {
    const res = setup().asJson(outcome);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body as string)).toEqual({ redirect: { destination: '/there', statusCode: 307 } });
  });
});

describe('notFound', () => {
  const outcome: Outcome = { kind: 'notFound', route, locale: 'fr', asPath: '/items/1' };

  test('HTML: the 404 page in the locale, never cached', () => {
    const { asHtml } = setup();
    expect(asHtml(outcome)).toMatchObject({ status: 404, headers: { 'content-type': HTML, 'cache-control': NO_STORE }, body: '<html>error 404 fr /items/1</html>' });
  });

  test('JSON: { notFound: true } and no error page rendered', () => {
    const { asJson, html } = setup();
    const res = asJson(outcome);
    expect(res).toMatchObject({ status: 404, headers: { 'content-type': 'application/json', 'cache-control': NO_STORE } });
    expect(JSON.parse(res.body as string)).toEqual({ notFound: true });
    expect(html.error).not.toHaveBeenCalled();
  });
});

describe('error', () => {
  test('HTML: the error page with the outcome headers (Allow of a 405)', () => {
    const res = setup().asHtml({ kind: 'error', statusCode: 405, locale: 'en', asPath: '/x', headers: { allow: 'GET, HEAD' } });
    expect(res).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD', 'cache-control': NO_STORE }, body: '<html>error 405 en /x</html>' });
  });

  test.each([
    [400, 'Bad Request'],
    [405, 'Method Not Allowed'],
    [500, 'Internal Server Error'],
  ] as const)('JSON %i: { error } with the status title, nothing rendered', (statusCode, error) => {
    const { asJson, html } = setup();
    const res = asJson({ kind: 'error', statusCode, locale: 'en', asPath: '/x', cause: new Error('secret') });
    expect(res.status).toBe(statusCode);
    expect(JSON.parse(res.body as string)).toEqual({ error });
    expect(res.body).not.toContain('secret');
    expect(html.error).not.toHaveBeenCalled();
  });
});

test('unknownBuild: a JSON 404 without notFound (the client does a full load), in either format', () => {
  const { asJson, asHtml } = setup();
  for (const res of [asJson({ kind: 'unknownBuild' }), asHtml({ kind: 'unknownBuild' })]) {
    expect(res).toMatchObject({ status: 404, headers: { 'content-type': 'application/json', 'cache-control': NO_STORE } });
    expect(JSON.parse(res.body as string)).toEqual({ error: 'unknown build id' });
  }
});

describe('api', () => {
  const response = { status: 201, headers: { 'content-type': 'text/plain' }, cookies: ['a=1'], body: 'made' };

  test("the handler's own response passes as it is, whatever the format", () => {
    const { asHtml, asJson, asApi } = setup();
    expect(asHtml({ kind: 'api', route, response })).toBe(response);
    expect(asJson({ kind: 'api', route, response })).toBe(response);
    expect(asApi({ kind: 'api', route, response })).toBe(response);
  });

  test("outcome headers go under the handler's own", () => {
    const res = setup().asApi({ kind: 'api', route, response, headers: { 'x-added': '1', 'content-type': 'text/html' } });
    expect(res).toEqual({ ...response, headers: { 'x-added': '1', 'content-type': 'text/plain' } });
  });

  test.each([
    [{ kind: 'notFound', locale: 'en', asPath: '/api/x' }, 404, 'Not Found'],
    [{ kind: 'error', statusCode: 400, locale: 'en', asPath: '/api/x', message: 'Invalid JSON: Unexpected end of JSON input' }, 400, 'Invalid JSON: Unexpected end of JSON input'],
    [{ kind: 'error', statusCode: 413, locale: 'en', asPath: '/api/x', message: 'Body exceeded 1mb limit' }, 413, 'Body exceeded 1mb limit'],
    [{ kind: 'error', statusCode: 500, locale: 'en', asPath: '/api/x', cause: new Error('secret') }, 500, 'Internal Server Error'],
    [{ kind: 'error', statusCode: 504, locale: 'en', asPath: '/api/x', cause: new Error('secret') }, 504, 'Gateway Timeout'],
  ] as [Outcome, number, string][])("the core's own answers under /api: JSON { error }, never a page (%#)", (outcome, status, error) => {
    const { asApi, html } = setup();
    const res = asApi(outcome);
    expect(res).toMatchObject({ status, headers: { 'content-type': 'application/json', 'cache-control': NO_STORE } });
    expect(JSON.parse(res.body as string)).toEqual({ error });
    expect(html.error).not.toHaveBeenCalled();
  });

  test('a redirect under /api is an HTTP redirect', () => {
    expect(setup().asApi({ kind: 'redirect', destination: '/api/v2', statusCode: 308, cacheControl: NO_STORE })).toEqual({
      status: 308, headers: { location: '/api/v2', 'cache-control': NO_STORE, refresh: '0;url=/api/v2', 'content-length': '7' }, body: '/api/v2',
    });
  });
});

describe("what getServerSideProps set on ctx.res", () => {
  const outcome: Outcome = { kind: 'render', page, props: {}, query: {}, isFallback: false, status: 418, cacheControl: 'public, s-maxage=10', headers: { 'x-a': '1' }, cookies: ['s=1'] };

  test('HTML: its status, Cache-Control, headers and cookies', () => {
    expect(setup().asHtml(outcome)).toMatchObject({ status: 418, headers: { 'x-a': '1', 'cache-control': 'public, s-maxage=10', 'content-type': HTML }, cookies: ['s=1'] });
  });

  test('JSON: 200, with its Cache-Control, headers and cookies', () => {
    expect(setup().asJson(outcome)).toMatchObject({ status: 200, headers: { 'x-a': '1', 'cache-control': 'public, s-maxage=10' }, cookies: ['s=1'] });
  });

  test('cookies go with a redirect and a 404 too', () => {
    const { asHtml } = setup();
    expect(asHtml({ kind: 'redirect', destination: '/a', statusCode: 307, cacheControl: NO_STORE, cookies: ['s=1'] }).cookies).toEqual(['s=1']);
    expect(asHtml({ kind: 'notFound', locale: 'en', asPath: '/', cookies: ['s=1'] }).cookies).toEqual(['s=1']);
  });
});

test("outcome headers are added to every kind of answer, under the stage's own", () => {
  const headers = { 'x-added': '1', 'cache-control': 'public, max-age=99', 'content-type': 'text/plain' };
  expect(setup().asHtml({ kind: 'notFound', locale: 'en', asPath: '/', headers }).headers).toMatchObject({ 'x-added': '1', 'cache-control': NO_STORE, 'content-type': HTML });
  expect(setup().asHtml({ kind: 'static', page, stored, headers }, { 'if-none-match': '"abc"' }).headers).toMatchObject({ 'x-added': '1', 'cache-control': staticCacheControl(60) });
  const { asHtml, asJson } = setup();
  expect(asHtml({ kind: 'static', page, stored, headers }).headers['x-added']).toBe('1');
  expect(asJson({ kind: 'notFound', locale: 'en', asPath: '/', headers }).headers['x-added']).toBe('1');
  expect(asHtml({ kind: 'redirect', destination: '/', statusCode: 308, cacheControl: NO_STORE, headers }).headers['x-added']).toBe('1');
});
