/**
 * Rules by first segment: a source's key must hold for every path its expression matches
 * (the expression is the oracle), and a lookup must give the rules a scan would test, in order.
 */
import fc from 'fast-check';
import { parse } from 'path-to-regexp';
import { checkProperty } from '../../../helpers/property';
import { byKey, pathKey, sourceKey } from '../../../../lambdas/render/routing/rule-index';
import { compileSource } from '../../../../lambdas/render/routing/rule-match';
import { compileRouting } from '../../../../lambdas/render/routing/rules';
import type { ResolvedRouting } from '../../../../contract/routing';

/** Characters that trip case-insensitive matching: non-ASCII letters whose case maps to ASCII, or to two characters. */
const FOLD_TRAPS = ['\u212a', '\u017f', '\u0130', '\u0131', 'é', 'É', 'ß', 'ς', 'Σ', 'σ'];
const letter = fc.oneof(fc.constantFrom(...'abcxyzABCXYZ019-_.~'.split('')), fc.constantFrom(...FOLD_TRAPS));
const literal = fc.array(letter, { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));
const name = fc.constantFrom('a', 'b', 'slug', 'path');
const modifier = fc.constantFrom('', '?', '*', '+');
const pattern = fc.constantFrom('', '(\\d+)', '(.*)', '([a-z]+)', '(en|fr)');

