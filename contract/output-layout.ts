/**
 * The layout of a build folder (**contract**): what `stratus build` writes, the stack
 * deploys and the local server serves. `<appDir>/.stratus` unless `--out` says otherwise.
 */
export const OUTPUT_LAYOUT = {
  manifest: 'manifest.json',
  /** Everything under here is uploaded to the S3 bucket as is. */
  assets: 'assets',
  /**
   * The render Lambda's code folder: `index.js` (handler `index.handler`, the entry), `app.js`
   * (the bundle it loads), manifest, prerendered pages, `lazy/` (packages loaded on first
   * use); after `stratus deploy`, `app.<hash>.cache` (V8's code cache of the bundle).
   */
  renderLambda: 'lambdas/render',
  /** The image Lambda's code folder: `index.js` (handler `index.handler`), `lazy/` and sharp's native package. */
  imageLambda: 'lambdas/image',
  /** Source maps of the browser scripts, at the scripts' own paths (`_app/static/chunks/main-….js.map`): never uploaded to the bucket, for an error tracker. */
  browserSourceMaps: 'sourcemaps',
} as const;

/** The Lambda handler both function folders export: `index.js`, `exports.handler`. */
export const LAMBDA_ENTRY_FILE = 'index.js';

/** The folder of prerendered pages inside the render function's folder. */
export const PRERENDERED_DIR = 'prerendered';

/** File name (without extension) of a prerendered page below PRERENDERED_DIR: `fr/posts/a`, `en/index`. */
export function prerenderedKey(locale: string, pagePath: string): string {
  return `${locale}${pagePath === '/' ? '/index' : pagePath}`;
}
