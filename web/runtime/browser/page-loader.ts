/**
 * Loading what a navigation needs: the page's script (with the 3800 ms route
 * timeout) and its data (`/_app/data/<buildId>/….json`). Failures that only a full page
 * load can recover from are marked `fullLoad`; the router does that load in one place.
 */
import type { ComponentType } from 'react';
import { dynamicLoadsSettled } from '../shared/dynamic-loads';
import type { PageData } from '../shared/page-types';

/** The time-out for loading a route's script, as the client contract fixes it (docs/CLIENT.md). */
export const ROUTE_TIMEOUT_MS = 3800;

export type PageModuleLike = { default: ComponentType<any> };

/** An error after which the router falls back to a full page load of the target. */
export interface FullLoadError extends Error {
  fullLoad: true;
}

export function fullLoadError(message: string, cause?: unknown): FullLoadError {
  return Object.assign(new Error(message, { cause }), { fullLoad: true as const });
}

export function isFullLoadError(error: unknown): error is FullLoadError {
  return typeof error === 'object' && error !== null && (error as { fullLoad?: unknown }).fullLoad === true;
}

/**
 * The browsers' errors for a module script that did not load or parse (Chromium, Firefox,
 * Safari): a full load recovers from those (a new deployment), unlike an exception the
 * page's own code threw as it ran.
 */
const NOT_LOADED = /dynamically imported module|module script failed/i;

/**
 * Runs a page's loader, racing it against the route timeout. A script that fails to load
 * (network error, 4xx/5xx, syntax error) or is still loading after `timeoutMs` rejects
 * with a FullLoadError; one whose code threw as it ran rejects with what it threw (the
 * router shows the error page, as the pages router does).
 */
export function loadPageScript(load: () => Promise<PageModuleLike>, timeoutMs = ROUTE_TIMEOUT_MS): Promise<PageModuleLike> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(fullLoadError(`Route did not load within ${timeoutMs} ms`)), timeoutMs);
    // A page's code-split components that render on the server load with it (stratus/dynamic).
    load().then((module) => dynamicLoadsSettled().then(() => module)).then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const threw = error instanceof Error && !(error instanceof SyntaxError) && !(error instanceof TypeError && NOT_LOADED.test(error.message));
        reject(threw ? error : fullLoadError('Failed to load the page script', error));
      },
    );
  });
}

/** An error page stands in for the data: the app renders it (404 softly, 500 after retries). */
export interface ErrorAnswer {
  statusCode: number;
}

/** The message of a data answer that is no page data, worded as the pages router's (routeChangeError listeners read it); the status, or the server's error, is its cause. */
const STATIC_PROPS_FAILED = 'Failed to load static props';

/**
 * Fetches page data. `attempts` > 1 (the hydration phase) retries network failures and
 * 5xx answers, then answers `{ statusCode: 500 }`; with one attempt (a navigation) they are
 * FullLoadErrors. `{ notFound: true }` with 404 is the 404 page; any other answer that is
 * not 200 (unknown build id, 4xx) is a FullLoadError. `onAnswer` sees each response that
 * is read (the routing layer's rewrite header is on it).
 */
export async function fetchPageData(fetchImpl: typeof fetch, url: string, attempts = 1, onAnswer?: (response: Response) => void): Promise<PageData | ErrorAnswer> {
  for (let attempt = 1; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetchImpl(url, { credentials: 'same-origin' });
    } catch (error) {
      if (attempt < attempts) continue;
      if (attempts > 1) return { statusCode: 500 };
      throw fullLoadError(`Failed to fetch page data ${url}`, error);
    }
    if (response.status >= 500) {
      if (attempt < attempts) continue;
      if (attempts > 1) return { statusCode: 500 };
      throw fullLoadError(STATIC_PROPS_FAILED, response.status);
    }
    const body = (await response.json().catch(() => null)) as (PageData & { error?: string }) | null;
    onAnswer?.(response);
    if (response.status === 404 && body && 'notFound' in body) return { notFound: true };
    if (response.status !== 200 || !body || !('pageProps' in body || 'redirect' in body)) {
      throw fullLoadError(STATIC_PROPS_FAILED, body?.error ?? response.status);
    }
    return body;
  }
}
