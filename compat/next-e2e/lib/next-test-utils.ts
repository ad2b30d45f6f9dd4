/**
 * `next-test-utils` as Next's e2e test files import it: HTTP helpers, polling helpers and
 * the few browser helpers, written from how the tests call them. Requests to the server
 * under test go through `serverPath`, which spells Next's `/_next/…` paths as Stratus's
 * `/_app/…` when Stratus is the target (the one deliberate difference of names).
 */
import { stringify, type ParsedUrlQueryInput } from 'node:querystring';
import type { BrowserHandle } from './browser';
import { e2eTarget } from './target';

type Query = ParsedUrlQueryInput | string | undefined;

export interface FetchOptions extends Omit<RequestInit, 'redirect'> {
  redirect?: RequestRedirect | 'manual-dont-change';
  headers?: Record<string, string> | Headers;
}

/** `http://localhost:<port>` from a port, or the URL as given. */
export function getFullUrl(appPortOrUrl: string | number, pathname = ''): string {
  const base = typeof appPortOrUrl === 'string' && /^https?:/.test(appPortOrUrl) ? appPortOrUrl : `http://localhost:${appPortOrUrl}`;
  // A path written without its leading slash (`fetchViaHTTP(url, 'api')`) is from the root, as Next's helper resolves it.
  return base.replace(/\/$/, '') + (pathname === '' || pathname.startsWith('/') ? pathname : `/${pathname}`);
}

/** Next's build-output paths as the target spells them. */
export function serverPath(pathname: string): string {
  if (e2eTarget() !== 'stratus') return pathname;
  return pathname.replace(/\/_next\/(data|static|image)(?=[/?]|$)/, '/_app/$1');
}

function withQuery(pathname: string, query: Query): string {
  if (!query) return pathname;
  const text = typeof query === 'string' ? query.replace(/^\?/, '') : stringify(query);
  if (!text) return pathname;
  return pathname + (pathname.includes('?') ? '&' : '?') + text;
}

/** Headers with node-fetch's `raw()` (each name's values as a list, `set-cookie` kept apart). */
type NodeFetchHeaders = Headers & { raw(): Record<string, string[]> };

function withRaw(headers: Headers): NodeFetchHeaders {
  const raw = () => {
    const all: Record<string, string[]> = {};
    headers.forEach((value, name) => {
      if (name !== 'set-cookie') all[name] = [value];
    });
    const cookies = headers.getSetCookie();
    if (cookies.length) all['set-cookie'] = cookies;
    return all;
  };
  return Object.assign(headers, { raw });
}

/**
 * A fetch as Next's tests know it (node-fetch): with `redirect: 'manual'` the Location
 * header reads as an absolute URL; `'manual-dont-change'` leaves it as the server sent it;
 * `headers.raw()` is there.
 */
export async function fetchViaHTTP(appPortOrUrl: string | number, pathname: string, query?: Query | null, options: FetchOptions = {}): Promise<Response & { headers: NodeFetchHeaders }> {
  const url = getFullUrl(appPortOrUrl, serverPath(withQuery(pathname, query ?? undefined)));
  const { redirect, ...init } = options;
  const response = await fetch(url, { ...init, redirect: redirect === 'manual-dont-change' ? 'manual' : redirect } as RequestInit);
  const headers = withRaw(new Headers(response.headers));
  const location = headers.get('location');
  if (redirect === 'manual' && location) headers.set('location', new URL(location, url).href);
  return new Proxy(response, {
    get(target, key) {
      if (key === 'headers') return headers;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Response & { headers: NodeFetchHeaders };
}

export async function renderViaHTTP(appPortOrUrl: string | number, pathname: string, query?: Query | null, options?: FetchOptions): Promise<string> {
  return (await fetchViaHTTP(appPortOrUrl, pathname, query, options)).text();
}

export const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `read` (every second, 30 times by default) until its text matches `expected`
 * (a string equal to it, or a RegExp); a function that throws counts as not yet.
 */
export async function check(read: () => unknown, expected: string | RegExp, hardError = true, maxRetries = 30): Promise<boolean> {
  let last: unknown;
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    try {
      last = await read();
      if (typeof expected === 'string' ? last === expected : expected.test(String(last))) return true;
    } catch (error) {
      last = error;
    }
    if (attempt < maxRetries) await waitFor(1000);
  }
  if (hardError) throw new Error(`check: expected ${String(expected)}, last saw ${last instanceof Error ? last.message : String(last)}`);
  return false;
}

/** Runs `fn` until it does not throw, every `interval` ms for at most `duration` ms. */
export async function retry<T>(fn: () => T | Promise<T>, duration = 3000, interval = 500, description?: string): Promise<T> {
  const end = Date.now() + duration;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() + interval > end) {
        if (description && error instanceof Error) error.message = `${description}: ${error.message}`;
        throw error;
      }
      await waitFor(interval);
    }
  }
}

export async function getBrowserBodyText(browser: BrowserHandle): Promise<string> {
  return browser.eval('document.getElementsByTagName("body")[0].innerText');
}

/** The development overlay is never there outside `next dev`: nothing to assert beyond its absence. */
export async function assertNoRedbox(browser: BrowserHandle): Promise<void> {
  const present = await browser.eval('!!document.querySelector("nextjs-portal")');
  if (present) throw new Error('expected no error overlay, found one');
}

export async function hasRedbox(browser: BrowserHandle): Promise<boolean> {
  return browser.eval('!!document.querySelector("nextjs-portal")');
}

export function normalizeRegEx(source: string): string {
  return source.replace(/[|\\{}()[\]^$+*?.-]/g, '\\$&');
}

export async function findPort(): Promise<number> {
  const { freePort } = await import('../../../bench/src/processes');
  return freePort();
}

export function shouldRunTurboDevTest(): boolean {
  return false;
}

export function getDistDir(): string {
  return '.next';
}

/** Outside `next dev` there is no overlay, so no description. */
export async function getRedboxDescription(browser: BrowserHandle): Promise<string | null> {
  return browser.eval('document.querySelector("nextjs-portal")?.shadowRoot?.querySelector("#nextjs__container_errors_desc")?.innerText ?? null');
}
