import { readFileSync } from 'node:fs';
import { tokenizer } from 'acorn';
import {
  type CloudFrontFunctionEvent,
  type CloudFrontFunctionRequest,
  type CloudFrontFunctionResponse,
  isFunctionResponse,
  loadViewerRequest,
  MAX_FUNCTION_BYTES,
  viewerRequestCode,
  viewerRequestSourcePath,
} from '../../../infra/edge/viewer-request';
import { resolveConfig } from '../../../contract/config-schema';

const config = { locales: ['en', 'fr', 'de-CH'], defaultLocale: 'en', imageFormats: ['image/avif', 'image/webp'] };
const handler = loadViewerRequest(config);

/** A CloudFront Functions viewer-request event, as CloudFront builds it. */
function event(
  uri: string,
  options: { method?: string; headers?: Record<string, string>; cookies?: Record<string, string>; query?: Record<string, string> } = {},
): CloudFrontFunctionEvent {
  const map = (values: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }]));
  return {
    version: '1.0',
    context: { eventType: 'viewer-request', requestId: 'cf-1' },
    viewer: { ip: '192.0.2.1' },
    request: {
      method: options.method ?? 'GET',
      uri,
      querystring: map(options.query),
      headers: map({ host: 'www.example.com', ...options.headers }),
      cookies: map(options.cookies),
    },
  };
}

function asResponse(result: ReturnType<typeof handler>): CloudFrontFunctionResponse {
  if (!isFunctionResponse(result)) throw new Error(`expected a response, got request ${JSON.stringify(result)}`);
  return result;
}
function asRequest(result: ReturnType<typeof handler>): CloudFrontFunctionRequest {
  if (isFunctionResponse(result)) throw new Error(`expected the request, got ${JSON.stringify(result)}`);
  return result;
}

