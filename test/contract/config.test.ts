/** The config's defaults and refusals: locales as the pages router takes them. */
import { resolveConfig } from '../../contract/config';

test('any locale name a path segment can carry, as the pages router takes any string: default (the prefix-every-locale trick), fr-CA, en_US', () => {
  expect(resolveConfig({ locales: ['default', 'en', 'fr-CA', 'en_US'], defaultLocale: 'default' })).toMatchObject({ locales: ['default', 'en', 'fr-CA', 'en_US'], defaultLocale: 'default', i18n: true });
});

test('a locale that cannot be a path segment, or one listed twice, is refused with the fix', () => {
  expect(() => resolveConfig({ locales: ['en', 'fr/CA'] })).toThrow('locale "fr/CA" cannot be a path\'s first segment: use a language tag such as "en" or "fr-CA"');
  expect(() => resolveConfig({ locales: ['en', ''] })).toThrow(/locale "" cannot be/);
  expect(() => resolveConfig({ locales: ['en', 'en'] })).toThrow('locale "en" is listed twice in locales; list each once.');
});