/** One piece of a source: a literal, a param, an unnamed group, or a `{…}` group. */
const piece = fc.oneof(
  { weight: 3, arbitrary: literal },
  { weight: 3, arbitrary: fc.tuple(name, pattern, modifier).map(([n, p, m]) => `:${n}${p}${m}`) },
  { weight: 1, arbitrary: fc.tuple(pattern.filter((p) => p !== ''), modifier).map(([p, m]) => `${p}${m}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('/', '-', '.', '/x'), literal, modifier).map(([prefix, text, m]) => `{${prefix}${text}}${m}`) },
);

/** A source: pieces after slashes, or run together (`/legacy-:id`, `/file.:ext`). */
const source = fc
  .array(fc.tuple(fc.boolean(), piece), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([slash, text], i) => (slash || i === 0 ? '/' : '') + text).join(''))
  .filter((text) => {
    try {
      compileSource(text);
      return true;
    } catch {
      return false;
    }
  });

/** Paths made from a source's own text (its literals in other cases, params filled) and others. */
function pathsFor(text: string): fc.Arbitrary<string> {
  const filled = fc
    .tuple(fc.constantFrom('1', 'en', 'x', 'Hello', 'a/b', ''), fc.constantFrom('', '/'), fc.constantFrom('lower', 'upper', 'same'), fc.boolean())
    .map(([value, end, caseOf, dropOptional]) => {
      // Optional params left out with their slash, or every param filled with the value.
      const kept = dropOptional ? text.replace(/\{[^}]*\}[?*]|\/?:[a-z]+(\([^)]*\))?[?*]/g, '') : text;
      const path = kept.replace(/\{([^}]*)\}[?*+]?/g, '$1').replace(/:[a-z]+(\([^)]*\))?[?*+]?|\([^)]*\)[?*+]?/g, value) + end;
      return caseOf === 'lower' ? path.toLowerCase() : caseOf === 'upper' ? path.toUpperCase() : path;
    });
  const other = fc.array(fc.oneof(literal, fc.constantFrom('', '%41', 'api')), { maxLength: 3 }).map((parts) => '/' + parts.join('/'));
  return fc.oneof(filled, other);
}

test('a source’s key is the key of every path its expression matches', async () => {
  await checkProperty(
    'sourceKey ⊒ regex',
    fc.property(
      source.chain((text) => fc.tuple(fc.constant(text), fc.array(pathsFor(text), { minLength: 1, maxLength: 8 }))),
      ([text, paths]) => {
        const { regex, key } = compileSource(text);
        for (const path of paths) if (regex.test(path)) expect([text, path, key]).toEqual([text, path, key === undefined ? undefined : pathKey(path)]);
      },
    ),
    3000,
  );
});

test.each([
  ['/blog/:slug', 'blog'],
  ['/Blog', 'blog'],
  ['/', ''],
  ['/api/:path*', 'api'],
  ['/a/:b?', 'a'],
  ['/a/:b', 'a'],
  // Cannot be keyed: the first segment goes on with a param, a group or an optional param that more follows.
  ['/legacy-:id', undefined],
  ['/file.:ext', undefined],
  ['/a{-b}?/c', undefined],
  ['/a/:b?-:c', undefined],
  ['/:path*', undefined],
  ['/(.*)', undefined],
  ['/café', undefined],
  ['/\u212aelvin', undefined],
])('sourceKey(%s) is %s', (text, expected) => {
  expect(sourceKey(parse(text))).toBe(expected);
});

test('a lookup gives the entries of its key and the unkeyed ones, in their order', async () => {
  const keys = fc.constantFrom(undefined, 'a', 'b', 'c');
  await checkProperty(
    'byKey ≡ filter',
    fc.property(fc.array(keys, { maxLength: 12 }), fc.constantFrom('a', 'b', 'c', 'd'), (entryKeys, asked) => {
      const entries = entryKeys.map((key, index) => ({ key, index }));
      const lookup = byKey(entries, (entry) => entry.key);
      expect(lookup(asked)).toEqual(entries.filter((entry) => entry.key === undefined || entry.key === asked));
    }),
    500,
  );
});

test('rules answer as before: the first matching redirect in order, every matching header rule', () => {
  const routing: ResolvedRouting = {
    basePath: '',
    trailingSlash: false,
    redirects: [
      { source: '/:any/first', destination: '/one', statusCode: 307 },
      { source: '/Shop/:item', destination: '/two', statusCode: 308 },
      { source: '/shop/old', destination: '/three', statusCode: 308 },
    ],
    rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
    headers: [
      { source: '/shop/:path*', headers: [{ key: 'x-a', value: 'shop' }] },
      { source: '/:path*', headers: [{ key: 'x-a', value: 'all' }, { key: 'x-b', value: 'all' }] },
      { source: '/SHOP', headers: [{ key: 'x-b', value: 'shop' }] },
    ],
    middleware: false,
  };
  const rules = compileRouting(routing, { locales: ['en', 'fr'], defaultLocale: 'en' });
  const request = (path: string) => ({ path, search: new URLSearchParams(), headers: {}, cookies: {}, host: 'site.example' });
  expect(rules.redirectFor(request('/shop/first'))?.statusCode).toBe(307);
  expect(rules.redirectFor(request('/fr/shop/old'))?.location.base).toBe('/fr/two');
  expect(rules.redirectFor(request('/blog/old'))).toBeUndefined();
  expect(rules.headersFor(request('/shop')).headers).toEqual({ 'x-a': 'all', 'x-b': 'shop' });
  expect(rules.headersFor(request('/fr/shop/x')).headers).toEqual({ 'x-a': 'all', 'x-b': 'all' });
  expect(rules.headersFor(request('/about')).headers).toEqual({ 'x-a': 'all', 'x-b': 'all' });
});

test('a list whose rules read different forms of the path (locale: false, basePath: false beside others) keys each by its own form', () => {
  const routing: ResolvedRouting = {
    basePath: '/base',
    trailingSlash: false,
    redirects: [
      { source: '/fr/x', destination: '/as-written', statusCode: 307, locale: false },
      { source: '/outside/:x', destination: '/from-outside', statusCode: 307, basePath: false },
      { source: '/old', destination: '/unprefixed', statusCode: 307 },
    ],
    rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
    headers: [],
    middleware: false,
  };
  const rules = compileRouting(routing, { locales: ['en', 'fr'], defaultLocale: 'en' });
  const request = (path: string) => ({ path, search: new URLSearchParams(), headers: {}, cookies: {}, host: 'site.example' });
  expect(rules.redirectFor(request('/fr/x'))?.location.base).toBe('/base/as-written');
  // `/fr/old` is `old` to the last rule (the locale taken off), `fr` to the first.
  expect(rules.redirectFor(request('/fr/old'))?.location.base).toBe('/base/fr/unprefixed');
  expect(rules.redirectFor(request('/old'))?.location.base).toBe('/base/unprefixed');
  expect(rules.redirectFor(request('/de/old'))).toBeUndefined();
});
