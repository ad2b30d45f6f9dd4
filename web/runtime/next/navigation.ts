/**
 * `next/navigation` in a pages-router app, as Next gives it there: `usePathname`,
 * `useSearchParams`, `useParams` and `useRouter` read the page's router (libraries written for
 * both routers, such as @vercel/analytics/next and nuqs, import them). Until the router is
 * ready (a static page's first render) the search is empty and the params are null, as in the
 * pages router. The App Router's server functions (`redirect`, `notFound`, …) throw, saying so.
 */
import { useContext, useMemo } from 'react';
import { RouterContext } from '../shared/router-context';
import { segmentsOf } from '../shared/route-match';

/** URLSearchParams a component may read and not change (the App Router's type). */
export class ReadonlyURLSearchParams extends URLSearchParams {
  override append(): never {
    throw new Error('ReadonlyURLSearchParams cannot be changed: copy it into a URLSearchParams first.');
  }
  override set(): never {
    return this.append();
  }
  override delete(): never {
    return this.append();
  }
  override sort(): never {
    return this.append();
  }
}

const pathOf = (asPath: string) => asPath.replace(/[?#].*$/, '') || '/';

/** The path in the address bar, without the query; null for a fallback page not rendered yet. */
export function usePathname(): string | null {
  const router = useContext(RouterContext);
  if (!router || router.isFallback) return null;
  return pathOf(router.asPath);
}

/** The address bar's query, empty until the router is ready. */
export function useSearchParams(): ReadonlyURLSearchParams {
  const router = useContext(RouterContext);
  const search = router?.isReady ? router.asPath.replace(/#.*$/, '').split('?')[1] ?? '' : '';
  return useMemo(() => new ReadonlyURLSearchParams(search), [search]);
}

/** The page's dynamic segments' values (`{ slug: 'a' }`), null until the router is ready. */
export function useParams<T extends Record<string, string | string[]> = Record<string, string | string[]>>(): T | null {
  const router = useContext(RouterContext);
  return useMemo(() => {
    if (!router?.isReady) return null;
    const params: Record<string, string | string[]> = {};
    for (const segment of segmentsOf(router.pathname)) {
      if (segment.type === 'static') continue;
      const value = router.query[segment.name];
      if (value !== undefined) params[segment.name] = value;
    }
    return params as T;
  }, [router?.isReady, router?.pathname, router?.query]);
}

/** The App Router's router shape, over the page's: push, replace, back, forward, refresh, prefetch. */
export function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter(): no router mounted');
  return useMemo(
    () => ({
      push: (href: string, options?: { scroll?: boolean }) => void router.push(href, undefined, { scroll: options?.scroll }),
      replace: (href: string, options?: { scroll?: boolean }) => void router.replace(href, undefined, { scroll: options?.scroll }),
      back: () => router.back(),
      forward: () => history.forward(),
      refresh: () => void router.replace(router.asPath, undefined, { scroll: false }),
      prefetch: (href: string) => void router.prefetch(href),
    }),
    [router],
  );
}

const appRouterOnly = (name: string) => (): never => {
  throw new Error(`${name}() from next/navigation is the App Router's; in the pages router, return { redirect } or { notFound: true } from a data function.`);
};

export const redirect = appRouterOnly('redirect');
export const permanentRedirect = appRouterOnly('permanentRedirect');
export const notFound = appRouterOnly('notFound');
export const forbidden = appRouterOnly('forbidden');
export const unauthorized = appRouterOnly('unauthorized');
export const RedirectType = { push: 'push', replace: 'replace' } as const;

/** The App Router's layout segments: a pages-router page has none. */
export function useSelectedLayoutSegment(): string | null {
  return null;
}
export function useSelectedLayoutSegments(): string[] {
  return [];
}
