/**
 * Generators (fast-check arbitraries) of what a hostile visitor sends: paths built from
 * characters a browser reads as a slash or drops, names that are also `Object.prototype`'s,
 * malformed image parameters, repeated headers. Shared by the property tests and the fuzz
 * (bench/fuzz.ts), so both explore the same space.
 */
import fc from 'fast-check';
import type { Manifest } from '../../contract/manifest';
import type { RawRequest } from './raw-http';

/** Names that are also properties every plain object inherits. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'] as const;

/**
 * What the WHATWG URL parser reads as `/` in an http(s) URL (`\`), drops (tab, CR, LF), or
 * what looks like a slash to a person; raw and percent-encoded, single and doubled.
 */
export const SLASH_LIKE = [
  '/', '//', '///', '\\', '\\\\', '/\\', '\\/',
  '%2F', '%2f', '%5C', '%5c', '/%2F', '/%5C', '%2F%2F', '%5C%5C', '/%09/', '%09', '%0A', '%0D', '%0D%0A', '%00',
  '\t', '\n', '\r',
  '%252F', '%255C', '%25',
  '\uFF0F', '\uFF3C', '\u2215', '\u2044', '\u29F8', '\u29F9', '\uFE68', '\u2216', '\u3002',
  '%EF%BC%8F', '%EF%BC%BC', '%E2%88%95', '%E2%81%84', '%E3%80%82',
  '@', ':', '.', '..', '/./', '/../', '%2E%2E', ' ', '%20', '?', '%3F', '#', '%23', '%', '%E0%A4%A',
] as const;

/** Host-like words a redirect could be steered to. */
const HOSTS = ['evil.example', 'evil.example:443', '127.0.0.1', '[::1]', 'user@evil.example', 'evil%2Eexample'] as const;

/** One path fragment: mostly slash-like characters and host names, now and then any text. */
export const fragmentArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...SLASH_LIKE) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTS, 'about', 'a', 'index', 'x.json', 'photo.jpg') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
);

/** A run of fragments: `\\evil.example`, `%2F%2F127.0.0.1/a`. */
export const hostileSegmentArb: fc.Arbitrary<string> = fc.array(fragmentArb, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));

/** Percent-encodes what a raw request target cannot carry (what a browser would send). */
export function encodeForTarget(text: string): string {
  return text.replace(/[^\x21-\x7e]/gu, (ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%EF%BF%BD' : encodeURIComponent(ch)));
}

/** A query name: a prototype name, nested `a[__proto__][x]` forms, an image parameter, or any text. */
export const queryNameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES).map((name) => `a[${name}][x]`) },
  { weight: 2, arbitrary: fc.constantFrom('url', 'w', 'q', 'w[]', 'url[]', 'x', 'ref') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map(encodeForTarget) },
);

/** A query value: plain words, slash-like text, or any text, percent-encoded as a browser would. */
export const queryValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '1', 'x', '75', '640'),
  hostileSegmentArb.map(encodeForTarget),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);

/** `a=1&__proto__=x&flag`, or nothing. */
export const queryArb: fc.Arbitrary<string> = fc
  .array(fc.tuple(queryNameArb, fc.option(queryValueArb, { nil: undefined })), { maxLength: 4 })
  .map((pairs) => pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join('&'));

/** The kinds of path CloudFront routes differently (contract/edge-behaviours.ts). */
export type PathKind = 'page' | 'data' | 'image' | 'public' | 'app';
export const PATH_KINDS: readonly PathKind[] = ['page', 'data', 'image', 'public', 'app'];

/** What the generators need to know of a built site. */
export interface SiteShape {
  buildId: string;
  locales: readonly string[];
  /** Paths that exist (`/about`), to build on. */
  pages: readonly string[];
  publicFiles: readonly string[];
  /** Image paths on the site and widths the config allows. */
  images: readonly string[];
  widths: readonly number[];
}

/** The shape of a built site from its manifest: static routes, public files, allowed widths. */
export function siteShapeOf(manifest: Manifest): SiteShape {
  const pages = manifest.routes
    .map((route) => route.pattern.replace(/\[\[?\.\.\.\w+\]\]?|\[\w+\]/g, 'x'))
    .filter((path) => !path.startsWith('/_'));
  const images = manifest.publicFiles.filter((file) => /\.(jpe?g|png|webp|gif|avif)$/i.test(file));
  const { deviceSizes, imageSizes } = manifest.config.images;
  return {
    buildId: manifest.buildId,
    locales: manifest.config.locales,
    pages: pages.length > 0 ? pages : ['/'],
    publicFiles: manifest.publicFiles,
    images,
    widths: [...imageSizes, ...deviceSizes],
  };
}