describe('viewer-request function', () => {
  test('passes a plain page request on, with the viewer host in x-forwarded-host', () => {
    const request = asRequest(handler(event('/about')));
    expect(request.uri).toBe('/about');
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'www.example.com' });
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s on a page with 405', (method) => {
    const response = asResponse(handler(event('/contact', { method })));
    expect(response.statusCode).toBe(405);
    expect(response.headers?.allow).toEqual({ value: 'GET, HEAD' });
    expect(response.headers?.['content-type']?.value).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>405: Method Not Allowed</title>');
  });

  test('lets HEAD through', () => {
    expect(isFunctionResponse(handler(event('/about', { method: 'HEAD' })))).toBe(false);
  });

  describe('methods where the site takes bodies (API routes, getServerSideProps pages)', () => {
    const bodies = loadViewerRequest({ ...config, api: true, pageBodies: true });
    const apiOnly = loadViewerRequest({ ...config, api: true, pageBodies: false });

    test.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('API routes take %s', (method) => {
      for (const uri of ['/api', '/api/hooks/stripe', '/api/a/b.json']) {
        expect(asRequest(bodies(event(uri, { method }))).uri).toBe(uri);
        expect(asRequest(apiOnly(event(uri, { method }))).uri).toBe(uri);
      }
    });

    test('pages take every method when some page reads a body (a static page answers its own 405)', () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        expect(asRequest(bodies(event('/contact', { method }))).uri).toBe('/contact');
      }
      // An API-only site: pages keep GET and HEAD.
      expect(asResponse(apiOnly(event('/contact', { method: 'POST' }))).headers?.allow).toEqual({ value: 'GET, HEAD' });
    });

    test('API routes are never localized: /fr/api/x is a page path', () => {
      expect(asResponse(apiOnly(event('/fr/api/x', { method: 'PUT' }))).statusCode).toBe(405);
      expect(asResponse(apiOnly(event('/apiary', { method: 'POST' }))).statusCode).toBe(405);
    });

    test('the framework\'s own paths keep GET and HEAD', () => {
      for (const uri of ['/_app/image', '/_app/data/b/index.json', '/_app/static/a.js', '/_app/api/x']) {
        const response = asResponse(bodies(event(uri, { method: 'POST' })));
        expect({ uri, status: response.statusCode, allow: response.headers?.allow?.value }).toEqual({ uri, status: 405, allow: 'GET, HEAD' });
      }
    });

    test('a site with no body routes has no /api exception', () => {
      expect(asResponse(handler(event('/api/x', { method: 'POST' }))).headers?.allow).toEqual({ value: 'GET, HEAD' });
    });

    test("a viewer's own x-amz-content-sha256 never goes on: only the body signer states a hash", () => {
      const e = event('/api/x', { method: 'POST', headers: { 'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' } });
      expect(asRequest(bodies(e)).headers['x-amz-content-sha256']).toBeUndefined();
    });

    test('a trailing slash on a POST still redirects with 308, which keeps the method and the body', () => {
      const response = asResponse(bodies(event('/api/x/', { method: 'POST' })));
      expect(response.statusCode).toBe(308);
      expect(response.headers?.location).toEqual({ value: '/api/x' });
    });
  });

  test('redirects a trailing slash with 308, keeping the query', () => {
    const response = asResponse(handler(event('/docs/intro/', { query: { a: '1', b: 'x%20y' } })));
    expect(response.statusCode).toBe(308);
    expect(response.headers?.location).toEqual({ value: '/docs/intro?a=1&b=x%20y' });
  });

  test('a redirect carries its location as the body, and a 308 a Refresh, as the pages router answers', () => {
    const response = asResponse(handler(event('/docs/intro/')));
    expect(response.body).toBe('/docs/intro');
    expect(response.headers?.refresh).toEqual({ value: '0;url=/docs/intro' });
  });

  test('the basePath itself: /base → /base/ under trailingSlash, /base/ → /base otherwise, as the pages router redirects', () => {
    const slashed = loadViewerRequest({ ...config, basePath: '/base', trailingSlash: true });
    expect(asResponse(slashed(event('/base', { query: { a: '1' } }))).headers?.location).toEqual({ value: '/base/?a=1' });
    expect(isFunctionResponse(slashed(event('/base/')))).toBe(false);
    const bare = loadViewerRequest({ ...config, basePath: '/base', trailingSlash: false });
    expect(asResponse(bare(event('/base/'))).headers?.location).toEqual({ value: '/base' });
    expect(isFunctionResponse(bare(event('/base')))).toBe(false);
  });

  test('skipTrailingSlashRedirect (anySlash): neither spelling of a page or of the basePath is redirected', () => {
    const any = loadViewerRequest({ ...config, basePath: '/base', anySlash: true });
    for (const path of ['/base', '/base/', '/base/docs/intro', '/base/docs/intro/']) expect([path, isFunctionResponse(any(event(path)))]).toEqual([path, false]);
    const slashed = loadViewerRequest({ ...config, trailingSlash: true, anySlash: true });
    expect(isFunctionResponse(slashed(event('/docs/intro')))).toBe(false);
    // A repeated slash is still one spelling too many.
    expect(asResponse(any(event('/base/docs//intro'))).headers?.location).toEqual({ value: '/base/docs/intro' });
  });

  test('never redirects / itself', () => {
    expect(isFunctionResponse(handler(event('/')))).toBe(false);
  });

  test('a slash-only path never turns into a protocol-relative redirect', () => {
    expect(asResponse(handler(event('//evil.example/'))).headers?.location?.value).toBe('/evil.example/');
    expect(asResponse(handler(event('///'))).headers?.location?.value).toBe('/');
  });

  test('a backslash, tab or newline never turns into another host either (browsers read them as / or drop them)', () => {
    expect(asResponse(handler(event('/\\evil.example/'))).headers?.location?.value).toBe('/evil.example/');
    expect(asResponse(handler(event('/\t/evil.example/'))).headers?.location?.value).toBe('/%09/evil.example');
    expect(asResponse(handler(event('/\uFF0F\uFF0Fevil.example/'))).headers?.location?.value).toBe('/%EF%BC%8F%EF%BC%8Fevil.example');
  });

  test("a viewer's own X-Forwarded-Host never reaches the origin", () => {
    const request = asRequest(handler(event('/about', { headers: { 'x-forwarded-host': 'evil.example' } })));
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'www.example.com' });
    const e = event('/about', { headers: { 'x-forwarded-host': 'evil.example' } });
    delete e.request.headers.host;
    expect(asRequest(handler(e)).headers['x-forwarded-host']).toBeUndefined();
  });

  test('reads only own names of the maps CloudFront builds', () => {
    const e = event('/a/');
    e.request.querystring = Object.assign(Object.create({ inherited: { value: 'x' } }), { x: { value: '1' } });
    e.request.cookies = Object.create({ STRATUS_LOCALE: { value: 'en' } });
    expect(asResponse(handler(e)).headers?.location?.value).toBe('/a?x=1');
    const root = event('/', { headers: { 'accept-language': 'fr' } });
    root.request.cookies = Object.create({ STRATUS_LOCALE: { value: 'en' } });
    expect(asResponse(handler(root)).headers?.location?.value).toBe('/fr');
  });

  test('prefers rawQueryString() when the runtime offers it', () => {
    const e = event('/a/');
    (e.request as unknown as { rawQueryString: () => string }).rawQueryString = () => 'x=1&x=2';
    expect(asResponse(handler(e)).headers?.location?.value).toBe('/a?x=1&x=2');
  });

  test('rebuilds repeated query keys from multiValue', () => {
    const e = event('/a/');
    e.request.querystring = { x: { value: '2', multiValue: [{ value: '1' }, { value: '2' }] }, flag: { value: '' } };
    expect(asResponse(handler(e)).headers?.location?.value).toBe('/a?x=1&x=2&flag');
  });

  describe('locale detection on /', () => {
    test('307 to the preferred non-default locale', () => {
      const response = asResponse(handler(event('/', { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' } })));
      expect(response.statusCode).toBe(307);
      expect(response.headers?.location).toEqual({ value: '/fr' });
      expect(response.headers?.['cache-control']?.value).toBe('private, no-store');
    });

    test('matches a region tag exactly and keeps the configured spelling', () => {
      const response = asResponse(handler(event('/', { headers: { 'accept-language': 'de-ch' } })));
      expect(response.headers?.location).toEqual({ value: '/de-CH' });
    });

    test('keeps the query string', () => {
      const response = asResponse(handler(event('/', { headers: { 'accept-language': 'fr' }, query: { ref: 'mail' } })));
      expect(response.headers?.location).toEqual({ value: '/fr?ref=mail' });
    });

    test('honours q-values over order', () => {
      const response = asResponse(handler(event('/', { headers: { 'accept-language': 'en;q=0.5, fr;q=0.9' } })));
      expect(response.headers?.location).toEqual({ value: '/fr' });
    });

    test('no redirect when the default locale is preferred', () => {
      expect(isFunctionResponse(handler(event('/', { headers: { 'accept-language': 'en-US,fr;q=0.5' } })))).toBe(false);
    });

    test('no redirect when the visitor chose a locale (STRATUS_LOCALE cookie)', () => {
      const e = event('/', { headers: { 'accept-language': 'fr' }, cookies: { STRATUS_LOCALE: 'en' } });
      expect(isFunctionResponse(handler(e))).toBe(false);
    });

    test('no redirect without Accept-Language, for unknown languages, or off /', () => {
      expect(isFunctionResponse(handler(event('/')))).toBe(false);
      expect(isFunctionResponse(handler(event('/', { headers: { 'accept-language': 'ja' } })))).toBe(false);
      expect(isFunctionResponse(handler(event('/about', { headers: { 'accept-language': 'fr' } })))).toBe(false);
    });

    test('no redirect for a single-locale site', () => {
      const single = loadViewerRequest({ locales: ['en'], defaultLocale: 'en', imageFormats: ['image/webp'] });
      expect(isFunctionResponse(single(event('/', { headers: { 'accept-language': 'fr' } })))).toBe(false);
    });
  });

  describe('image Accept normalisation', () => {
    const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    test.each([
      [chrome, 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['image/avif;q=0,image/webp', 'image/webp'],
    ])('%s → %s', (accept, token) => {
      const request = asRequest(handler(event('/_app/image', { headers: { accept }, query: { url: '/a.jpg', w: '640' } })));
      expect(request.headers.accept).toEqual({ value: token });
      expect(request.headers['x-forwarded-host']).toEqual({ value: 'www.example.com' });
    });

    test('drops Accept when no configured format is accepted (the source format is served)', () => {
      const request = asRequest(handler(event('/_app/image', { headers: { accept: 'image/*,*/*;q=0.8' } })));
      expect(request.headers.accept).toBeUndefined();
    });

    test('follows the configured formats only', () => {
      const webpOnly = loadViewerRequest(resolveConfig({}));
      const request = asRequest(webpOnly(event('/_app/image', { headers: { accept: chrome } })));
      expect(request.headers.accept).toEqual({ value: 'image/webp' });
    });

    test('non-GET on the image path gets 405', () => {
      expect(asResponse(handler(event('/_app/image', { method: 'POST' }))).statusCode).toBe(405);
    });
  });

  test('data and static paths pass through untouched (no slash or locale rules)', () => {
    const request = asRequest(handler(event('/_app/data/b1/index.json', { headers: { 'accept-language': 'fr' } })));
    expect(request.uri).toBe('/_app/data/b1/index.json');
    expect(request.headers.accept).toBeUndefined();
  });

  describe('source and limits', () => {
    const source = readFileSync(viewerRequestSourcePath(), 'utf8');

    test('is plain script for cloudfront-js-2.0: a top-level handler, no module but the runtime\'s own, imported on the first line uploaded', () => {
      expect(source).toMatch(/^function handler\(event\)/m);
      expect(source.replace("import cf from 'cloudfront';\n", '')).not.toMatch(/^\s*(export|import)\s|\brequire\(/m);
      expect(source).not.toMatch(/=>|\bclass\b|setTimeout|eval\(/);
      expect(viewerRequestCode(config).split('\n')[0]).toBe("import cf from 'cloudfront';");
    });

    test("stays under 10 KB with a large locale list and the bucket's pages on", () => {
      const locales = Array.from({ length: 60 }, (_, i) => `l${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}-XYZ`);
      const pages = { buildId: 'AbCdEfGhIjKl', bucketOrigin: 'assets', renderOrigin: 'render' };
      const code = viewerRequestCode({ locales, defaultLocale: locales[0]!, imageFormats: ['image/avif', 'image/webp'], api: true, pageBodies: true, basePath: '/a/very/long/base/path', trailingSlash: true, pages });
      expect(Buffer.byteLength(code)).toBeLessThan(MAX_FUNCTION_BYTES);
    });

    test('stays under 10 KB with a large locale list injected', () => {
      const locales = Array.from({ length: 60 }, (_, i) => `l${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}-XYZ`);
      const code = viewerRequestCode({ locales, defaultLocale: locales[0]!, imageFormats: ['image/avif', 'image/webp'], api: true, pageBodies: true });
      expect(Buffer.byteLength(code)).toBeLessThan(MAX_FUNCTION_BYTES);
    });

    test('what is cut from the uploaded code is whitespace and comments only: the tokens are the source\'s', () => {
      const tokens = (code: string) => [...tokenizer(code, { ecmaVersion: 2020, sourceType: 'module' })].map((token) => code.slice(token.start, token.end));
      for (const edgeConfig of [config, { ...config, basePath: '/a = b', pages: { buildId: 'b1', bucketOrigin: 'assets', renderOrigin: 'render' }, serverRoutes: ['/x) {/:'] }]) {
        const uploaded = viewerRequestCode(edgeConfig);
        expect(tokens(uploaded)).toEqual(tokens(source.replace(/\/\*STRATUS_CONFIG\*\/[\s\S]*?\/\*END_STRATUS_CONFIG\*\//, JSON.stringify(edgeConfig))));
        expect(uploaded).toContain(JSON.stringify(edgeConfig));
      }
    });

    test('injects the config in place of the default', () => {
      const code = viewerRequestCode(config);
      expect(code).toContain(JSON.stringify(config));
      expect(code).not.toContain('STRATUS_CONFIG');
    });

    test('refuses code over the limit', () => {
      const locales = Array.from({ length: 2000 }, (_, i) => `x${i}`);
      expect(() => viewerRequestCode({ locales, defaultLocale: 'x0', imageFormats: [] })).toThrow(/10240/);
    });

    test('the evaluated code has no Node globals', () => {
      expect(source).not.toMatch(/\bprocess\.|\bBuffer\b/);
    });
  });
});
