/**
 * The build's typed output (**contract**). `stratus build` writes it as `manifest.json`;
 * the render function, the local server and the stack read it through `readManifest` and
 * never work out routes again.
 */
import { readFileSync } from 'node:fs';
import type { ResolvedConfig } from './config';

/** One segment of a route pattern. */
export type RouteSegment =
  | { type: 'static'; value: string }
  | { type: 'dynamic'; name: string }
  | { type: 'catchAll'; name: string }
  | { type: 'optionalCatchAll'; name: string };

/** How a page gets its data, and so how it is served and cached. */
export type PageKind =
  /** No data function: prerendered once per locale. */
  | 'static'
  /** `getStaticProps`: prerendered per locale (and per path of `getStaticPaths`). */
  | 'ssg'
  /** `getServerSideProps`: rendered on every request. */
  | 'ssr';

export type Fallback = false | true | 'blocking';

/** A page rendered at build time, stored in the render function's folder. */
export interface PrerenderedPage {
  /** Without locale prefix: `/posts/a`. */
  path: string;
  locale: string;
  /** Seconds, or false when it never goes stale. */
  revalidate: number | false;
}

export interface ManifestRoute {
  /** Route pattern as users write it: `/posts/[slug]`, `/docs/[...path]`, `/shop/[[...filters]]`. */
  pattern: string;
  /** Page file, relative to the app directory: `pages/posts/[slug].tsx`. */
  file: string;
  segments: RouteSegment[];
  kind: PageKind;
  /** From `getStaticPaths`; `false` for pages without one. */
  fallback: Fallback;
  /** Paths prerendered at build time. */
  prerendered: PrerenderedPage[];
  /** Client scripts this page needs beyond the shared entry: its own chunk and its imports. */
  scripts: string[];
}

/** What prerendering finds out about a route; the build writes it into the route's manifest entry. */
export type PrerenderedRoute = Pick<ManifestRoute, 'fallback' | 'prerendered'>;

export interface S3CachePrefix {
  /** Key prefix under the assets folder (`_app/static/`), or `''` for everything else. */
  prefix: string;
  cacheControl: string;
}

export const MANIFEST_VERSION = 1;

export interface Manifest {
  version: typeof MANIFEST_VERSION;
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

/** A manifest that cannot be used: missing, not JSON, another version, or the wrong shape. */
export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

const REBUILD = 'Rebuild the app with this checkout (`npx stratus build <appDir>`).';

/**
 * Parses and checks a manifest's text. `source` names it in messages (a file path).
 * Throws ManifestError saying what is wrong and how to fix it.
 */
export function parseManifest(text: string, source = 'manifest.json'): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(`${source} is not valid JSON (${(error as Error).message}). ${REBUILD}`);
  }
  if (!value || typeof value !== 'object') throw new ManifestError(`${source} does not hold a manifest object. ${REBUILD}`);
  const manifest = value as Partial<Manifest>;
  if (manifest.version !== MANIFEST_VERSION) {
    throw new ManifestError(`${source} has manifest version ${JSON.stringify(manifest.version)}; this code reads version ${MANIFEST_VERSION}. ${REBUILD}`);
  }
  const missing = (['buildId', 'config', 'routes', 'entryScripts', 'errorScripts', 'styles', 'publicFiles', 's3CacheControl'] as const).filter(
    (key) => manifest[key] === undefined,
  );
  if (missing.length > 0) throw new ManifestError(`${source} lacks ${missing.join(', ')}. ${REBUILD}`);
  return manifest as Manifest;
}

/** Reads and checks a manifest file; a missing file is a ManifestError that says to build first. */
export function readManifest(file: string): Manifest {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ManifestError(`No build manifest at ${file}. Build the app first (\`npx stratus build <appDir>\`).`);
  }
  return parseManifest(text, file);
}
