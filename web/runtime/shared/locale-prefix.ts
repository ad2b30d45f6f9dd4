/**
 * Locale prefixes of URL paths (`/fr/about`): the one rule for the render core, the
 * browser router and Link. URLs Stratus writes leave the default locale out (`/about`);
 * one that spells it out (`/en/about`) is served and kept as written, as the pages router
 * does.
 */

export interface LocaleSettings {
  locales: readonly string[];
  defaultLocale: string;
}

/**
 * Splits a URL path (encoded or decoded: locales are plain tags) into its locale and the
 * rest. `prefixed` says whether the path spelled a locale out.
 *
 * @example
 * splitLocale('/fr/about', { locales: ['en', 'fr'], defaultLocale: 'en' }); // { locale: 'fr', path: '/about', prefixed: true }
 */
export function splitLocale(path: string, settings: LocaleSettings): { locale: string; path: string; prefixed: boolean } {
  const end = path.indexOf('/', 1);
  const first = end < 0 ? path.slice(1) : path.slice(1, end);
  if (first !== '' && settings.locales.includes(first)) {
    return { locale: first, path: end < 0 ? '/' : path.slice(end), prefixed: true };
  }
  return { locale: settings.defaultLocale, path, prefixed: false };
}

/** A path without prefix with `locale` spelled out (`/fr/about`; `/fr` for the root). */
export function withLocalePrefix(path: string, locale: string): string {
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** Adds the locale prefix (none for the default locale) to a path without one. */
export function localizePath(path: string, locale: string, settings: LocaleSettings): string {
  return locale === settings.defaultLocale ? path : withLocalePrefix(path, locale);
}

/**
 * The same rule on a path already split into decoded segments (the render core matches
 * routes on those): the locale, the segments after it, and whether one was spelled out.
 */
export function splitLocaleSegments(parts: readonly string[], settings: LocaleSettings): { locale: string; parts: string[]; prefixed: boolean } {
  const first = parts[0];
  if (first !== undefined && settings.locales.includes(first)) return { locale: first, parts: parts.slice(1), prefixed: true };
  return { locale: settings.defaultLocale, parts: [...parts], prefixed: false };
}
