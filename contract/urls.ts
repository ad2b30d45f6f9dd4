/**
 * The URL layout every part agrees on (**contract**): the build writes files there, the
 * stack routes them, the functions and the browser runtime request them. The edge
 * function (infra/edge/viewer-request.cf.js) is standalone text with its own copies; a
 * test holds them equal to these.
 */

/** Everything Stratus serves itself lives under this prefix; `public/` may not use it. */
export const APP_PREFIX = '/_app/';
/** Content-hashed scripts, styles and media: `/_app/static/<name>-<hash>.js`. */
export const STATIC_PREFIX = '/_app/static/';
/** Imported images and other media files, hashed: `/_app/static/media/photo.3f2a9c1b.jpg`. */
export const MEDIA_PREFIX = '/_app/static/media/';
/** Page data: `/_app/data/<buildId>/[<locale>/]<path>.json` (`/index.json` for `/`). */
export const DATA_PREFIX = '/_app/data/';
/** The image optimiser: `/_app/image?url=&w=&q=`. */
export const IMAGE_PATH = '/_app/image';
/**
 * Prerendered pages CloudFront answers from the bucket without the render function:
 * `/_app/pages/<buildId>/<page key>.html` (contract/output-layout.ts, `pageKey`). Only the
 * edge function asks for these keys; the page's own URL is what visitors use.
 */
export const PAGES_PREFIX = '/_app/pages/';
/**
 * What the edge function sets when it sends a page request to the bucket first: the path and
 * query the visitor asked for. When the bucket has no copy, CloudFront sends the same request
 * to the render function, which answers for this path instead of the bucket key. The edge
 * function drops any a visitor sends.
 */
export const EDGE_PAGE_HEADER = 'x-stratus-page';
/** Where each deploy records its build id in the bucket: `/_app/builds/<buildId>.json`. */
export const BUILDS_PREFIX = '/_app/builds/';

/** The bucket key of a URL path (keys have no leading slash): `/_app/static/` → `_app/static/`. */
export function assetKey(urlPath: string): string {
  return urlPath.replace(/^\/+/, '');
}

/** The cookie that remembers a visitor's chosen locale (the edge skips detection when set). */
export const LOCALE_COOKIE = 'STRATUS_LOCALE';

/** The signed cookie of draft mode (`res.setDraftMode`): in the page cache key, so a draft visitor never gets the edge's copy. */
export const DRAFT_COOKIE = '__stratus_draft';

/** The signed cookie of Preview Mode's data (`res.setPreviewData(data)`), beside the draft cookie. */
export const PREVIEW_DATA_COOKIE = '__stratus_preview_data';

/** `/_app/data/<buildId>/[<locale>/]<path>.json`; `localePrefix` is `''` for the default locale. */
export function dataUrl(buildId: string, localePrefix: string, pagePath: string): string {
  const page = pagePath === '/' ? '/index' : pagePath.replace(/\/$/, '');
  return `${DATA_PREFIX}${buildId}${localePrefix}${page}.json`;
}

/**
 * The parts of a page-data URL: its build id and the page path it stands for (locale prefix
 * still on). Null when the path is not a data URL.
 */
export function parseDataUrl(path: string): { buildId: string; pagePath: string } | null {
  if (!path.startsWith(DATA_PREFIX) || !path.endsWith('.json')) return null;
  const rest = path.slice(DATA_PREFIX.length, -'.json'.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  let pagePath = rest.slice(slash);
  if (pagePath === '/index') pagePath = '/';
  else if (pagePath.endsWith('/index')) pagePath = pagePath.slice(0, -'/index'.length);
  return { buildId: rest.slice(0, slash), pagePath };
}

/**
 * On page data whose page path a rewrite changed: the path (and query) served instead, so
 * the client router shows that page while the address bar keeps the visited URL.
 */
export const REWRITE_HEADER = 'x-stratus-rewrite';

/**
 * Whether a route pattern, or a request path, is an API route's: `/api` and everything under
 * it (`pages/api.ts`, `pages/api/**`), as in the pages router. Requests there are matched
 * against API routes alone, without a locale prefix; no page is ever served there.
 *
 * @example
 * isApiPath('/api/users/[id]'); // true
 * isApiPath('/apis');           // false
 */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
