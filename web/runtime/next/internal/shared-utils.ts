/**
 * `next/dist/shared/lib/utils`: the helpers of Next's that libraries (data-fetching
 * wrappers, `_app` helpers) import: `getDisplayName`, `isResSent`, `loadGetInitialProps`,
 * `execOnce`, and the `SP`/`ST` feature flags.
 */
import type { ComponentType } from 'react';

/** Performance marks and measures are available (the browser and Node both have them). */
export const SP = typeof performance !== 'undefined';
export const ST = SP && typeof performance.mark === 'function' && typeof performance.measure === 'function';

export function getDisplayName(Component: ComponentType<never> | string): string {
  return typeof Component === 'string' ? Component : Component.displayName || Component.name || 'Unknown';
}

export function isResSent(res: { finished?: boolean; headersSent?: boolean; writableEnded?: boolean }): boolean {
  return !!(res.finished || res.headersSent || res.writableEnded);
}

export function execOnce<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let used = false;
  let result: R;
  return (...args: A) => {
    if (!used) {
      used = true;
      result = fn(...args);
    }
    return result;
  };
}

/** A component's `getInitialProps` (an `_app`'s calls its page's), checked as Next checks it: it must give an object. */
export async function loadGetInitialProps<C extends { getInitialProps?: (ctx: never) => unknown; prototype?: { getInitialProps?: unknown } }, X>(App: C, ctx: X): Promise<Record<string, unknown>> {
  if (!App.getInitialProps) {
    const inner = (ctx as { Component?: C }).Component;
    return inner?.getInitialProps ? { pageProps: await loadGetInitialProps(inner, (ctx as { ctx: unknown }).ctx) } : {};
  }
  const props = await App.getInitialProps(ctx as never);
  if (!props || typeof props !== 'object') {
    throw new Error(`"${getDisplayName(App as never)}.getInitialProps()" should resolve to an object. But found "${String(props)}" instead.`);
  }
  return props as Record<string, unknown>;
}
