/**
 * The edge functions are standalone text (CloudFront Functions load no modules; the body
 * signer is inline Lambda code), so they keep their own copies of the URL layout, of the
 * locale-prefix rule, of the methods each path takes and of the tidy path (repeated slashes,
 * backslashes, dot segments). These tests hold them equal to the
 * shared ones on a corpus.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ALL_METHODS, API_PATH, edgeMethods, type BodyRoutes } from '../../../contract/edge-behaviours';
import { APP_PREFIX, DATA_PREFIX, DRAFT_COOKIE, EDGE_PAGE_HEADER, IMAGE_PATH, LOCALE_COOKIE, PAGES_PREFIX } from '../../../contract/urls';
import { bodySignerSourcePath } from '../../../infra/edge/body-signer';
import { isFunctionResponse, loadViewerRequest, loadViewerRequestWithOrigins, viewerRequestSourcePath, type CloudFrontFunctionEvent } from '../../../infra/edge/viewer-request';
import { pageKey } from '../../../contract/output-layout';
import { localizePath, splitLocale } from '../../../web/runtime/shared/locale-prefix';
import { createRoutingLayer } from '../../../lambdas/render/routing/layer';
import { compileRouting } from '../../../lambdas/render/routing/rules';
import { withoutBasePath } from '../../../web/runtime/shared/site-paths';
import { readPath } from '../../../lambdas/shared/request-path';
import { checkProperty } from '../../helpers/property';

const settings = { locales: ['en', 'fr', 'de-CH', 'pt-BR'], defaultLocale: 'en' };
const handler = loadViewerRequest({ ...settings, imageFormats: ['image/webp'] });

function request(uri: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}): CloudFrontFunctionEvent {
  const map = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }]));
  return {
    version: '1.0',
    request: { method: 'GET', uri, querystring: {}, headers: map({ host: 'site.example', ...headers }), cookies: map(cookies) },
  };
}

function locationOf(uri: string, headers?: Record<string, string>, cookies?: Record<string, string>): string | undefined {
  const result = handler(request(uri, headers, cookies));
  return isFunctionResponse(result) ? result.headers?.location?.value : undefined;
}

test('the URL layout constants in the edge text equal the contract', () => {
  const source = readFileSync(viewerRequestSourcePath(), 'utf8');
  const constant = (name: string) => source.match(new RegExp(`var ${name} = '([^']*)';`))?.[1];
  expect(constant('APP_PREFIX')).toBe(APP_PREFIX);
  expect(constant('IMAGE_PATH')).toBe(IMAGE_PATH);
  expect(constant('LOCALE_COOKIE')).toBe(LOCALE_COOKIE);
  expect(constant('API_PATH')).toBe(API_PATH);
  expect(constant('DRAFT_COOKIE')).toBe(DRAFT_COOKIE);
  expect(constant('PAGES_PREFIX')).toBe(PAGES_PREFIX);
  expect(constant('DATA_PREFIX')).toBe(DATA_PREFIX);
  expect(constant('EDGE_PAGE_HEADER')).toBe(EDGE_PAGE_HEADER);
});

test("the body signer's API path test is the contract's", () => {
  const source = readFileSync(bodySignerSourcePath(), 'utf8');
  expect(source).toContain(`uri === '${API_PATH}' || uri.indexOf('${API_PATH}/') === 0`);
});

test('the methods the edge lets through are the contract\'s, for every path kind and body setting', () => {
  const paths = ['/', '/about', '/fr/contact', '/api', '/api/', '/api/x', '/api/a/b.json', '/apiary', '/fr/api/x', '/_app/image', '/_app/data/b/x.json', '/_app/static/a.js', '/_app/api/x', '/API/x'];
  const settings: BodyRoutes[] = [
    { api: false, pageBodies: false },
    { api: true, pageBodies: false },
    { api: false, pageBodies: true },
    { api: true, pageBodies: true },
  ];
  for (const bodies of settings) {
    const edge = loadViewerRequest({ locales: ['en'], defaultLocale: 'en', imageFormats: ['image/webp'], ...bodies });
    for (const path of paths) {
      const passed = ALL_METHODS.filter((method) => {
        const event = request(path);
        event.request.method = method;
        const result = edge(event);
        return !isFunctionResponse(result) || result.statusCode !== 405;
      });
      expect({ bodies, path, passed }).toEqual({ bodies, path, passed: [...edgeMethods(path, bodies)] });
    }
  }
});

test('locale detection redirects / to the prefix the shared rule builds, and only for a non-default locale', () => {
  for (const locale of settings.locales) {
    const location = locationOf('/', { 'accept-language': `${locale};q=1` });
    if (locale === settings.defaultLocale) expect(location).toBeUndefined();
    else expect(location).toBe(localizePath('/', locale, settings));
  }
  // The cookie of a chosen locale turns detection off.
  expect(locationOf('/', { 'accept-language': 'fr' }, { [LOCALE_COOKIE]: 'en' })).toBeUndefined();
});

test('the trailing-slash redirect keeps the locale and path the shared rule reads', () => {
  const paths = ['/about', '/fr/about', '/de-CH', '/pt-BR/a/b', '/en/x', '/french/y', '/a/fr/b'];
  for (const path of paths) {
    const location = locationOf(`${path}/`);
    expect(location).toBeDefined();
    expect(splitLocale(location!, settings)).toEqual(splitLocale(path, settings));
  }
});

test("a pages-router app's NEXT_LOCALE cookie wins over Accept-Language on /; an unknown value is ignored", () => {
  expect(locationOf('/', { 'accept-language': 'fr' }, { NEXT_LOCALE: 'de-CH' })).toBe(localizePath('/', 'de-CH', settings));
  expect(locationOf('/', { 'accept-language': 'fr' }, { NEXT_LOCALE: 'en' })).toBeUndefined();
  expect(locationOf('/', { 'accept-language': 'fr' }, { NEXT_LOCALE: 'xx' })).toBe('/fr');
  // The site's own cookie still turns detection off altogether.
  expect(locationOf('/', {}, { NEXT_LOCALE: 'fr', [LOCALE_COOKIE]: 'en' })).toBeUndefined();
});

describe('the trailing-slash rule and the basePath: the edge function and the render function agree', () => {
  // Generated paths: with and without a trailing slash, file-like last segments, under the basePath or not.
  const segments = ['about', 'posts', 'a.txt', 'v1.2', 'x', 'fr'];
  const paths: string[] = ['/', '/docs', '/docs/'];
  for (const a of segments) {
    paths.push(`/${a}`, `/${a}/`, `/docs/${a}`, `/docs/${a}/`, `/docs/${a}//`);
    for (const b of segments) paths.push(`/docs/${a}/${b}`, `/docs/${a}/${b}/`);
  }

  test.each([
    ['', false],
    ['', true],
    ['/docs', false],
    ['/docs', true],
  ])('basePath %j, trailingSlash %s', async (basePath, trailingSlash) => {
    const routing = { basePath, trailingSlash, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, headers: [], middleware: false };
    const locales = { locales: ['en'], defaultLocale: 'en' };
    const layer = createRoutingLayer({ routing, rules: compileRouting(routing, locales), probe: () => 'none', proxy: async () => ({ status: 502, headers: {} }), fetchOwn: async () => ({ status: 404, headers: {} }) });
    const edge = loadViewerRequest({ locales: ['en'], defaultLocale: 'en', imageFormats: ['image/webp'], basePath, trailingSlash });
    for (const path of paths) {
      const atEdge = edge(request(path));
      const edgeLocation = isFunctionResponse(atEdge) ? atEdge.headers?.location?.value : undefined;
      const inside = withoutBasePath(path, basePath);
      let coreLocation: string | undefined;
      if (inside !== undefined && !/\/\/$/.test(path)) {
        const end = await layer.run({ format: 'html', path: inside, search: new URLSearchParams(), request: { method: 'GET', path, rawQuery: '', headers: {} } });
        coreLocation = end.answer?.kind === 'redirect' ? end.answer.destination : undefined;
      } else continue;
      expect({ path, location: coreLocation }).toEqual({ path, location: edgeLocation });
    }
  });
});

test("repeated slashes, backslashes and dot segments: the edge's 308 goes where the render function's does", async () => {
  const piece = fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2E%2e', 'a', 'fr', 'x.txt', '%41', '%2F', 'é', '%', '?');
  await checkProperty(
    'edge and render function tidy a path alike',
    fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
      const uri = '/' + pieces.join('');
      const reading = readPath(uri);
      const atEdge = handler(request(uri));
      const edgeTidy = isFunctionResponse(atEdge) && atEdge.statusCode === 308 && /\/\/|\\|\/(\.|%2e){1,2}(\/|$)/i.test(uri) ? atEdge.headers?.location?.value : undefined;
      expect({ uri, location: edgeTidy }).toEqual({ uri, location: reading.kind === 'redirect' ? reading.path : undefined });
    }),
    3000,
  );
});

test("a page path's bucket key: the edge function asks for the key the build writes for the page the render function would serve there", async () => {
  const settings = { locales: ['en', 'fr'], defaultLocale: 'en' };
  const edge = loadViewerRequestWithOrigins({ ...settings, imageFormats: ['image/webp'], i18n: true, pages: { buildId: 'B1', bucketOrigin: 'assets', renderOrigin: 'render' } });
  const segment = fc.oneof(
    fc.constantFrom('index', 'fr', 'en', 'about', 'c++', 'a b', 'été', '%', '100%', "it's", '(x)', '*', '!', '~', 'a.b', 'a/b'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  );
  await checkProperty(
    'edge bucket key = build page key',
    fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (segments, rawPlus) => {
      // The URL as a browser sends it (encodeURIComponent per segment; `+` sometimes left raw, as it may be).
      const uri = '/' + segments.map((s) => encodeURIComponent(s).replace(/%2B/g, rawPlus ? '+' : '%2B')).join('/');
      const { result, originGroup } = edge(request(uri));
      if (isFunctionResponse(result)) return; // a redirect of the edge's own (a dot segment): not a page key
      // What the render core reads: decoded segments, a locale prefix taken off, each re-encoded.
      let parts: string[];
      try {
        parts = uri.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
      } catch {
        return;
      }
      const split = parts.length > 0 && settings.locales.includes(parts[0]!) ? { locale: parts[0]!, rest: parts.slice(1) } : { locale: 'en', rest: parts };
      const pagePath = '/' + split.rest.map(encodeURIComponent).join('/');
      const key = pageKey(split.locale, pagePath);
      if (key === undefined) {
        expect(originGroup).toBeUndefined();
        return;
      }
      expect(originGroup?.originIds).toEqual(['assets', 'render']);
      // S3 reads the key from the path, percent-decoded once.
      expect(decodeURIComponent(result.uri)).toBe(`${PAGES_PREFIX}B1/${key}.html`);
      expect(result.headers['x-stratus-page']?.value).toBe(uri);
    }),
    500,
  );
});
