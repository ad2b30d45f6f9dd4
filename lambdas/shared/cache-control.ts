/**
 * Every `Cache-Control` value the functions and the local server answer with, named once:
 * pages and page data, redirects, errors, images and the bucket's files. The edge caches by
 * these (CloudFront honours `s-maxage` over `max-age`), so a value is a behaviour: change
 * one here and every answer of its kind changes with it.
 */

/** Per-request pages and data, and error pages: never stored anywhere. */
export const NO_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';

/** Answers of the framework itself that no cache may keep: errors of the adapter, the image function and the local server. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Plain-text answers of the routing layer (a file that cannot be fetched, a proxy's failure) and the dev server's own: not stored. */
export const NOT_STORED = 'no-store';

/** An answer that depends on the visitor (middleware ran, a rule read a cookie): that visitor's browser alone may keep it, revalidated on every use. */
export const PRIVATE_NO_CACHE = 'private, no-cache';

/** A year, the longest CloudFront honours; a deploy invalidates the distribution. */
export const ONE_YEAR = 31536000;

/** Static pages and data: cached at the edge, revalidated after `revalidate` seconds when set. */
export function staticCacheControl(revalidate: number | false): string {
  const sMaxAge = revalidate === false ? ONE_YEAR : revalidate;
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${ONE_YEAR}`;
}

/**
 * Page data CloudFront answers from the bucket: a minute in the browser (a prefetch and the
 * soft navigation after it share one request), a year at the edge (a deploy, or the page's
 * regeneration, invalidates it). Not `immutable`: a redeploy of the same build, or a page
 * regenerated on demand, rewrites it in place, and a browser sees that within the minute.
 */
export const BUCKET_PAGE_DATA = `public, max-age=60, s-maxage=${ONE_YEAR}, stale-while-revalidate=${ONE_YEAR}`;

/** A config redirect the same for every visitor: kept a minute at the edge (a deploy may change it), never by the browser. */
export const RULE_REDIRECT = 'public, max-age=0, s-maxage=60';

/** The 308 to a path's tidy spelling: the same for every visitor, never changing (as the edge function caches its own). */
export const TIDY_REDIRECT = 'public, max-age=3600';

/** An optimised image: fresh for `maxAge` seconds, then revalidated (its ETag gives a 304), as Next's optimiser writes it. */
export function imageCacheControl(maxAge: number): string {
  return `public, max-age=${maxAge}, must-revalidate`;
}

/** The image function's redirect to an SVG it does not optimise: as long as an image would be kept. */
export function imageRedirectCacheControl(minimumCacheTTL: number): string {
  return `public, max-age=${minimumCacheTTL}`;
}

/** Content-hashed files (`/_app/static/…`, page data of a build): never change under their name. */
export const IMMUTABLE = `public, max-age=${ONE_YEAR}, immutable`;

/** The app's public files: an hour in the browser, a day at the edge (a deploy invalidates them). */
export const PUBLIC_FILE = 'public, max-age=3600, s-maxage=86400';

/** A bucket file no prefix of the manifest names: revalidated every time (the deploy's upload and the local server alike). */
export const REVALIDATE_FILE = 'public, max-age=0, must-revalidate';
