/**
 * `URLPattern` for middleware, as Next's middleware runtime provides it: the platform's
 * where it has one (Node 23.8 and later), else the WHATWG polyfill (`urlpattern-polyfill`).
 * Lambda's Node 22 has none.
 */
import { URLPattern as Polyfill } from 'urlpattern-polyfill/urlpattern';

function pick(): typeof Polyfill {
  return ((globalThis as { URLPattern?: typeof Polyfill }).URLPattern ?? Polyfill);
}

export const URLPattern = /* @__PURE__ */ pick();