/** The image parameters: valid ones now and then, mostly malformed. */
export function imageQueryArb(site: SiteShape): fc.Arbitrary<string> {
  const url = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...site.images, ...site.publicFiles, '/missing.jpg') },
    { weight: 3, arbitrary: hostileSegmentArb.map((s) => `/${s}`) },
    { weight: 1, arbitrary: fc.constantFrom('//127.0.0.1:9/x.jpg', 'https://evil.example/a.jpg', 'http://[::1/x', '/_app/image?url=/a.jpg&w=64', 'data:image/png;base64,AA', 'a.jpg') },
  );
  const width = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...site.widths.filter((w) => w <= 128)).map(String) },
    { weight: 2, arbitrary: fc.constantFrom('640.0', '0640', '-16', '0', '', ' 16', '1e3', '99', '3840', 'NaN', '99999999999999999999', '16,32') },
    { weight: 1, arbitrary: fc.string({ maxLength: 5 }) },
  );
  const quality = fc.oneof(fc.constantFrom('75', '1', '100', '0', '101', '7.5', '', '-1', 'q'), fc.string({ maxLength: 3 }));
  const param = (name: string, value: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 6, arbitrary: value.map((v) => [`${name}=${encodeURIComponent(v)}`]) },
      { weight: 1, arbitrary: fc.constant([] as string[]) },
      { weight: 1, arbitrary: fc.tuple(value, value).map(([a, b]) => [`${name}=${encodeURIComponent(a)}`, `${name}=${encodeURIComponent(b)}`]) },
      { weight: 1, arbitrary: value.map((v) => [`${name}[]=${encodeURIComponent(v)}`]) },
    );
  // A quarter are well-formed, so the fetch-and-resize path is explored too.
  const valid = fc
    .tuple(fc.constantFrom(...site.images, '/missing.jpg'), fc.constantFrom(...site.widths.filter((w) => w <= 128)), fc.constantFrom('', '&q=75', '&q=1', '&q=100'))
    .map(([u, w, q]) => `url=${encodeURIComponent(u)}&w=${w}${q}`);
  const malformed = fc
    .tuple(param('url', url), param('w', width), param('q', quality), fc.array(fc.tuple(queryNameArb, queryValueArb), { maxLength: 2 }))
    .map(([u, w, q, extra]) => [...u, ...w, ...q, ...extra.map(([n, v]) => `${n}=${v}`)])
    // Every part, in any order.
    .chain((parts) => fc.shuffledSubarray(parts, { minLength: parts.length, maxLength: parts.length }))
    .map((parts) => parts.join('&'));
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: malformed });
}

/** A path of one kind, with a hostile run in it: `/fr/\evil.example/`, `/_app/data/<id>/%2F%2Fx.json`. */
export function pathOfKindArb(site: SiteShape, kind: PathKind): fc.Arbitrary<string> {
  const locale = fc.constantFrom('', ...site.locales);
  const prefix = (l: string) => (l ? `/${l}` : '');
  const trailing = fc.constantFrom('', '', '/', '//', '/\\', '%2F', '/%2F');
  const segment = hostileSegmentArb;
  switch (kind) {
    case 'page':
      return fc
        .tuple(locale, fc.constantFrom('', ...site.pages), fc.option(segment, { freq: 4 }), trailing)
        .map(([l, page, s, t]) => {
          const base = `${prefix(l)}${page === '/' ? '' : page}`;
          // No hostile run now and then: the page itself, `/` and `/fr` included (locale detection).
          return s === null ? base + t || '/' : `${base}/${s}${t}`;
        });
    case 'data':
      return fc.tuple(locale, segment, fc.constantFrom('.json', '/index.json', '')).map(([l, s, ext]) => `/_app/data/${site.buildId}${prefix(l)}/${s}${ext}`);
    case 'image':
      return fc.tuple(fc.constantFrom('', '/', '//', '/\\'), locale).map(([t, l]) => `/_app/image${t}${l ? `${t ? '' : '/'}${l}` : ''}`);
    case 'public':
      return fc.tuple(fc.constantFrom(...site.publicFiles, '/photos', '/robots.txt'), segment, trailing).map(([file, s, t]) => `${file}${s.startsWith('/') ? '' : '/'}${s}${t}`);
    case 'app':
      return fc.tuple(fc.constantFrom('/_app/', '/_app/static/', '/_app/static/chunks/', '/_app'), segment, trailing).map(([p, s, t]) => `${p}${s}${t}`);
  }
}

