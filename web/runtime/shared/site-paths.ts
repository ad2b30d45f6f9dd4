/**
 * The site's URL shape: the `basePath` it is mounted under and whether its page URLs end
 * with a slash. One module-level value, set once per process (the render core at cold
 * start, the client entry before hydration), so Link, the router and the image and data
 * URLs write the same URLs on the server and in the browser.
 *
 * @example
 * setSitePaths({ basePath: '/docs', trailingSlash: true });
 * siteHref('/about?x=1'); // '/docs/about/?x=1'
 */

/*
 * The client build defines `process.env.STRATUS_ROUTING` as "off" for apps without a
 * basePath, trailing slashes, rules or middleware: the minifier then drops the code behind
 * the tests below. On the server it is never off (the settings decide).
 */

export interface SitePaths {
  /** `''`, or `/docs`. */
  basePath: string;
  trailingSlash: boolean;
  /** `skipTrailingSlashRedirect`: both spellings of a page's URL answer, so URLs keep the slash as written. */
  anySlash: boolean;
}

let current: SitePaths = { basePath: '', trailingSlash: false, anySlash: false };

export function setSitePaths(paths: Partial<SitePaths>): void {
  if (process.env.STRATUS_ROUTING === 'off') return;
  current = { basePath: paths.basePath ?? '', trailingSlash: paths.trailingSlash ?? false, anySlash: paths.anySlash ?? false };
}

export function sitePaths(): SitePaths {
  return current;
}

/** A last segment with a dot names a file: it keeps its name whatever `trailingSlash` says. */
const FILE_LIKE = /\/[^/]+\.[^/]+$/;

/** A page path (no query) with the trailing slash the site's URLs carry, or without one; as written where either answers. */
export function withTrailingSlash(path: string, trailingSlash = current.trailingSlash): string {
  if (process.env.STRATUS_ROUTING === 'off') return path;
  if (path === '/' || path === '') return '/';
  if (current.anySlash) return path;
  const bare = path.endsWith('/') ? path.replace(/\/+$/, '') : path;
  return trailingSlash && !FILE_LIKE.test(bare) ? `${bare}/` : bare;
}

/**
 * A page path as the visitor spelled it where both spellings answer (`skipTrailingSlashRedirect`):
 * with the slash when the URL they asked for ended with one; otherwise the site's spelling.
 */
export function asVisited(path: string, visitedPath: string): string {
  if (process.env.STRATUS_ROUTING === 'off' || !current.anySlash) return withTrailingSlash(path);
  return path !== '/' && visitedPath.length > 1 && visitedPath.endsWith('/') && !path.endsWith('/') ? `${path}/` : path;
}

/**
 * An href of the site as the address bar shows it: `basePath` on, trailing slash as the
 * site has it. External URLs, hash-only and relative hrefs are left as they are.
 */
export function siteHref(href: string): string {
  if (process.env.STRATUS_ROUTING === 'off' || !href.startsWith('/') || href.startsWith('//')) return href;
  const { basePath } = current;
  const end = href.search(/[?#]/);
  const path = end < 0 ? href : href.slice(0, end);
  const rest = end < 0 ? '' : href.slice(end);
  const shaped = withTrailingSlash(path);
  return (basePath && shaped === '/' ? basePath : basePath + shaped) + rest;
}

/** A URL path of the site without its `basePath` (`/docs/about` → `/about`, `/docs` → `/`), or undefined when it is outside it. */
export function withoutBasePath(path: string, basePath = current.basePath): string | undefined {
  if (process.env.STRATUS_ROUTING === 'off' || !basePath) return path;
  if (path === basePath) return '/';
  return path.startsWith(basePath + '/') ? path.slice(basePath.length) : undefined;
}
