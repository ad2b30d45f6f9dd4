/**
 * The build's typed output (**contract**). `stratus build` writes it as `manifest.json`;
 * the render function, the local server and the stack read it through `readManifest` and
 * never work out routes again.
 */
import { readFileSync } from 'node:fs';
import type { ResolvedConfig } from './config';
import { StratusError, type StratusErrorOptions } from './errors';

/** One segment of a route pattern. */
export type RouteSegment =
  | { type: 'static'; value: string }
  | { type: 'dynamic'; name: string }
  | { type: 'catchAll'; name: string }
  | { type: 'optionalCatchAll'; name: string };

/** How a page gets its data, and so how it is served and cached; or an API route. */
export type PageKind =
  /** No data function: prerendered once per locale. */
  | 'static'
  /** `getStaticProps`: prerendered per locale (and per path of `getStaticPaths`). */
  | 'ssg'
  /** `getServerSideProps`: rendered on every request. */
  | 'ssr'
  /**
   * An API route (`pages/api/**`): a handler `(req, res)` taking any method, never rendered,
   * never in a browser bundle; served at its pattern without a locale prefix. Its entry has
   * `fallback: false`, no prerendered pages and no scripts.
   */
  | 'api';

/** Whether a route pattern or a request path is an API route's (contract/urls.ts, where the browser reads it too). */
export { isApiPath } from './urls';

/** Every kind a route may have: what `readManifest` accepts. */
export const PAGE_KINDS: readonly PageKind[] = ['static', 'ssg', 'ssr', 'api'];

export type Fallback = false | true | 'blocking';

/** A page rendered at build time, stored in the render function's folder. */
export interface PrerenderedPage {
  /** Without locale prefix: `/posts/a`. */
  path: string;
  locale: string;
  /** Seconds, or false when it never goes stale. */
  revalidate: number | false;
  /** The HTML's `ETag`, worked out at build time so that a cold start need not hash (builds before it have none). */
  etag?: string;
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
  /**
   * Set on `ssr` pages whose props come from `getInitialProps` (the page's, or `_app`'s for
   * a page without data function): the server calls it on the first load, the browser on
   * soft navigations (no page-data request). Absent elsewhere.
   */
  initialProps?: true;
}

/** What prerendering finds out about a route; the build writes it into the route's manifest entry. */
export type PrerenderedRoute = Pick<ManifestRoute, 'fallback' | 'prerendered'>;

export interface S3CachePrefix {
  /** Key prefix under the assets folder (`_app/static/`), or `''` for everything else. */
  prefix: string;
  cacheControl: string;
}

/**
 * Raised when a field changes meaning or a new field is required. The `api` kind kept it at 1:
 * no manifest written before API routes existed has one (such apps failed to build), so old
 * manifests still mean what they say. From this version on, a reader meeting a kind it does
 * not know refuses the manifest (parseManifest), so a later kind needs no new version either.
 */
export const MANIFEST_VERSION = 1;

export interface Manifest {
  version: typeof MANIFEST_VERSION;
  /** Deterministic: same sources and config give the same id. */
  buildId: string;
  config: ResolvedConfig;
  /**
   * Ordered by precedence: the first match wins. Pages and API routes (`kind: 'api'`) in one
   * list; a request under `/api` is matched against API routes alone, any other against pages.
   */
  routes: ManifestRoute[];
  /** Client entry scripts every page loads (runtime + framework chunks), in order. */
  entryScripts: string[];
  /** Client scripts of the app's own error pages, by page (`/404`, `/500`, `/_error`). */
  errorScripts: Record<string, string[]>;
  /** Stylesheets every page loads (`_app`'s CSS). */
  styles: string[];
  /**
   * Each page's own stylesheets, by route pattern (and `/404`, `/500`, `/_error`): linked
   * after `styles` on a first load, loaded on a soft navigation, removed when the page
   * leaves. Pages without CSS of their own are absent; so is the field in older manifests.
   */
  pageStyles?: Record<string, string[]>;
  /** Files of the app's `public/`, as URL paths (`/favicon.ico`, `/photos/a.jpg`). */
  publicFiles: string[];
  /** `Cache-Control` of S3 objects by key prefix; the first matching prefix wins. */
  s3CacheControl: S3CachePrefix[];
}

/** A manifest that cannot be used: missing, not JSON, another version, or the wrong shape. */
export class ManifestError extends StratusError {
  constructor(message: string, options?: StratusErrorOptions) {
    super('MANIFEST_INVALID', message, options);
    this.name = 'ManifestError';
  }
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
  // A kind this code does not know (a build of a newer checkout) would be served as the wrong thing.
  const unknown = Array.isArray(manifest.routes) ? manifest.routes.find((route) => !PAGE_KINDS.includes(route?.kind)) : undefined;
  if (unknown) {
    throw new ManifestError(`${source} has route ${JSON.stringify(unknown.pattern)} of kind ${JSON.stringify(unknown.kind)}, which this code does not know. ${REBUILD}`);
  }
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
