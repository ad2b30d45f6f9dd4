/** What getServerSideProps receives: the request's params, query, locale, headers and cookies. */
import type { ResolvedConfig } from '../../contract/config';
import type { ServerContext } from '../../web/runtime/shared/page-types';
import type { PageRequest, Query } from './outcome';

/** The `Cookie` header as own properties (a `__proto__` cookie stays a plain key). */
export function parseCookies(header: string | undefined): Record<string, string> {
  if (!header) return {};
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return Object.fromEntries(cookies);
}

/** The context of one getServerSideProps call; `headers` is a copy the page may change freely. */
export function serverContext(page: PageRequest, query: Query, config: Pick<ResolvedConfig, 'locales' | 'defaultLocale'>): ServerContext {
  return {
    params: page.params,
    query,
    locale: page.locale,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
    headers: { ...page.request.headers },
    cookies: parseCookies(page.request.headers.cookie),
    resolvedUrl: page.path + (page.search.size ? `?${page.search}` : ''),
  };
}
