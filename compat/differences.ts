/**
 * Differences from Next.js that are known, as rules over (app, check, field, both values):
 * deliberate ones, each a row of docs/NEXT-COMPAT.md with the reason, and reported ones,
 * which someone owning that part of Stratus is to fix (or declare deliberate). The runner
 * labels matching differences in its table; `--record` writes Stratus's value for each
 * into test/compat/observed/, so the jest tests hold Stratus to Next's answers everywhere
 * else and to today's answer here, and a fix shows up as a test to update.
 */
export type Match = string | RegExp | ((value: string) => boolean);

export interface KnownDifference {
  /** Short name, shown in the table and used in docs/NEXT-COMPAT.md. */
  id: string;
  kind: 'deliberate' | 'reported';
  why: string;
  apps?: string[];
  check?: Match;
  field: Match;
  next?: Match;
  stratus?: Match;
  /** For differences that only show side by side (the same keys in another order). */
  both?: (next: string, stratus: string) => boolean;
}

const STATIC_CACHE = 'public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000';
const NO_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';
const CONSOLE = 'console errors';
/** Fields recorded by a browser step: "<n> <label>". */
const step = (label: RegExp) => new RegExp(`^\\d+ ${label.source}`);

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  // ── Deliberate (docs/NEXT-COMPAT.md, "Deliberate differences") ──────────────────────
  {
    id: 'static-cache-control',
    kind: 'deliberate',
    why: 'static pages are cached at the edge for a year and rechecked by browsers every time; a deploy invalidates the edge',
    field: 'cache-control',
    next: /^(-|s-maxage=31536000)$/,
    stratus: STATIC_CACHE,
    check: /^(GET|HEAD) /,
  },
  {
    id: 'revalidate-cache-control',
    kind: 'deliberate',
    why: 'a page with revalidate: N is served s-maxage=N with a fixed stale-while-revalidate, public and max-age=0 as other static pages',
    field: 'cache-control',
    next: /^s-maxage=\d+, stale-while-revalidate=\d+$/,
    stratus: /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=31536000$/,
  },
  {
    id: 'underscore-files-private',
    kind: 'deliberate',
    why: 'files and folders starting with _ beside pages are private modules (helpers next to the pages that use them), not routes',
    apps: ['routing'],
    check: 'GET /_private',
    field: /.*/,
  },
  {
    id: 'trailing-slash-redirect-cached',
    kind: 'deliberate',
    why: 'the 308 from /about/ to /about is the same for everyone, so the edge keeps it for an hour',
    field: 'cache-control',
    next: '-',
    stratus: 'public, max-age=3600',
    // routing's /about/, rules' /old-blog/hello/
    check: /^GET \/\S+\/$/,
  },
  {
    id: 'dynamic-page-without-data-on-request',
    kind: 'deliberate',
    why: 'a dynamic page without data function is rendered on request with its params (and cached like a static page), so its HTML already has them; Next prerenders it once with an empty query',
    apps: ['routing'],
    check: 'GET /items/7',
    field: /^(text|cache-control)$/,
  },
  {
    id: 'method-not-allowed-page',
    kind: 'deliberate',
    why: 'a 405 has a page like every other error status (README, "Error pages"), uncached',
    apps: ['routing'],
    check: /^POST /,
    field: /^(content-type|cache-control|title|text)$/,
    stratus: (v) => v === 'text/html; charset=utf-8' || v === NO_STORE || v.includes('Method Not Allowed'),
  },
  {
    id: 'locale-redirect-uncached',
    kind: 'deliberate',
    why: "the edge function's redirect depends on Accept-Language or the visitor's locale cookie, so no cache may keep it",
    apps: ['i18n'],
    field: 'cache-control',
    next: '-',
    stratus: 'private, no-store',
  },
  {
    id: 'soft-404',
    kind: 'deliberate',
    why: 'a link to a page whose data says 404 (notFound, a path not generated, an error status in the page data) renders the error page without reloading; Next loads the URL again in full, and the browser logs the document status once more (a path no page serves is loaded in full, as in Next)',
    field: (f) => /^\d+ navigation$/.test(f) || f === CONSOLE,
    apps: ['i18n', 'errors', 'data'],
    check: /^(switching locale|custom 404 by a link|next\/error pages by links|notFound from getStaticProps)/,
    both: (next, stratus) => (next === 'full load' && stratus === 'soft') || (next.startsWith(stratus) && next.includes('Failed to load resource')) || (/Failed to load resource/.test(next) && stratus === 'none'),
  },
  {
    id: 'error-page-no-store',
    kind: 'deliberate',
    why: 'the 404 and 500 pages visited at /404 and /500 are sent no-store, as every error answer is (Next sends no Cache-Control there)',
    apps: ['errors'],
    check: /^GET \/(404|500)$/,
    field: 'cache-control',
    next: '-',
    stratus: NO_STORE,
  },
  {
    id: 'malformed-url-400',
    kind: 'deliberate',
    why: 'a path with broken percent-encoding is a 400 (README, "Error pages"), answered by the _error page',
    apps: ['errors'],
    check: 'GET /%E0%A4%A',
    field: /^(status|title|text)$/,
  },
  {
    id: 'image-error-answers',
    kind: 'deliberate',
    why: "the image Lambda's refusals are text/plain with a one-line reason (docs/IMAGES.md), never cached",
    apps: ['image'],
    check: /^optimiser: (a width not configured|missing file|remote host)/,
    field: /^(content-type|cache-control)$/,
    next: '-',
    stratus: /^(text\/plain; charset=utf-8|private, no-store)$/,
  },
  {
    id: 'image-default-quality',
    kind: 'deliberate',
    why: 'an image URL without q is served at the configured quality (75), as before Next 16; Next 16 answers 400',
    apps: ['image'],
    check: 'optimiser: no quality',
    field: /^(status|content-type|cache-control)$/,
  },
  {
    id: 'public-file-cache',
    kind: 'deliberate',
    why: 'public/ files keep their names, so browsers recheck them hourly and the edge daily (a deploy invalidates it); Next sends max-age=0',
    field: 'cache-control',
    next: 'public, max-age=0',
    stratus: 'public, max-age=3600, s-maxage=86400',
  },
  {
    id: 'hydrate-as-prerendered',
    kind: 'deliberate',
    why: "a prerendered page opened with a search hydrates with the prerendered router values, then updates them (docs/CLIENT.md), so React reports no mismatch; Next hydrates with the address bar's asPath and React logs error 418",
    apps: ['router'],
    check: 'fields on load, with and without a search',
    field: CONSOLE,
    next: /Minified React error #418/,
    stratus: 'none',
  },
  {
    id: 'nosniff',
    kind: 'deliberate',
    why: "every answer carries X-Content-Type-Options: nosniff (docs/SECURITY.md), so Chromium also logs that it refused the 404 page of a missing script (an app's, or a library's such as /_vercel/insights/script.js)",
    field: CONSOLE,
    both: (next, stratus) => stratus.split(' | ').filter((e) => !/^Refused to execute script from '[^']*' because its MIME type \('text\/html'\)/.test(e)).join(' | ') === next,
  },
  {
    id: 'api-uncached',
    kind: 'deliberate',
    why: 'an API answer without Cache-Control gets private, no-cache, no-store (README, "API routes"): the edge must never share one',
    apps: ['api'],
    field: 'cache-control',
    next: '-',
    stratus: NO_STORE,
  },
  {
    id: 'api-content-type',
    kind: 'deliberate',
    why: 'an API answer without Content-Type gets one by its body (text/plain; charset=utf-8 for text), so no browser guesses',
    apps: ['api'],
    field: 'content-type',
    next: '-',
    stratus: 'text/plain; charset=utf-8',
  },
  {
    id: 'api-json-errors',
    kind: 'deliberate',
    why: 'errors of API routes are JSON, { "error": "…" } with the reason (README, "API routes"); an unknown /api path is a JSON 404, not the 404 page',
    apps: ['api'],
    check: /malformed JSON|\/api\/throws|\/api\/nope|^GET \/api$/,
    field: /^(content-type|body|title|text)$/,
  },

  {
    id: 'image-priority-and-fill',
    kind: 'deliberate',
    why: 'a priority image has fetchpriority="high" on the <img> and its preload, so the browser fetches the likely largest paint first (React 19 writes the preload from it); fill writes inset:0 where Next writes top, left, right and bottom (the same box)',
    apps: ['image'],
    check: 'GET /',
    field: /^(img@|head link\[rel=preload\])/,
  },
  {
    id: 'client-exception-log',
    kind: 'deliberate',
    why: "an exception while rendering in the browser is logged as it was thrown; Next logs a line pointing to its documentation before it",
    apps: ['errors'],
    check: 'a render exception in the browser',
    field: 'console errors',
    both: (next, stratus) => next.split(' | ').filter((e) => !e.startsWith('A client-side exception has occurred')).join(' | ') === stratus,
  },
  {
    id: 'env-at-request-time',
    kind: 'deliberate',
    why: ".env files are read by the build and not shipped: server-only variables reach the render function as its environment or secrets (the build names the ones it saw); Next's server loads .env files again when it starts",
    apps: ['env'],
    check: 'GET /server',
    field: 'text',
  },
  // Routing layer (docs/ROUTING.md), seen by the rules app.
  {
    id: 'config-redirect-cached',
    kind: 'deliberate',
    why: 'a config redirect that reads no header, cookie or host is the same for every visitor: the edge keeps it 60 s (a deploy may change it)',
    apps: ['rules', 'i18n'],
    field: 'cache-control',
    next: '-',
    stratus: 'public, max-age=0, s-maxage=60',
  },
  {
    id: 'per-visitor-private',
    kind: 'deliberate',
    why: 'an answer middleware ran for, or that a rule with a header, cookie or host condition decided, is sent private: no shared cache keeps what was decided for one visitor',
    apps: ['rules'],
    field: 'cache-control',
    next: '-',
    stratus: /^private, no-cache/,
  },
  {
    id: 'headers-on-redirects',
    kind: 'deliberate',
    why: "headers() rules apply to every answer of the paths they match, config redirects included; Next leaves them off its config redirects (it keeps them on middleware's)",
    apps: ['rules'],
    check: /^GET \/(old-blog|docs-old|external|vip|search|from-header|guest)\b/,
    field: /^header:/,
    next: '-',
  },
  {
    id: 'middleware-on-rewrite-destination',
    kind: 'deliberate',
    why: "a config rewrite that lands on a path middleware's matcher takes runs middleware on that path too, so a rewrite cannot reach a page middleware refuses; Next runs middleware once, on the visited path",
    apps: ['rules'],
    check: /^GET \/(info|posts\/special)$/,
    field: 'header:x-middleware',
    next: '-',
    stratus: 'seen',
  },
  {
    id: 'middleware-asked-each-navigation',
    kind: 'deliberate',
    why: "a Link to a path middleware decides asks the server each time it is followed, so a cookie set since (a sign-in) counts; Next's client router keeps the first answer (its redirect) for the rest of the page's life unless middleware answers x-middleware-cache: no-cache",
    apps: ['rules'],
    check: 'a page behind middleware, without and with the cookie',
    field: /^(9 url|10 text|11 text)/,
  },
  // ── Reported: for the owners of web/runtime, lambdas/render, contract and infra ─────
];

function matches(match: Match | undefined, value: string): boolean {
  if (match === undefined) return true;
  if (typeof match === 'string') return match === value;
  if (match instanceof RegExp) return match.test(value);
  return match(value);
}

/** The first known difference that explains this one, if any; those about named checks before general ones. */
export function explain(app: string, check: string, field: string, next: string, stratus: string, known = KNOWN_DIFFERENCES): KnownDifference | undefined {
  const specificFirst = [...known].sort((a, b) => Number(a.check === undefined) - Number(b.check === undefined));
  return specificFirst.find(
    (k) =>
      (!k.apps || k.apps.includes(app)) &&
      matches(k.check, check) &&
      matches(k.field, field) &&
      matches(k.next, next) &&
      matches(k.stratus, stratus) &&
      (!k.both || k.both(next, stratus)),
  );
}
