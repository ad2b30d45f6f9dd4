/**
 * Static pages (routes without getServerSideProps): served from the page store, rendered
 * again when stale (`revalidate`) or missing (`fallback`), each path rendered once however
 * many requests ask for it at the same time.
 */
import type { ResolvedConfig } from '../../contract/config';
import type { PageData } from '../../web/runtime/shared/page-types';
import { readDataResult, type DataOutcome } from './data-result';
import type { PageRequest } from './outcome';
import type { PageHtml } from './page-html';
import { etagOf, type PageStore, type StoredPage } from './page-store';

/** A getStaticProps redirect: answered as it is, never stored. */
export type StaticRedirect = Extract<DataOutcome, { type: 'redirect' }>;

/** What a static path is now: its stored page, a redirect, or what `fallback` says to do about a page not yet rendered. */
export type StaticLookup = StoredPage | StaticRedirect | 'fallback' | 'missing';

export interface StaticPages {
  /** The stored page, rendered now when stale or missing and `fallback` allows; a page request for a `fallback: true` path gets 'fallback'. */
  lookup(page: PageRequest): Promise<StaticLookup>;
  /** Renders the page (HTML + data) and stores it; concurrent calls for one path share the work. */
  generate(page: PageRequest): Promise<StoredPage | StaticRedirect>;
}

function isStale(page: StoredPage): boolean {
  return page.revalidate !== false && Date.now() - page.renderedAt > page.revalidate * 1000;
}

export function createStaticPages(store: PageStore, html: PageHtml, config: Pick<ResolvedConfig, 'locales' | 'defaultLocale'>): StaticPages {
  const inFlight = new Map<string, Promise<StoredPage | StaticRedirect>>();

  async function render(page: PageRequest): Promise<StoredPage | StaticRedirect> {
    let result: DataOutcome = { type: 'props', props: {}, revalidate: false };
    if (page.module.getStaticProps) {
      result = await readDataResult(page.route.file, 'getStaticProps', await page.module.getStaticProps({
        params: page.params, locale: page.locale, locales: config.locales, defaultLocale: config.defaultLocale,
      }));
    }
    let stored: StoredPage;
    if (result.type === 'props') {
      // One document for every visitor: no query string in it.
      const body = await html.page({ ...page, search: new URLSearchParams() }, result.props, { ...page.params }, false);
      stored = { html: body, json: JSON.stringify({ pageProps: result.props } satisfies PageData), etag: etagOf(body), revalidate: result.revalidate, renderedAt: Date.now() };
    } else if (result.type === 'notFound') {
      stored = { html: '', json: JSON.stringify({ notFound: true } satisfies PageData), etag: '', revalidate: result.revalidate, renderedAt: Date.now(), notFound: true };
    } else {
      return result;
    }
    store.set(page.locale, page.path, stored);
    return stored;
  }

  function generate(page: PageRequest): Promise<StoredPage | StaticRedirect> {
    const key = `${page.locale}\0${page.path}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const work = render(page);
    inFlight.set(key, work);
    work.then(() => inFlight.delete(key), () => inFlight.delete(key));
    return work;
  }

  async function lookup(page: PageRequest): Promise<StaticLookup> {
    const stored = store.get(page.locale, page.path);
    if (stored && !isStale(stored)) return stored;
    if (!stored && page.route.kind === 'ssg' && page.route.segments.some((s) => s.type !== 'static')) {
      if (page.route.fallback === false) return 'missing';
      if (page.route.fallback === true && page.format === 'html') return 'fallback';
    }
    return generate(page);
  }

  return { lookup, generate };
}
