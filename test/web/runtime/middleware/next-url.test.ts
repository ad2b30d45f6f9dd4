/**
 * `request.nextUrl` (web/runtime/middleware/next-url.ts): the request URL split as middleware
 * reads it, and put back by `href` with the trailing slash the pages router gives it.
 */
import fc from 'fast-check';
import { NextURL, type NextUrlSettings } from '../../../../web/runtime/middleware/next-url';
import { checkProperty } from '../../../helpers/property';

const settings = (over: Partial<NextUrlSettings> = {}): NextUrlSettings => ({ basePath: '', locales: ['en', 'fr'], defaultLocale: 'en', i18n: true, ...over });

test('href writes a changed path with a trailing slash when the request had one, as the pages router does', () => {
  const url = new NextURL('https://site.example/to/', settings({ trailingSlash: true }));
  expect(url.pathname).toBe('/to/');
  url.pathname = '/somewhere';
  expect(url.href).toBe('https://site.example/somewhere/');
  const plain = new NextURL('https://site.example/to', settings());
  plain.pathname = '/somewhere/';
  expect(plain.href).toBe('https://site.example/somewhere');
  // The root has its one slash either way; under a basePath it follows the site's setting.
  expect(new NextURL('https://site.example/', settings({ trailingSlash: true })).href).toBe('https://site.example/');
  const base = new NextURL('https://site.example/base/', settings({ basePath: '/base', trailingSlash: true }));
  expect([base.pathname, base.href]).toEqual(['/', 'https://site.example/base/']);
  const fr = new NextURL('https://site.example/fr/a/', settings({ trailingSlash: true }));
  fr.pathname = '/b';
  expect(fr.href).toBe('https://site.example/fr/b/');
});

test('generated URLs: href gives the request URL back unchanged, and a new path takes the request’s trailing slash', async () => {
  const segment = fc.stringMatching(/^[a-z0-9._-]{1,8}$/).filter((s) => s !== '.' && s !== '..');
  await checkProperty(
    'nextUrl round trip and trailing slash',
    fc.property(
      fc.array(segment, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.constantFrom('', '/base'),
      fc.constantFrom(undefined, 'fr'),
      fc.array(segment, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      (parts, slash, basePath, locale, next, siteTrailingSlash) => {
        const path = `${basePath}${locale ? `/${locale}` : ''}/${parts.join('/')}${slash ? '/' : ''}`;
        const url = new NextURL(`https://site.example${path}?q=1`, settings({ basePath, trailingSlash: siteTrailingSlash }));
        expect(url.href).toBe(`https://site.example${path}?q=1`);
        expect(url.clone().href).toBe(url.href);
        url.pathname = `/${next.join('/')}`;
        expect(url.href).toBe(`https://site.example${basePath}${locale ? `/${locale}` : ''}/${next.join('/')}${slash ? '/' : ''}?q=1`);
      },
    ),
    200,
  );
});
