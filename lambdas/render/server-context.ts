/** What getServerSideProps receives: the request's params, query, locale, headers and cookies. */
import type { ResolvedConfig } from '../../contract/config';
import type { ServerContext } from '../../web/runtime/shared/page-types';
import type { PageRequest, Query } from './outcome';

/** The `Cookie` header as a null-prototype object: the names are the visitor's (a `__proto__` cookie stays a plain key). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** The context of one getServerSideProps call; `headers` is a copy the page may change freely (null prototype, like the cookies and the query). */
export function serverContext(page: PageRequest, query: Query, config: Pick<ResolvedConfig, 'locales' | 'defaultLocale'>): ServerContext {
  return {
    params: page.params,
    query,
    locale: page.locale,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
    headers: Object.assign(Object.create(null), page.request.headers),
    cookies: parseCookies(page.request.headers.cookie),
    resolvedUrl: page.path + (page.search.size ? `?${page.search}` : ''),
  };
}
