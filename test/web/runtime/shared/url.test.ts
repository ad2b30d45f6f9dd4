import fc from 'fast-check';
import { addLocale, formatUrl, isExternal, repeatedSlashesFixed, resolveHref } from '../../../../web/runtime/shared/url';

const settings = { locales: ['en', 'fr'], defaultLocale: 'en' };

test('formatUrl fills dynamic segments from the query and keeps the rest as search', () => {
  expect(formatUrl({ pathname: '/posts/[slug]', query: { slug: 'a b', page: 2 } })).toBe('/posts/a%20b?page=2');
  expect(formatUrl({ pathname: '/docs/[...path]', query: { path: ['x', 'y'] }, hash: 'top' })).toBe('/docs/x/y#top');
  expect(formatUrl({ pathname: '/shop/[[...f]]', query: {} })).toBe('/shop');
  expect(formatUrl('/as/is?x=1')).toBe('/as/is?x=1');
});

test('formatUrl takes every href shape the pages router takes: a pattern it cannot fill stays as written, a string pattern fills from its search, no pathname is relative', () => {
  // Next's Link writes <a href="/[name]"> for these; it never fails the render.
  expect(formatUrl('/[name]')).toBe('/[name]');
  expect(formatUrl({ pathname: '/[name]' })).toBe('/[name]');
  expect(formatUrl({ pathname: '/posts/[slug]', query: { page: 2 } })).toBe('/posts/[slug]?page=2');
  expect(formatUrl({ pathname: '/docs/[...path]', query: {} })).toBe('/docs/[...path]');
  expect(formatUrl('/shop/[[...f]]')).toBe('/shop');
  // A string pattern is filled from its own query, the used names taken out.
  expect(formatUrl('/[name]?name=ada&x=1#top')).toBe('/ada?x=1#top');
  expect(formatUrl('/docs/[...path]?path=a&path=b')).toBe('/docs/a/b');
  // `href={{ query }}` (a shallow filter on the current page) is relative, not against `/`.
  expect(formatUrl({ query: { page: 2 } })).toBe('?page=2');
  expect(formatUrl({ hash: 'top' })).toBe('#top');
  expect(resolveHref(formatUrl({ query: { page: 2 } }), '/shop/red?page=1')).toBe('/shop/red?page=2');
});

test('repeatedSlashesFixed logs "Invalid href" as the pages router does and writes single slashes', () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(repeatedSlashesFixed('/a//b?next=//x', '/posts/[slug]')).toBe('/a/b?next=//x');
    expect(repeatedSlashesFixed('//example.com/x', '/')).toBe('/example.com/x');
    expect(repeatedSlashesFixed('/a\\b', '/')).toBe('/a/b');
    expect(repeatedSlashesFixed('https://example.com//x', '/')).toBe('https://example.com/x');
    expect(errors.mock.calls.map((call) => call[0])).toEqual([
      "Invalid href '/a//b?next=//x' passed to next/router in page: '/posts/[slug]'. Repeated forward-slashes (//) or backslashes \\ are not valid in the href.",
      expect.stringContaining("Invalid href '//example.com/x'"),
      expect.stringContaining('Invalid href'),
      expect.stringContaining('Invalid href'),
    ]);
    errors.mockClear();
    expect(repeatedSlashesFixed('https://example.com/x', '/')).toBe('https://example.com/x');
    expect(repeatedSlashesFixed('/a/b?x=//y#//z', '/')).toBe('/a/b?x=//y#//z');
    expect(errors).not.toHaveBeenCalled();
  } finally {
    errors.mockRestore();
  }
});

