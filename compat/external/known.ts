/**
 * What explains a difference on code written by others: the deliberate differences of
 * docs/NEXT-COMPAT.md that hold for any app (the compat apps' rules, without their app
 * names, and their general forms), and the differences found on outside code, each with
 * its cause in Stratus's code (file and function), for the owners to fix or to declare
 * deliberate. docs/NEXT-COMPAT.md, "Measured on others' code", lists the same ids with a
 * reproduction each.
 */
import { KNOWN_DIFFERENCES, type KnownDifference } from '../differences';

const NO_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';

/** Deliberate differences whose rule is about any app, not one compat app's page. */
const GENERIC = new Set([
  'static-cache-control',
  'revalidate-cache-control',
  'public-file-cache',
  'api-uncached',
  'api-content-type',
  'custom-404-cached',
  'config-redirect-cached',
  'per-visitor-private',
  'locale-redirect-uncached',
]);

const deliberate: KnownDifference[] = [
  ...KNOWN_DIFFERENCES.filter((k) => GENERIC.has(k.id)).map((k) => ({ ...k, apps: undefined })),
  {
    id: 'harness-server-port',
    kind: 'deliberate',
    why: "a limit of the harness: each server listens on a port of its own, which an app's dump of req.headers names (host, x-forwarded-host, x-forwarded-port), and the dump's key order is each server's (a Function URL event's headers are an object whose order Lambda does not promise); the header names and other values agree (fixed: infrastructure-request-headers), but for Stratus's x-real-ip, which the viewer-request function sets from CloudFront's record of the viewer (middleware's request.ip reads it: docs/SECURITY.md)",
    apps: ['e2e-middleware-request-header-overrides'],
    check: /dump-headers-(serverless|edge)|ssr-page/,
    field: /^(body|text)$/,
  },
  {
    id: 'dynamic-page-without-data-on-request',
    kind: 'deliberate',
    why: 'a dynamic page without data function is rendered on request with its params (and cached like a static page); Next prerenders it once with an empty query',
    check: / \(dynamic, no data function\)$/,
    field: /^(text|cache-control|title)$/,
  },
  {
    id: 'default-locale-prefix-redirect',
    kind: 'deliberate',
    why: 'one cacheable URL per page and locale: the default locale spelled out is a 308 to the path without it',
    check: / \(default locale\)$/,
    field: /.*/,
  },
  {
    id: 'trailing-slash-redirect-cached',
    kind: 'deliberate',
    why: 'the 308 that adds or removes the trailing slash is the same for everyone, so the edge keeps it for an hour',
    field: 'cache-control',
    next: '-',
    stratus: 'public, max-age=3600',
  },
  {
    id: 'per-visitor-private',
    kind: 'deliberate',
    why: 'an answer middleware ran for is private, no-cache (Next sends its error pages no-store)',
    field: 'cache-control',
    next: NO_STORE,
    stratus: 'private, no-cache',
  },
  {
    id: 'soft-404',
    kind: 'deliberate',
    why: 'a link to a URL that ends in a 404 or a redirect stays in the client router (soft-404, redirect-followed-softly); Next loads the URL in full, and its prefetches of such links log a 404 in the console',
    check: /^browser: /,
    field: (f) => /: navigation$/.test(f) || f === 'console errors',
    both: (next, stratus) => (next === 'full load' && stratus === 'soft') || (/^(Failed to load resource: the server responded with a status of 404 \(Not Found\)( \| )?)+$/.test(next) && stratus === 'none'),
  },
  {
    id: 'api-json-errors',
    kind: 'deliberate',
    why: 'errors of API routes are JSON, { "error": "…" } with the reason (README, "API routes"), where Next answers its HTML error page',
    check: /^GET \S*\/api(\/|$)/,
    field: /^(content-type|body|title|text)$/,
    stratus: (v) => v === 'application/json' || v.startsWith('{"error"') || v === '(absent)',
  },
  {
    id: 'client-exception-log',
    kind: 'deliberate',
    why: "an exception in the browser (a page's module or getInitialProps throwing on a navigation, a render error) is logged as it was thrown; Next logs a line pointing to its documentation before it. The minifiers name the code's identifiers differently (`o.default.on` against `r.on`)",
    check: /^browser: /,
    field: 'console errors',
    both: (next, stratus) => {
      const minified = (errors: string) => errors.replace(/[\w$]+(\.[\w$]+)*(?= is not (a function|defined|iterable|a constructor))/g, '…');
      const own = next.split(' | ').filter((e) => !e.startsWith('A client-side exception has occurred'));
      return own.length > 0 && own.length < next.split(' | ').length && minified(own.join(' | ')) === minified(stratus);
    },
  },
  {
    id: 'api-raw-body-buffer',
    kind: 'deliberate',
    why: 'with bodyParser: false, req.body is the raw bytes as a Buffer; Next leaves it undefined (issue 29 asks for Next\'s behaviour)',
    field: 'body',
    stratus: /"body":\{"type":"Buffer"/,
  },
];

/** Differences seen on outside code, with their causes (docs/NEXT-COMPAT.md, "Measured on others' code", has a reproduction for each). */
export const OUTSIDE_DIFFERENCES: KnownDifference[] = [
  {
    id: 'link-to-middleware-response',
    kind: 'deliberate',
    why: "a Link to a path middleware answers with its own Response (not a page: a JSON body, a stream, a 401) shows that answer, as a plain <a> would, by a full load (web/runtime/browser/navigator.ts change()); Next's client router asks for the page data, gets the middleware's body instead, and stays on the page with nothing shown",
    apps: ['e2e-middleware-responses'],
    check: /^browser: links/,
    field: /: (url|navigation|text)$/,
  },
];

export const OUTSIDE_KNOWN: KnownDifference[] = [...deliberate, ...OUTSIDE_DIFFERENCES];

/** Why a build failed on one side: matched on the lines the build printed. */
export interface BuildCause {
  id: string;
  framework: 'next' | 'stratus';
  match: RegExp;
  why: string;
  /** The cause explains the failure only when the other framework's build failed too (type errors both check for). */
  bothFail?: boolean;
}

export const BUILD_CAUSES: BuildCause[] = [
  {
    id: 'legacy-link-text-child',
    framework: 'stratus',
    match: /React\.Children\.only expected to receive a single React element child/,
    why: 'web/runtime/link.tsx (legacyBehavior): the child goes through Children.only, so a text child (`<Link legacyBehavior>{locale}</Link>`) throws while prerendering; Next wraps text children in an <a>',
  },
  {
    id: 'app-type-errors',
    framework: 'next',
    match: /error TS\d+|Failed to type check/,
    why: 'the app has type errors: next build type-checks it (writing a tsconfig.json when it has none) and stops on them',
  },
  {
    id: 'app-type-errors',
    framework: 'stratus',
    match: /Type errors \(TypeScript [\d.]+, [\d.]+ s\)/,
    // Type errors where next build built are Stratus's: its check saw what Next's did not.
    bothFail: true,
    why: 'the app has type errors: stratus build type-checks it as next build does (cli/builder/steps/type-check.ts; with a default configuration in the build folder when it has no tsconfig.json, since the fix of type-check-needs-tsconfig) and stops on them',
  },
  {
    id: 'next-stricter-jsx',
    framework: 'next',
    match: /Unexpected token\. Did you mean `\{'>'\}`/,
    why: "Next's compiler refuses `>` in JSX text; esbuild (Stratus) accepts it: Stratus builds what Next refuses, which the rule allows",
  },
  {
    id: 'harness-pnpm-workspace',
    framework: 'next',
    match: /Could not find the Next\.js package/,
    why: "the fixture's pnpm-workspace.yaml makes Turbopack take the fixture folder as its root, outside which the scratch Next install lies (a limit of the harness, not of either framework)",
  },
  {
    id: 'underscore-files-private',
    framework: 'next',
    match: /Objects are not valid as a React child \(found: \[object Response\]\)/,
    why: 'pages/_middleware.js (the pre-13 middleware file) is a page to Next, whose prerender fails; to Stratus files starting with _ are private modules (deliberate)',
  },
];

export function buildCause(framework: 'next' | 'stratus', error: string | undefined, otherFailed = true): BuildCause | undefined {
  return error ? BUILD_CAUSES.find((cause) => cause.framework === framework && cause.match.test(error) && (!cause.bothFail || otherFailed)) : undefined;
}
