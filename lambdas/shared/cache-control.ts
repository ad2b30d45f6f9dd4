/** The `Cache-Control` values pages and page data are served with. */

/** Per-request pages and data, and error pages: never stored anywhere. */
export const NO_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';

/** A year, the longest CloudFront honours; a deploy invalidates the distribution. */
const ONE_YEAR = 31536000;

/** Static pages and data: cached at the edge, revalidated after `revalidate` seconds when set. */
export function staticCacheControl(revalidate: number | false): string {
  const sMaxAge = revalidate === false ? ONE_YEAR : revalidate;
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${ONE_YEAR}`;
}
