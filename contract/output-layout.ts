/**
 * The layout of a build folder (**contract**): what `stratus build` writes, the stack
 * deploys and the local server serves. `<appDir>/.stratus` unless `--out` says otherwise.
 */
export const OUTPUT_LAYOUT = {
  manifest: 'manifest.json',
  /** Everything under here is uploaded to the S3 bucket as is. */
  assets: 'assets',
  /**
   * The render Lambda's code folder, code only (its size does not grow with the site's pages):
   * `index.js` (handler `index.handler`, the entry), `app.js` (the bundle it loads), a manifest
   * without the lists of prerendered pages, `lazy/` (packages loaded on first use),
   * `assets/` (FUNCTION_ASSETS_DIR: files packages name by `new URL('./x', import.meta.url)`);
   * after `stratus deploy`, `app.<hash>.cache` (V8's code cache of the bundle); and the app's
   * files its server code reads at run time (`posts/hello.md`), at their place in the app,
   * since the function's folder is its working directory.
   */
  renderLambda: 'lambdas/render',
  /**
   * The build's prerendered pages as the render function's page store reads them: one JSON
   * object per page (HTML, data and what the store needs to know), `<buildId>/<page key>.json`
   * (`pageObjectKey`). Uploaded under the bucket's private `_data/prerendered/`; CloudFront
   * never reads it (the copies it serves are in `assets/_app/pages/`).
   */
  pages: 'pages',
  /** The image Lambda's code folder: `index.js` (handler `index.handler`), `lazy/` and sharp's native package. */
  imageLambda: 'lambdas/image',
  /** Source maps of the browser scripts, at the scripts' own paths (`_app/static/chunks/main-….js.map`): never uploaded to the bucket, for an error tracker. */
  browserSourceMaps: 'sourcemaps',
} as const;

/**
 * The folder of the render function that holds the files its packages read by
 * `new URL('<file>', import.meta.url)` (@vercel/og's `resvg.wasm` and font), each under its
 * content hash (`assets/resvg-<hash>.wasm`): an app's own `assets/` read by its server code
 * ships there too, beside them (their hashed names keep them apart).
 */
export const FUNCTION_ASSETS_DIR = 'assets';

/** The Lambda handler both function folders export: `index.js`, `exports.handler`. */
export const LAMBDA_ENTRY_FILE = 'index.js';

/** The key of a page in the shared store of regenerated pages and the lease table (after the build id): `fr/posts/a`, `en/index`. */
export function prerenderedKey(locale: string, pagePath: string): string {
  return `${locale}${pagePath === '/' ? '/index' : pagePath}`;
}

/**
 * The longest segment a page key keeps as it is (file systems take 255 bytes; a page whose
 * path has a longer one is stored under its hash, and never served from the bucket).
 */
export const MAX_KEY_SEGMENT = 200;
/** The longest page key kept as it is (S3 takes 1,024 bytes with the prefix). */
export const MAX_PAGE_KEY = 800;

/**
 * A page's key below a build's pages, as the pages router names its files: the locale, then
 * the path (segments as `encodeURIComponent` writes them, the spelling page paths have in
 * the render core), `/` as `/index`, and a path under `/index` kept apart from it
 * (`/index` → `/index/index`). Undefined when a segment or the whole is too long to be a
 * file name (pageObjectKey stores such a page under a hash).
 *
 * @example
 * pageKey('en', '/');            // 'en/index'
 * pageKey('fr', '/posts/c%2B%2B'); // 'fr/posts/c%2B%2B'
 * pageKey('en', '/index');       // 'en/index/index'
 */
export function pageKey(locale: string, pagePath: string): string | undefined {
  const path = pagePath === '/' ? '/index' : /^\/index(?:\/|$)/.test(pagePath) ? `/index${pagePath}` : pagePath;
  const key = locale + path;
  if (key.length > MAX_PAGE_KEY || key.split('/').some((segment) => segment.length > MAX_KEY_SEGMENT)) return undefined;
  return key;
}

/**
 * Where a build's prerendered page object lives below OUTPUT_LAYOUT.pages (and below
 * `_data/prerendered/` in the bucket): `<buildId>/<page key>.json`, or, for a key too long
 * to be a file name, `<buildId>/hashed/<sha256 of the key>.json` (`hash` is given: the render
 * function loads node:crypto only for such a page).
 */
export function pageObjectKey(buildId: string, locale: string, pagePath: string, hash: (text: string) => string): string {
  const key = pageKey(locale, pagePath);
  return key === undefined ? `${buildId}/hashed/${hash(`${locale}${pagePath}`)}.json` : `${buildId}/${key}.json`;
}
