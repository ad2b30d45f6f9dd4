/** Turning `href` values (strings or `{ pathname, query }`) into URLs, shared by Link and the router. */
import { buildPath, searchToQuery, segmentsOf } from './route-match';
import { localizePath, splitLocale, type LocaleSettings } from './locale-prefix';
import { isApiPath } from '../../../contract/urls';
import type { Url } from './router-context';

function appendQuery(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
  else search.append(key, String(value));
}

/** `[name]`, `[...name]` or `[[...name]]` somewhere in a path: a route pattern to fill. */
const PATTERN = /\[[^/\]]+\]/;

/**
 * `{ pathname: '/posts/[slug]', query: { slug: 'a', page: 2 } }` → `/posts/a?page=2`, and
 * `/posts/[slug]?slug=a` → `/posts/a`, as the pages router fills a pattern from its query.
 * A pattern the query cannot fill stays as written (`/[name]`), query and all; an object
 * without `pathname` is relative to the current page (`?page=2`). Other strings are
 * returned as they are.
 */
export function formatUrl(url: Url): string {
  if (typeof url === 'string') {
    // Most hrefs hold no pattern: no match array for them (every Link of every render).
    if (!url.includes('[')) return url;
    // Groups 1 and 3 always match (maybe empty); no search is an empty query.
    const [, pathname, search, hash] = url.match(/^([^?#]*)(\?[^#]*)?(.*)$/)!;
    return PATTERN.test(pathname!) ? formatUrl({ pathname, query: searchToQuery(search ?? ''), hash }) : url;
  }
  const pathname = url.pathname ?? '';
  const query = url.query ?? {};
  // A pattern the query cannot fill stays as written, as the pages router writes it.
  const filled = PATTERN.test(pathname) ? buildPath(segmentsOf(pathname), query) : undefined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (!filled?.used.has(key)) appendQuery(search, key, value);
  const qs = search.toString();
  const hash = url.hash ? (url.hash.startsWith('#') ? url.hash : `#${url.hash}`) : '';
  return `${filled?.path ?? pathname}${qs ? `?${qs}` : ''}${hash}`;
}

/**
 * `//` or `\\` in an href's path: the pages router logs "Invalid href" and writes the path
 * with single slashes (`//a//b` → `/a/b`). The scheme's own `//` does not count.
 */
export function repeatedSlashesFixed(href: string, page: string): string {
  if (!href.includes('//') && !href.includes('\\')) return href;
  const [, scheme = '', path, rest] = href.match(/^([a-z][a-z\d+.-]*:\/\/)?([^?#]*)(.*)$/i)!;
  if (!/\/\/|\\/.test(path!)) return href;
  // In the server's log for every render, and in the browser's console as the page runs, as under the pages router.
  console.error(`Invalid href '${href}' passed to next/router in page: '${page}'. Repeated forward-slashes (//) or backslashes \\ are not valid in the href.`);
  return scheme + path!.replace(/[\\/]+/g, '/') + rest;
}

/** True for `http:`, `mailto:`, `//host` and other URLs that leave the app. */
export function isExternal(href: string): boolean {
  return /^[a-zA-Z][a-zA-Z\d+\-.]*:/.test(href) || href.startsWith('//');
}

/**
 * An absolute path that URL parsing gives back unchanged: characters a path keeps as they
 * are, no `//` start, no `.`/`..` segment. Most Links are such paths; they skip the two URL
 * parses (~0.8 µs each, on every Link of every server render).
 */
const PLAIN_PATH = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
function isPlainPath(href: string): boolean {
  return PLAIN_PATH.test(href) && !(href.includes('/.') && DOT_SEGMENT.test(href));
}

/**
 * An internal href as the pages router writes it into `<a href>`: resolved and
 * percent-encoded as a URL is (`/posts/a b` → `/posts/a%20b`), and a hash, a search or a
 * relative path against the current page (`#bottom` on `/` → `/#bottom`). An external
 * URL is returned as it is.
 */
export function resolveHref(href: string, asPath = '/'): string {
  // A shortcut for the server's renders; the browser build leaves it out (~80 bytes).
  if (process.env.STRATUS_BROWSER !== 'on' && isPlainPath(href)) return href;
  if (isExternal(href)) return href;
  try {
    const url = new URL(href, new URL(asPath, 'http://n'));
    // An empty fragment (`href="#"`) reads back as no hash: kept, so the link stays a hash change on this page.
    return url.pathname + url.search + (url.hash || (href.endsWith('#') ? '#' : ''));
  } catch {
    // Not a URL at all (`/\\`): written as given, as the pages router does, not a failed render.
    return href;
  }
}

/**
 * Prefixes an internal absolute path with the locale (none for the default locale). A path
 * that already starts with a locale, and an API route's, are returned as they are.
 */
export function addLocale(href: string, locale: string | undefined, settings: LocaleSettings): string {
  // The default locale is never spelled out: its hrefs stay as written (most Links, on most pages).
  if (!locale || locale === settings.defaultLocale || isExternal(href) || !href.startsWith('/')) return href;
  const match = href.match(/^([^?#]*)(.*)$/)!;
  if (isApiPath(match[1]!) || splitLocale(match[1]!, settings).prefixed) return href;
  return localizePath(match[1]!, locale, settings) + match[2]!;
}