/** A request target of one kind: the path (as sent, possibly with raw characters) and a query. */
export function targetOfKindArb(site: SiteShape, kind: PathKind): fc.Arbitrary<string> {
  const query = kind === 'image' ? imageQueryArb(site) : queryArb;
  return fc.tuple(pathOfKindArb(site, kind), query).map(([path, q]) => (q ? `${path}?${q}` : path));
}

/** Headers a visitor may send, repeated names included. */
export const headerArb: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('x', '1', '', 'constructor')) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('Cookie'), fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_NAMES, 'STRATUS_LOCALE', 'flavour', 'a[__proto__][x]'), fc.constantFrom('x', 'fr', 'de', '%E0%A4%A', '"q"', '')), { minLength: 1, maxLength: 3 }).map((pairs) => pairs.map(([n, v]) => `${n}=${v}`).join('; '))) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('Accept-Language'), fc.constantFrom('fr', 'fr-CH, fr;q=0.9', 'de;q=abc', '*', ';q=1', 'en;q=0.5, fr', '__proto__', 'constructor;q=1', 'x'.repeat(300), '')) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('Accept'), fc.constantFrom('image/avif,image/webp,*/*', 'image/webp', '*/*', 'image/*;q=0', '__proto__', ';;;', '')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('If-None-Match', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'Accept-Encoding', 'X-Amz-Cf-Id', 'X-Test'), fc.constantFrom('*', '"x"', 'W/"x"', 'evil.example', 'a b', 'javascript', 'gzip, br', '', '__proto__')) },
  { weight: 1, arbitrary: fc.tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), fc.stringMatching(/^[\x20-\x7e]{0,20}$/)) },
);

/** Host headers a browser never sends; Node takes any token, CloudFront only its own names. */
export const oddHostArb: fc.Arbitrary<[string, string]> = fc.tuple(
  fc.constant('Host'),
  fc.constantFrom('evil.example', 'a b', '', '[::1', 'x:99999', 'site.example:443', 'a/b', 'a@b', '%00', '__proto__'),
);

/** Methods a visitor may use; Node answers tokens it does not know with 400 itself. */
export const methodArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 3, arbitrary: fc.constant('HEAD') },
  { weight: 2, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
);

/** A whole request of one kind: method, target, headers and, for methods with one, a body. */
export function requestOfKindArb(site: SiteShape, kind: PathKind): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method: methodArb,
      target: targetOfKindArb(site, kind),
      headers: fc.array(headerArb, { maxLength: 4 }),
      body: fc.constantFrom('', '__proto__[x]=1&constructor[prototype][y]=2', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}'),
    })
    .map(({ method, target, headers, body }): RawRequest => {
      if (method === 'GET' || method === 'HEAD' || body === '') return { method, target, headers };
      const type = body.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded';
      return { method, target, headers: [...headers, ['Content-Type', type]], body };
    });
}

/** Targets no browser sends: absolute-form, `*`, no leading slash, oversized. */
export const oddTargetArb: fc.Arbitrary<string> = fc.constantFrom(
  'http://evil.example/about/', 'https://site.example//evil.example/', 'http://evil.example', '*', 'about', '//', '/\\',
  `/${'a'.repeat(5000)}/`, `/_app/image?w=16&url=/${'a'.repeat(4000)}`, `/?${'x=1&'.repeat(2000)}`,
);

/** A request of any kind; now and then one with an odd target. */
export function requestArb(site: SiteShape): fc.Arbitrary<RawRequest> {
  return fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...PATH_KINDS).chain((kind) => requestOfKindArb(site, kind)) },
    { weight: 1, arbitrary: fc.tuple(methodArb, oddTargetArb, fc.array(headerArb, { maxLength: 2 })).map(([method, target, headers]): RawRequest => ({ method, target, headers })) },
    { weight: 1, arbitrary: fc.tuple(requestOfKindArb(site, 'image'), oddHostArb).map(([request, host]): RawRequest => ({ ...request, headers: [host, ...(request.headers ?? [])] })) },
    { weight: 1, arbitrary: fc.tuple(requestOfKindArb(site, 'page'), oddHostArb).map(([request, host]): RawRequest => ({ ...request, headers: [host, ...(request.headers ?? [])] })) },
  );
}
