/** The request stage: page or page data, and the answers that need no route. */
import { formatOf, readRequest } from '../../../../lambdas/render/core/request';
import { BUILD_ID, manifestOf, request } from '../memory-app';

const manifest = manifestOf({});

describe('formatOf', () => {
  test('page data is JSON, /api and under it an API route, everything else HTML', () => {
    expect(formatOf(request(`/_app/data/${BUILD_ID}/about.json`))).toBe('json');
    expect(formatOf(request('/_app/data/anything'))).toBe('json');
    expect(formatOf(request('/about'))).toBe('html');
    expect(formatOf(request('/_app/static/x.js'))).toBe('html');
    expect(formatOf(request('/api'))).toBe('api');
    expect(formatOf(request('/api/users/7'))).toBe('api');
    // A locale prefix or a longer first segment is not the API's.
    expect(formatOf(request('/fr/api/users'))).toBe('html');
    expect(formatOf(request('/apis'))).toBe('html');
  });
});

describe('readRequest', () => {
  test('a page request: its path as sent and its search params', () => {
    const target = readRequest(request('/fr/posts/a%20b?x=1&x=2'), 'html', manifest);
    expect(target).toMatchObject({ format: 'html', path: '/fr/posts/a%20b' });
    expect('search' in target && target.search.getAll('x')).toEqual(['1', '2']);
  });

  test('HEAD is let through like GET', () => {
    expect(readRequest(request('/about', { method: 'HEAD' }), 'html', manifest)).toMatchObject({ format: 'html', path: '/about' });
  });

  test('a data URL stands for its page: index files, nested paths, the locale prefix kept', () => {
    const page = (url: string) => readRequest(request(url), 'json', manifest);
    expect(page(`/_app/data/${BUILD_ID}/index.json`)).toMatchObject({ format: 'json', path: '/' });
    expect(page(`/_app/data/${BUILD_ID}/fr/index.json`)).toMatchObject({ path: '/fr' });
    expect(page(`/_app/data/${BUILD_ID}/docs/a/b.json`)).toMatchObject({ path: '/docs/a/b' });
    expect(page(`/_app/data/${BUILD_ID}/fr/about.json`)).toMatchObject({ path: '/fr/about' });
  });

  test('the data URL of an API route (a Link, a redirect\'s destination), in any locale: notPageData, so the client loads it in full', () => {
    const page = (url: string) => readRequest(request(url), 'json', manifest);
    for (const url of ['api/ok', 'api', 'fr/api/ok', 'en/api/a/b']) expect(page(`/_app/data/${BUILD_ID}/${url}.json`)).toEqual({ kind: 'notPageData' });
    expect(page(`/_app/data/${BUILD_ID}/apis.json`)).toMatchObject({ format: 'json', path: '/apis' });
    expect(page(`/_app/data/${BUILD_ID}/docs/api.json`)).toMatchObject({ format: 'json', path: '/docs/api' });
  });

  test('a data URL of another build, or not a data URL at all: unknownBuild', () => {
    expect(readRequest(request('/_app/data/old-build/about.json'), 'json', manifest)).toEqual({ kind: 'unknownBuild' });
    expect(readRequest(request(`/_app/data/${BUILD_ID}.json`), 'json', manifest)).toEqual({ kind: 'unknownBuild' });
    expect(readRequest(request(`/_app/data/${BUILD_ID}/about`), 'json', manifest)).toEqual({ kind: 'unknownBuild' });
  });

  test("the framework's other /_app/ paths are not pages: 404 in the default locale", () => {
    expect(readRequest(request('/_app/other'), 'html', manifest)).toEqual({ kind: 'notFound', locale: 'en', asPath: '/_app/other' });
  });

  test.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s: 405 with Allow for page data; pages go on to be matched (their route decides)', (method) => {
    const expected = { kind: 'error', statusCode: 405, headers: { allow: 'GET, HEAD' } };
    expect(readRequest(request(`/_app/data/${BUILD_ID}/about.json`, { method }), 'json', manifest)).toMatchObject(expected);
    expect(readRequest(request('/about', { method }), 'html', manifest)).toMatchObject({ format: 'html', path: '/about' });
    expect(readRequest(request('/api/x', { method }), 'api', manifest)).toMatchObject({ format: 'api', path: '/api/x' });
  });
});
