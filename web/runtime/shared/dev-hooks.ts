/**
 * Where the runtime tells `stratus dev`'s browser client (browser/dev/hot-client.ts) what it
 * alone knows: an exception an error boundary caught, the page stylesheets it manages. Each
 * call sits behind `process.env.NODE_ENV !== 'production'`, so production bundles drop it.
 */

/** The global the dev client sets before anything else runs; absent outside `stratus dev`. */
export const HOT_GLOBAL = '__STRATUS_HOT__';

/** What the runtime may call on the dev client. */
export interface DevHooks {
  /** An exception an error boundary caught while rendering (or in an effect). */
  caught(error: unknown, componentStack?: string | null): void;
  /** The page stylesheets map the router uses: the dev client swaps URLs in it when CSS changes. */
  pageStyles(byPage: Record<string, string[]>): void;
}

/** The dev client's hooks, when the page runs under `stratus dev`. */
export function devHooks(): DevHooks | undefined {
  return (globalThis as unknown as Record<string, DevHooks | undefined>)[HOT_GLOBAL];
}
