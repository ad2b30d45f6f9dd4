import { localizePath, splitLocale, splitLocaleSegments } from '../../../../web/runtime/shared/locale-prefix';

const settings = { locales: ['en', 'fr', 'de-CH'], defaultLocale: 'en' };

describe('splitLocale (URL paths)', () => {
  test('a locale prefix is taken off, whole segments only', () => {
    expect(splitLocale('/fr/about', settings)).toEqual({ locale: 'fr', path: '/about', prefixed: true });
    expect(splitLocale('/fr', settings)).toEqual({ locale: 'fr', path: '/', prefixed: true });
    expect(splitLocale('/de-CH/a/b', settings)).toEqual({ locale: 'de-CH', path: '/a/b', prefixed: true });
    expect(splitLocale('/french/about', settings)).toEqual({ locale: 'en', path: '/french/about', prefixed: false });
    expect(splitLocale('/', settings)).toEqual({ locale: 'en', path: '/', prefixed: false });
  });

  test('the default locale spelled out is flagged as prefixed', () => {
    expect(splitLocale('/en/about', settings)).toEqual({ locale: 'en', path: '/about', prefixed: true });
  });
});

describe('splitLocaleSegments (decoded segments)', () => {
  test('agrees with splitLocale on every path of a corpus', () => {
    const paths = ['/', '/fr', '/en', '/fr/a', '/en/a/b', '/de-CH', '/de-ch/x', '/x/fr', '/frx/y', '/a/b/c'];
    for (const path of paths) {
      const parts = path.split('/').filter(Boolean);
      const fromPath = splitLocale(path, settings);
      const fromSegments = splitLocaleSegments(parts, settings);
      expect({ locale: fromSegments.locale, path: '/' + fromSegments.parts.join('/'), prefixed: fromSegments.prefixed }).toEqual(fromPath);
    }
  });
});

describe('localizePath', () => {
  test('prefixes only non-default locales', () => {
    expect(localizePath('/about', 'en', settings)).toBe('/about');
    expect(localizePath('/about', 'fr', settings)).toBe('/fr/about');
    expect(localizePath('/', 'fr', settings)).toBe('/fr');
  });

  test('is undone by splitLocale for every locale', () => {
    for (const locale of settings.locales) {
      for (const path of ['/', '/about', '/a/b']) {
        const split = splitLocale(localizePath(path, locale, settings), settings);
        expect(split.path).toBe(path);
        expect(split.locale).toBe(locale);
      }
    }
  });
});
