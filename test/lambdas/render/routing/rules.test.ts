/** Rule sources and destinations: the pages router's pattern syntax, conditions, and what a destination becomes. */
import fc from 'fast-check';
import { checkProperty } from '../../../helpers/property';
import type { ResolvedRouting } from '../../../../contract/routing';
import { destinationUrl, fillDestination } from '../../../../lambdas/render/routing/destination';
import { compileRouting } from '../../../../lambdas/render/routing/rules';
import type { RuleRequest } from '../../../../lambdas/render/routing/rule-match';

const EMPTY: ResolvedRouting = { basePath: '', trailingSlash: false, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, headers: [], middleware: false };
const locales = { locales: ['en', 'fr'], defaultLocale: 'en' };

function request(path: string, extra: Partial<RuleRequest> = {}): RuleRequest {
  const [pathname, query = ''] = path.split('?');
  return { path: pathname!, search: new URLSearchParams(query), headers: {}, cookies: {}, host: 'site.example', ...extra };
}

function redirectOf(source: string, destination: string, path: string, extra: Partial<RuleRequest> = {}, rule: object = {}) {
  const rules = compileRouting({ ...EMPTY, redirects: [{ source, destination, statusCode: 307, ...rule }] }, locales);
  const found = rules.redirectFor(request(path, extra));
  return found && destinationUrl(found.location);
}

test.each([
  ['/a/:b', '/x/:b', '/a/1', '/x/1'],
  ['/a/:b', '/x/:b', '/a/1/2', undefined],
  ['/a/:b*', '/x/:b*', '/a', '/x'],
  ['/a/:b*', '/x/:b*', '/a/1/2', '/x/1/2'],
  ['/a/:b+', '/x/:b+', '/a', undefined],
  ['/a/:b+', '/x/:b+', '/a/1/2', '/x/1/2'],
  ['/c/:d?', '/x/:d*', '/c', '/x'],
  ['/c/:d?', '/x/:d', '/c/9', '/x/9'],
  // A destination needing a param the optional source param did not give: the rule does not apply.
  ['/c/:d?', '/x/:d', '/c', undefined],
  ['/post/:id(\\d+)', '/p/:id', '/post/42', '/p/42'],
  ['/post/:id(\\d+)', '/p/:id', '/post/abc', undefined],
  ['/A', '/b', '/a', '/b'],
  // A source written with a trailing slash takes the path (which reaches the rules without one), as the pages router's does.
  ['/country/', '/', '/country', '/'],
  ['/blog/:slug/', '/posts/:slug', '/blog/x', '/posts/x'],
])('source %s → %s: %s gives %s', (source, destination, path, expected) => {
  expect(redirectOf(source, destination, path)).toBe(expected);
});

test('has and missing on header, cookie, query and host; named groups become params', () => {
  const rule = { has: [{ type: 'host', value: '(?<sub>[a-z]+)\\.example\\.com' }, { type: 'query', key: 'page' }], missing: [{ type: 'cookie', key: 'opt-out' }] };
  expect(redirectOf('/go', '/to/:sub/:page', '/go?page=3', { host: 'shop.example.com' }, rule)).toBe('/to/shop/3?page=3');
  expect(redirectOf('/go', '/to/:sub/:page', '/go?page=3', { host: 'shop.example.com', cookies: { 'opt-out': '1' } }, rule)).toBeUndefined();
  expect(redirectOf('/go', '/to/:sub/:page', '/go', { host: 'shop.example.com' }, rule)).toBeUndefined();
  expect(redirectOf('/h', '/yes', '/h', { headers: { 'x-beta': 'on' } }, { has: [{ type: 'header', key: 'X-Beta', value: 'on|yes' }] })).toBe('/yes');
});

test('locale: the prefix is taken off for matching and given back; locale: false matches it as written', () => {
  expect(redirectOf('/old', '/new', '/fr/old')).toBe('/fr/new');
  // The default locale spelled out is given back as none: one hop, as the pages router redirects it.
  expect(redirectOf('/old', '/new', '/en/old')).toBe('/new');
  expect(redirectOf('/old', '/', '/en/old')).toBe('/');
  expect(redirectOf('/old', '/', '/fr/old')).toBe('/fr');
  expect(redirectOf('/fr/old', '/new', '/fr/old', {}, { locale: false })).toBe('/new');
  expect(redirectOf('/old', '/new', '/fr/old', {}, { locale: false })).toBeUndefined();
});

test('locale: false with a /:locale/… source takes a path without a prefix as the default locale\'s, and only that, as the pages router matches it', () => {
  expect(redirectOf('/:locale/old', '/:locale/new', '/old', {}, { locale: false })).toBe('/en/new');
  expect(redirectOf('/:locale/old', '/:locale/new', '/fr/old', {}, { locale: false })).toBe('/fr/new');
  expect(redirectOf('/:locale', '/:locale/home', '/', {}, { locale: false })).toBe('/en/home');
  expect(redirectOf('/en/old', '/new', '/old', {}, { locale: false })).toBe('/new');
  // Only that path: the pages router puts the default locale in before it matches, so the
  // first segment of an unprefixed path is never taken for a locale, and a source written
  // without a locale takes no path of an i18n site.
  expect(redirectOf('/:locale/old', '/:locale/new', '/x/old', {}, { locale: false })).toBeUndefined();
  expect(redirectOf('/:locale/to-sv', '/sv/new', '/x/to-sv', {}, { locale: false })).toBeUndefined();
  expect(redirectOf('/old', '/new', '/old', {}, { locale: false })).toBeUndefined();
});

describe('destinations', () => {
  test('the query passes on, the destination\'s own keys win; a rewrite adds unused params to the query', () => {
    const search = new URLSearchParams('a=1&b=2');
    expect(destinationUrl(fillDestination('/x?b=3', {}, search, { appendParams: false })!)).toBe('/x?a=1&b=3');
    expect(destinationUrl(fillDestination('/x/:id', { id: '7', slug: 'hi' }, new URLSearchParams(), { appendParams: true })!)).toBe('/x/7?slug=hi');
  });

  test('generated params never turn a path of the site into another host', () => {
    return checkProperty(
      'generated params never turn a path of the site into another host',
      fc.property(fc.string({ maxLength: 20 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }), (one, many) => {
        const params = { one, many };
        for (const destination of ['/:one', '/:many*', '/:one/:many*']) {
          const filled = fillDestination(destination, params, new URLSearchParams(), { appendParams: false });
          if (!filled) continue;
          const url = destinationUrl(filled);
          expect(url).toMatch(/^\/(?![/\\])/);
          expect(new URL(url, 'https://site.example').host).toBe('site.example');
        }
        // A param filling a host label holds letters, digits and hyphens, or the rule does not apply.
        const hosted = fillDestination('https://:one.example.com/x', params, new URLSearchParams(), { appendParams: false });
        if (hosted) expect(new URL(destinationUrl(hosted)).hostname).toBe(`${one}.example.com`.toLowerCase());
      }),
      500,
    );
  });
});
