// Locales the way the other two apps route them: the default one (en) without a prefix,
// the others as the first segment (/fr/ssr/1). Every route takes an optional `:lang?`.
import { data, Link, useParams } from 'react-router';
import { DEFAULT_LOCALE, LOCALES } from './content.js';

/** The locale of a request's params; an unknown first segment is a 404, not a locale. */
export function localeOf(params) {
  const locale = params.lang ?? DEFAULT_LOCALE;
  if (!LOCALES.includes(locale)) throw data(null, { status: 404 });
  return locale;
}

export function localizedPath(path, locale) {
  if (!locale || locale === DEFAULT_LOCALE) return path;
  return `/${locale}${path === '/' ? '' : path}`;
}

/** A link to a path of the current locale, as Next's and Stratus's links do by default. */
export function LocaleLink({ to, ...rest }) {
  const { lang } = useParams();
  return <Link to={localizedPath(to, lang)} {...rest} />;
}
