/**
 * Static pages (routes without getServerSideProps): served from the page store, rendered
 * again when stale (`revalidate`), missing (`fallback`) or asked to (`res.revalidate`).
 *
 * One regeneration of a page at a time across the fleet: an instance takes the page's lease
 * (ports/ports.ts, `RegenerationLease`) before rendering it, and looks at the shared store once more
 * first, in case another instance has just written it. Stale pages are answered stale to
 * everyone but the one request that regenerates (CloudFront's `stale-while-revalidate`
 * hides that one's wait from visitors); on this instance, concurrent requests share one
 * regeneration. A regeneration that fails keeps the last good copy, is logged
 * (`msg: "regeneration failed"`, the metric the stack alarms on) and leaves its lease to
 * expire, so the page is tried again after `leaseMs`, by whichever instance comes first.
 */
import type { AppComponent, PageData } from '../../../web/runtime/shared/page-types';
import type { SplitAppProps } from '../../../web/runtime/shared/initial-props';
import { readAppInitialProps } from '../data/app-initial-props';
import { showsLocales, type LocaleConfig } from '../../../contract/config';
import { paramsFor } from '../data/route-params';
import { DependencyError, reportDependencyFailure } from '../../shared/dependency-failure';
import { log, logError } from '../../shared/log';
import { emf } from '../../shared/metrics';
import { inSpan } from '../../shared/tracing/otel';
import { createPropsChecks, readDataResult, type DataOutcome, type PropsCheck } from '../data/data-result';
import type { PageRequest } from '../core/outcome';
import type { PageHtml } from '../html/page-html';
import { etagOf, type PageStore } from './page-store';
import { staticPathsOf } from './static-paths';
import { memoryLease } from '../ports/memory-lease';
import type { RegenerationLease, StoredPage } from '../ports/ports';

/** A getStaticProps redirect: answered as it is, never stored. */
export type StaticRedirect = Extract<DataOutcome, { type: 'redirect' }>;

/** What a static path is now: its stored page, a redirect, or what `fallback` says to do about a page not yet rendered. */
export type StaticLookup = StoredPage | StaticRedirect | 'fallback' | 'missing';

/**
 * How long a regeneration may hold its page's lease: longer than the render function's
 * timeout (10 s by default), so a lease only expires under a regeneration that died.
 */
export const DEFAULT_LEASE_MS = 30_000;

/** How often an instance that waits for another's regeneration looks at the store. */
export const WAIT_POLL_MS = 100;

export interface StaticPagesOptions {
  /** @default DEFAULT_LEASE_MS */
  leaseMs?: number;
  /**
   * Told of a rendering that failed under the lease (awaited before the failure goes on):
   * `stale` for a stale page's regeneration, `on-demand` for `res.revalidate`'s, none for a
   * page's first rendering. @default - nothing told
   */
  onRenderError?: (error: unknown, page: PageRequest, reason: 'stale' | 'on-demand' | undefined) => Promise<void>;
  /** The app's `_app`: its `getInitialProps`, when it has one, runs for each page rendered here, as the pages router runs it for getStaticProps pages. */
  App?: AppComponent;
}

export interface StaticPages {
  /** The stored page, rendered now when stale or missing and `fallback` allows; a page request for a `fallback: true` path gets 'fallback'. */
  lookup(page: PageRequest): Promise<StaticLookup>;
  /** Renders the page (HTML + data) and stores it; concurrent calls for one path share the work (the build's prerendering). */
  generate(page: PageRequest): Promise<StoredPage | StaticRedirect>;
  /**
   * On-demand revalidation: renders the page now and stores it, waiting (up to the lease's
   * time) for a regeneration another instance has under way. Throws when it fails.
   */
  revalidate(page: PageRequest): Promise<StoredPage | StaticRedirect>;
  /** Draft mode: getStaticProps' answer for this request alone (`draftMode: true`), never stored. */
  draft(page: PageRequest, previewData?: unknown): Promise<DataOutcome>;
}

