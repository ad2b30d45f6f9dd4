import {
  mergeQuery, searchToQuery,
  buildPath, compareRoutes, missingValue, dataPath, MalformedPathError, matchRoute, parseRoutePattern, splitPath,
} from '../../../../web/runtime/shared/route-match';

const routes = ['/', '/about', '/posts/[slug]', '/posts/new', '/docs/[...path]', '/shop/[[...filters]]', '/[lang]/intro', '/[...all]']
  .map((pattern) => ({ pattern, segments: parseRoutePattern(pattern) }))
  .sort(compareRoutes);

const match = (path: string) => {
  const found = matchRoute(routes, splitPath(path));
  return found && { pattern: found.route.pattern, params: found.params };
};

describe('route matching', () => {
  test('static routes', () => {
    expect(match('/')).toEqual({ pattern: '/', params: {} });
    expect(match('/about')).toEqual({ pattern: '/about', params: {} });
  });

  test('dynamic segment', () => {
    expect(match('/posts/hello')).toEqual({ pattern: '/posts/[slug]', params: { slug: 'hello' } });
  });

  test('static beats dynamic', () => {
    expect(match('/posts/new')).toEqual({ pattern: '/posts/new', params: {} });
  });

  test('catch-all needs one or more segments', () => {
    expect(match('/docs/a/b/c')).toEqual({ pattern: '/docs/[...path]', params: { path: ['a', 'b', 'c'] } });
    expect(match('/docs')?.pattern).toBe('/[...all]');
  });

  test('optional catch-all takes zero or more', () => {
    expect(match('/shop')).toEqual({ pattern: '/shop/[[...filters]]', params: {} });
    expect(match('/shop/red/small')).toEqual({ pattern: '/shop/[[...filters]]', params: { filters: ['red', 'small'] } });
  });

  test('dynamic beats catch-all', () => {
    expect(match('/fr/intro')).toEqual({ pattern: '/[lang]/intro', params: { lang: 'fr' } });
    expect(match('/fr/other')).toEqual({ pattern: '/[...all]', params: { all: ['fr', 'other'] } });
  });

  test('precedence order: static, dynamic, catch-all, optional catch-all', () => {
    const ordered = ['/[[...o]]', '/[...c]', '/[d]', '/s'].map((p) => ({ pattern: p, segments: parseRoutePattern(p) })).sort(compareRoutes);
    expect(ordered.map((r) => r.pattern)).toEqual(['/s', '/[d]', '/[...c]', '/[[...o]]']);
  });

  test('segments are percent-decoded', () => {
    expect(match('/posts/a%20b%2Fc')).toEqual({ pattern: '/posts/[slug]', params: { slug: 'a b/c' } });
    expect(match('/posts/caf%C3%A9')?.params).toEqual({ slug: 'café' });
  });

  test('bad percent-encoding is a malformed request', () => {
    expect(() => splitPath('/posts/%E0%A4%A')).toThrow(MalformedPathError);
    expect(() => splitPath('/%')).toThrow(MalformedPathError);
  });

  test('no match', () => {
    const onlyStatic = [{ pattern: '/a', segments: parseRoutePattern('/a') }];
    expect(matchRoute(onlyStatic, splitPath('/b'))).toBeNull();
    expect(matchRoute(onlyStatic, splitPath('/a/b'))).toBeNull();
  });

  test('invalid patterns are rejected with the reason', () => {
    expect(() => parseRoutePattern('/[...a]/b')).toThrow(/catch-all must be the last segment/);
    expect(() => parseRoutePattern('/x[y]')).toThrow(/not a valid segment/);
    expect(() => parseRoutePattern('/[[...a]')).toThrow(/not a valid segment/);
    expect(() => parseRoutePattern('/[.a]')).toThrow(/not a valid segment/);
    expect(() => parseRoutePattern('/[a]]')).toThrow(/not a valid segment/);
    expect(() => parseRoutePattern('/[]')).toThrow(/not a valid segment/);
    expect(() => parseRoutePattern('/[id]/x/[id]')).toThrow(/"id" is used twice/);
  });

  test('parameter names are any text the pages router accepts', () => {
    expect(parseRoutePattern('/[123]')).toEqual([{ type: 'dynamic', name: '123' }]);
    expect(parseRoutePattern('/a/[hello-world]/[...rest-of]')).toEqual([
      { type: 'static', value: 'a' }, { type: 'dynamic', name: 'hello-world' }, { type: 'catchAll', name: 'rest-of' },
    ]);
    expect(parseRoutePattern('/[[...ünïcode]]')).toEqual([{ type: 'optionalCatchAll', name: 'ünïcode' }]);
    const route = { pattern: '/[hello-world]', segments: parseRoutePattern('/[hello-world]') };
    expect(matchRoute([route], ['x'])?.params).toEqual({ 'hello-world': 'x' });
  });
});

describe('locales', () => {
  const settings = { locales: ['en', 'fr'], defaultLocale: 'en' };

  test('data paths', () => {
    expect(dataPath('b1', '/', 'en', settings)).toBe('/_app/data/b1/index.json');
    expect(dataPath('b1', '/', 'fr', settings)).toBe('/_app/data/b1/fr/index.json');
    expect(dataPath('b1', '/posts/a', 'fr', settings)).toBe('/_app/data/b1/fr/posts/a.json');
  });
});

describe('buildPath', () => {
  test('fills and encodes params', () => {
    expect(buildPath(parseRoutePattern('/posts/[slug]'), { slug: 'a b' })!.path).toBe('/posts/a%20b');
    expect(buildPath(parseRoutePattern('/docs/[...p]'), { p: ['x', 'y'] })!.path).toBe('/docs/x/y');
    expect(buildPath(parseRoutePattern('/shop/[[...f]]'), {})!.path).toBe('/shop');
  });

  test('missing params: no path, and the build says which', () => {
    expect(buildPath(parseRoutePattern('/posts/[slug]'), {})).toBeUndefined();
    expect(missingValue(parseRoutePattern('/posts/[slug]'), {})).toMatch(/\[slug\]/);
    expect(buildPath(parseRoutePattern('/docs/[...p]'), { p: [] })).toBeUndefined();
    expect(missingValue(parseRoutePattern('/docs/[...p]'), { p: [] })).toMatch(/at least one/);
  });
});

test('mergeQuery: later parts win, the result has no prototype', () => {
  const merged = mergeQuery(searchToQuery('id=search&toString=1'), { id: 'param' });
  expect(Object.getPrototypeOf(merged)).toBeNull();
  expect({ ...merged }).toEqual({ id: 'param', toString: '1' });
});

describe('searchToQuery', () => {
  test('repeated keys become arrays', () => {
    expect(searchToQuery('a=1&a=2&b=3&c=')).toEqual({ a: ['1', '2'], b: '3', c: '' });
  });

  test('a __proto__ key is a plain key, never the prototype', () => {
    const query = searchToQuery('__proto__=x&__proto__=y&constructor=z');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.getOwnPropertyNames(query).sort()).toEqual(['__proto__', 'constructor']);
    expect(JSON.parse(JSON.stringify(query))).toEqual(JSON.parse('{"__proto__":["x","y"],"constructor":"z"}'));
  });
});
