/**
 * The build's typed output contract. `stratus build` writes it as `manifest.json`; the
 * render Lambda, the local server and `infra/` read it and never work out routes again.
 */
import type { ResolvedConfig } from '../web/runtime/config';
import type { RouteSegment } from '../web/runtime/route-match';

/** How a page gets its data, and so how it is served and cached. */
export type PageKind =
  /** No data function: prerendered once per locale. */
  | 'static'
  /** `getStaticProps`: prerendered per locale (and per path of `getStaticPaths`). */
  | 'ssg'
  /** `getServerSideProps`: rendered on every request. */
  | 'ssr';

export type Fallback = false | true | 'blocking';

export interface ManifestRoute {
  /** Route pattern as users write it: `/posts/[slug]`, `/docs/[...path]`, `/shop/[[...filters]]`. */
  pattern: string;
  /** Page file, relative to the app directory: `pages/posts/[slug].tsx`. */
  file: string;
  segments: RouteSegment[];
  kind: PageKind;
  /** From `getStaticPaths`; `false` for pages without one. */
  fallback: Fallback;
  /** Paths prerendered at build time (without locale prefix), with their `revalidate`. */
  prerendered: { path: string; locale: string; revalidate: number | false }[];
  /** Client scripts this page needs beyond the shared entry: its own chunk and its imports. */
  scripts: string[];
}

export interface S3CachePrefix {
  /** Key prefix under the assets folder (`_app/static/`), or `''` for everything else. */
  prefix: string;
  cacheControl: string;
}

export interface Manifest {
  version: 1;
  /** Deterministic: same sources and config give the same id. */
  buildId: string;
  config: ResolvedConfig;
  /** Ordered by precedence: the first match wins. */
  routes: ManifestRoute[];
  /** Client entry scripts every page loads (runtime + framework chunks), in order. */
  entryScripts: string[];
  /** Client scripts of the app's own error pages, by page (`/404`, `/500`, `/_error`). */
  errorScripts: Record<string, string[]>;
  /** Stylesheets every page loads. */
  styles: string[];
  /** Files of the app's `public/`, as URL paths (`/favicon.ico`, `/photos/a.jpg`). */
  publicFiles: string[];
  /** `Cache-Control` of S3 objects by key prefix; the first matching prefix wins. */
  s3CacheControl: S3CachePrefix[];
}

/** Layout of the build folder (`<appDir>/.stratus` unless `--out` says otherwise). */
export const OUTPUT_LAYOUT = {
  manifest: 'manifest.json',
  /** Everything under here is uploaded to the S3 bucket as is. */
  assets: 'assets',
  /** The render Lambda's code folder: `index.js` (handler `index.handler`), manifest, prerendered pages. */
  renderLambda: 'lambdas/render',
  /** The image Lambda's code folder: `index.js` (handler `index.handler`) and sharp's native package. */
  imageLambda: 'lambdas/image',
} as const;

export const IMAGE_PATH = '/_app/image';