test('addLocale prefixes other locales once, never the default, never external URLs', () => {
  expect(addLocale('/about?x=1#h', 'fr', settings)).toBe('/fr/about?x=1#h');
  expect(addLocale('/', 'fr', settings)).toBe('/fr');
  expect(addLocale('/about', 'en', settings)).toBe('/about');
  expect(addLocale('/fr/about', 'fr', settings)).toBe('/fr/about');
  expect(addLocale('https://example.com/', 'fr', settings)).toBe('https://example.com/');
  expect(addLocale('#top', 'fr', settings)).toBe('#top');
  // API routes answer at one path whatever the locale (Link to one from a French page).
  expect(addLocale('/api/story?x=1', 'fr', settings)).toBe('/api/story?x=1');
});

test('isExternal', () => {
  expect(isExternal('https://example.com')).toBe(true);
  expect(isExternal('//cdn.example.com/x')).toBe(true);
  expect(isExternal('mailto:a@b.c')).toBe(true);
  expect(isExternal('/about')).toBe(false);
});

test('resolveHref writes hrefs as the pages router does: encoded, and a hash or a search against the current page', () => {
  expect(resolveHref('#bottom', '/')).toBe('/#bottom');
  expect(resolveHref('#bottom', '/posts/a?x=1#top')).toBe('/posts/a?x=1#bottom');
  expect(resolveHref('?page=2', '/posts/a')).toBe('/posts/a?page=2');
  expect(resolveHref('/posts/a b')).toBe('/posts/a%20b');
  expect(resolveHref('/posts/a%20b?q=x y')).toBe('/posts/a%20b?q=x%20y');
  expect(resolveHref('https://example.com/a b')).toBe('https://example.com/a b');
  expect(resolveHref('mailto:a@example.com')).toBe('mailto:a@example.com');
});

test('resolveHref keeps a bare # as an empty fragment of the current page, as the pages router writes it', () => {
  expect(resolveHref('#', '/about')).toBe('/about#');
  expect(resolveHref('#', '/posts/a?x=1')).toBe('/posts/a?x=1#');
  expect(resolveHref('#team', '/about')).toBe('/about#team');
});

test('resolveHref gives every generated path exactly what URL parsing gives (its shortcut for plain paths changes nothing)', () => {
  const parsed = (href: string, asPath: string) => {
    if (isExternal(href)) return href;
    try {
      const url = new URL(href, new URL(asPath, 'http://n'));
      // An empty fragment is kept as written (`href="#"`: a hash change on the page).
      return url.pathname + url.search + (url.hash || (href.endsWith('#') ? '#' : ''));
    } catch {
      return href;
    }
  };
  const piece = fc.constantFrom('/', '//', '.', '..', '/./', '/../', 'a', 'Z9', '-_~', "!$&'()*+,;=:@", ' ', '%', '%2e', '?', '#', '\\', '"', '<', '`', '{', '|', 'é', '\u2028', '\t');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }), fc.constantFrom('/', '/posts/a?x=1', '/a/b/'), (pieces, asPath) => {
      const href = '/' + pieces.join('');
      expect(resolveHref(href, asPath)).toBe(parsed(href, asPath));
    }),
    { seed: 15, numRuns: 3000 },
  );
  expect(resolveHref('/a/../b')).toBe('/b');
  expect(resolveHref('/a/.')).toBe('/a/');
  expect(resolveHref('/a/.b')).toBe('/a/.b');
  expect(resolveHref('/\\')).toBe('/\\'); // no URL at all: as given, not a throw that fails the render
});

test('repeatedSlashesFixed logs in the browser build too (its console is where the pages router writes it)', () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const before = process.env.STRATUS_BROWSER;
  process.env.STRATUS_BROWSER = 'on';
  try {
    expect(repeatedSlashesFixed('/hello//world', '/my/path/[name]')).toBe('/hello/world');
    expect(errors.mock.calls.map((call) => call[0])).toEqual([expect.stringContaining("Invalid href '/hello//world' passed to next/router in page: '/my/path/[name]'")]);
  } finally {
    if (before === undefined) delete process.env.STRATUS_BROWSER;
    else process.env.STRATUS_BROWSER = before;
    errors.mockRestore();
  }
});