function isStale(page: StoredPage, now: number): boolean {
  return page.revalidate !== false && now - page.renderedAt > page.revalidate * 1000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why getStaticProps runs, as `revalidateReason` tells it. */
type RevalidateReason = 'build' | 'stale' | 'on-demand';

export function createStaticPages(store: PageStore, html: PageHtml, config: LocaleConfig, options: StaticPagesOptions = {}): StaticPages {
  const inFlight = new Map<string, Promise<StoredPage | StaticRedirect | undefined>>();
  const lease: RegenerationLease = store.lease ?? memoryLease(store.now);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  const propsCheck = createPropsChecks();
  // What the app's code sees of its locales (showsLocales, contract/config.ts): without i18n no locale, `locales: []` in getStaticProps, undefined in getInitialProps.
  const i18n = showsLocales(config);
  const defaultLocale = i18n ? config.defaultLocale : undefined;

  /** `check`: the build's prerendering refuses props JSON cannot carry, as next build does; a regeneration checks as server pages do. */
  async function callGetStaticProps(page: PageRequest, draftMode: boolean, check: PropsCheck = propsCheck(page.route.pattern), revalidateReason: RevalidateReason = 'stale', previewData?: unknown): Promise<DataOutcome> {
    const getStaticProps = page.module.getStaticProps;
    if (!getStaticProps) return { type: 'props', props: {}, revalidate: false };
    // params: undefined on a page without dynamic segments (route-params.ts). revalidateReason as
    // the pages router gives it: 'build' when prerendered, 'on-demand' after res.revalidate(), else 'stale'.
    const context = { params: paramsFor(page) as PageRequest['params'], locale: i18n ? page.locale : undefined, locales: i18n ? config.locales : [], defaultLocale, revalidateReason, ...(draftMode ? { draftMode: true } : {}), ...(previewData !== undefined ? { preview: true, previewData } : {}) };
    return readDataResult(page.route.file, 'getStaticProps', await inSpan('getStaticProps', { 'http.route': page.route.pattern }, () => getStaticProps(context)), check);
  }

  /**
   * `_app.getInitialProps` for a page rendered here (at build time, or when it regenerates),
   * as the pages router runs it: no `req` or `res`; its pageProps go under getStaticProps'
   * props, its other keys are `_app`'s props. Checked as props are.
   */
  function appInitialProps(page: PageRequest, check: PropsCheck): Promise<SplitAppProps> | undefined {
    const { App } = options;
    if (!App?.getInitialProps) return undefined;
    const ctx = { pathname: page.route.pattern, query: { ...page.params }, asPath: page.path, locale: i18n ? page.locale : undefined, locales: i18n ? config.locales : undefined, defaultLocale };
    return readAppInitialProps(App, page.module.default, ctx, page.route.pattern, check);
  }

  /** Renders the page and writes it to the store; a redirect is answered, never stored. */
  async function render(page: PageRequest, check?: PropsCheck, reason?: RevalidateReason): Promise<StoredPage | StaticRedirect> {
    const result = await callGetStaticProps(page, false, check, reason);
    let stored: StoredPage;
    const renderedAt = store.now();
    if (result.type === 'props') {
      const app = await appInitialProps(page, check ?? propsCheck(page.route.pattern));
      const props = app ? { ...app.pageProps, ...result.props } : result.props;
      // One document for every visitor: no query string in it.
      const body = await inSpan('render', { 'http.route': page.route.pattern }, () => html.page({ ...page, search: new URLSearchParams(), visited: undefined }, props, { ...page.params }, false, app?.appProps));
      stored = { html: body, json: JSON.stringify({ ...app?.appProps, pageProps: props } satisfies PageData), etag: etagOf(body), revalidate: result.revalidate, renderedAt };
    } else if (result.type === 'notFound') {
      stored = { html: '', json: JSON.stringify({ notFound: true } satisfies PageData), etag: '', revalidate: result.revalidate, renderedAt, notFound: true };
    } else {
      // A page that now redirects is no longer one the edge may answer from the bucket.
      await store.withdraw(page.locale, page.path);
      return result;
    }
    await store.set(page.locale, page.path, stored);
    return stored;
  }

  const keyOf = (page: PageRequest) => store.sharedKey(page.locale, page.path);

  /** This instance's one piece of work per page at a time. */
  function once(key: string, work: () => Promise<StoredPage | StaticRedirect | undefined>) {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = work();
    inFlight.set(key, started);
    void started.then(() => inFlight.delete(key), () => inFlight.delete(key));
    return started;
  }

  /**
   * Under the page's lease: the shared store's copy if another instance wrote one since
   * `seen` (or since the page went missing), else a new rendering. Undefined when another
   * instance holds the lease. A failed rendering keeps the lease until it expires.
   */
  async function regenerateUnderLease(page: PageRequest, seen: StoredPage | undefined, force: boolean): Promise<StoredPage | StaticRedirect | undefined> {
    const key = keyOf(page);
    const token = await acquire(key, seen);
    if (!token) return undefined;
    let rendered: StoredPage | StaticRedirect;
    try {
      if (!force) {
        const latest = await store.get(page.locale, page.path, true);
        if (latest && (!seen || latest.renderedAt > seen.renderedAt) && !isStale(latest, store.now())) {
          await release(key, token);
          return latest;
        }
      }
      const started = store.now();
      rendered = await render(page, undefined, force ? 'on-demand' : 'stale');
      // A first rendering (fallback) is the request's own log line; a regeneration is worth one of its own.
      if (force || seen) log({ msg: 'regenerated', route: page.route.pattern, path: page.path, locale: page.locale, reason: force ? 'on-demand' : 'stale', ms: store.now() - started });
    } catch (error) {
      // The lease stays until it expires: the page is tried again then, not by every instance at once.
      // `failedRegenerations` is the metric the stack alarms on (lambdas/shared/metrics.ts).
      logError(error, {
        msg: 'regeneration failed', route: page.route.pattern, path: page.path, locale: page.locale, retryAfterMs: leaseMs,
        failedRegenerations: 1, _aws: emf([{ dimensions: [['route'], []], metrics: [{ name: 'failedRegenerations', unit: 'Count' }] }]),
      });
      await options.onRenderError?.(error, page, force ? 'on-demand' : seen ? 'stale' : undefined);
      throw error;
    }
    await release(key, token);
    return rendered;
  }

  /** The page's lease; a lease store that fails is logged once a window and thrown (the caller serves what it has, or 500). */
  async function acquire(key: string, seen: StoredPage | undefined): Promise<string | undefined> {
    try {
      return await inSpan('lease acquire', { 'stratus.lease': key }, async (span) => {
        const token = await lease.acquire(key, leaseMs);
        span?.setAttribute('stratus.lease.taken', token !== undefined);
        return token;
      });
    } catch (error) {
      const failure = error instanceof DependencyError ? error : new DependencyError(lease.dependency ?? 'the regeneration lease', error);
      reportDependencyFailure(failure, { dependency: failure.dependency, doing: 'take a regeneration lease', served: seen ? 'the stale copy' : 'the 500 page' });
      throw failure;
    }
  }

  /** Gives the lease back; one that cannot be given back expires by itself (`leaseMs`). */
  async function release(key: string, token: string): Promise<void> {
    try {
      await inSpan('lease release', { 'stratus.lease': key }, () => lease.release(key, token));
    } catch (error) {
      const failure = error instanceof DependencyError ? error : new DependencyError(lease.dependency ?? 'the regeneration lease', error);
      reportDependencyFailure(failure, { dependency: failure.dependency, doing: 'release a regeneration lease', served: 'the page; the lease expires by itself' });
    }
  }

  /** A page not in the store yet: rendered under the lease, or read once the instance holding it has written it. */
  async function generateMissing(page: PageRequest, force: boolean): Promise<StoredPage | StaticRedirect> {
    const deadline = store.now() + leaseMs;
    for (;;) {
      const done = await regenerateUnderLease(page, undefined, force);
      if (done) return done;
      if (!force) {
        const written = await store.get(page.locale, page.path, true);
        if (written) return written;
      }
      if (store.now() > deadline) {
        throw new Error(`${page.route.file}: ${page.path} (${page.locale}) is being regenerated by another instance, which has held its lease for ${leaseMs} ms.`);
      }
      await sleep(WAIT_POLL_MS);
    }
  }

  function generate(page: PageRequest): Promise<StoredPage | StaticRedirect> {
    return once(keyOf(page), () => render(page, 'refuse', 'build')) as Promise<StoredPage | StaticRedirect>;
  }

  function revalidate(page: PageRequest): Promise<StoredPage | StaticRedirect> {
    // Apart from a stale regeneration under way here: that one may have read the data before it changed.
    return once(`on-demand:${keyOf(page)}`, () => generateMissing(page, true)) as Promise<StoredPage | StaticRedirect>;
  }

  /**
   * `stratus dev` (a render bundle built for development) prerenders nothing and keeps
   * nothing: each request asks getStaticPaths whether the path is one of the page's and
   * renders it with the code and data of now, as `next dev` does.
   */
  async function lookupInDev(page: PageRequest): Promise<StaticLookup> {
    if (page.route.kind === 'ssg' && page.route.segments.some((s) => s.type !== 'static')) {
      const { fallback, paths } = await staticPathsOf(page.route, page.module, config, undefined, (message) => new Error(message));
      const listed = paths.some((p) => p.path === page.path && p.locale === page.locale);
      if (!listed && fallback === false) return 'missing';
      if (!listed && fallback === true && page.format === 'html') return 'fallback';
    }
    return render(page);
  }

  async function lookup(page: PageRequest): Promise<StaticLookup> {
    if (process.env.NODE_ENV === 'development') return lookupInDev(page);
    const stored = await store.get(page.locale, page.path);
    if (stored) {
      if (!isStale(stored, store.now())) return stored;
      // Stale: one request regenerates; every other is answered with the copy at hand.
      if (inFlight.has(keyOf(page))) return stored;
      try {
        return (await once(keyOf(page), () => regenerateUnderLease(page, stored, false))) ?? stored;
      } catch {
        return stored; // logged where it failed; the last good copy stands
      }
    }
    if (page.route.kind === 'ssg' && page.route.segments.some((s) => s.type !== 'static')) {
      if (page.route.fallback === false) return 'missing';
      if (page.route.fallback === true && page.format === 'html') return 'fallback';
    }
    return once(keyOf(page), () => generateMissing(page, false)) as Promise<StoredPage | StaticRedirect>;
  }

  return { lookup, generate, revalidate, draft: (page, previewData) => callGetStaticProps(page, true, undefined, 'stale', previewData) };
}
