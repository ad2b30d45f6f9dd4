/**
 * Build step: pages with static data (and plain pages) become HTML and page-data JSON per
 * locale, rendered by the render bundle itself so build and Lambda agree byte for byte.
 * It returns what it found (each route's `fallback` and prerendered pages); build.ts
 * writes those into the manifest, which this step never changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Fallback, Manifest, ManifestRoute, PrerenderedPage, PrerenderedRoute } from '../../../contract/manifest';
import { buildPath, dataPath, matchRoute, matchSegments, missingValue, splitPath } from '../../../web/runtime/shared/route-match';
import { splitLocale } from '../../../web/runtime/shared/locale-prefix';
import type { PageModule } from '../../../web/runtime/shared/page-types';
import { BuildError } from '../errors';
import { REVALIDATE_WARN_SECONDS } from '../../../lambdas/render/data/data-result';
import { PRERENDERED_DIR, prerenderedKey } from '../../../contract/output-layout';
import type { RenderBundle } from '../../../lambdas/render/lambda/bundle';

export interface PrerenderResult {
  /** By route pattern, for every route this step looked at (pages without getServerSideProps). */
  routes: Map<string, PrerenderedRoute>;
  /** Pages rendered, including those that answered notFound or a redirect (not stored). */
  rendered: number;
  /** What the build should say about what the data functions returned. */
  warnings: string[];
}

export function loadRenderBundle(file: string): RenderBundle {
  delete require.cache[require.resolve(file)];
  return require(file) as RenderBundle;
}

/** An optional catch-all given as null or false is the route's root, as the pages router reads it. */
function withEmptyOptionals(route: ManifestRoute, params: Record<string, unknown>): Record<string, unknown> {
  const optional = route.segments.find((s) => s.type === 'optionalCatchAll');
  if (!optional || (params[optional.name] !== null && params[optional.name] !== false)) return params;
  return { ...params, [optional.name]: [] };
}

/**
 * A path given as a string, read as the pages router reads it: a trailing slash dropped, a
 * locale prefix taken as the path's locale (else the default locale); it must be one of
 * the route's paths.
 */
function stringPath(route: ManifestRoute, entry: string, manifest: Manifest): { path: string; locale: string } {
  const { locales, defaultLocale } = manifest.config;
  const trimmed = entry.length > 1 ? entry.replace(/\/+$/, '') || '/' : entry;
  const { locale, path: inner, prefixed } = splitLocale(trimmed, { locales, defaultLocale });
  const local = prefixed ? inner : trimmed;
  let parts: string[] | undefined;
  try {
    parts = splitPath(local);
  } catch {
    parts = undefined;
  }
  if (!local.startsWith('/') || !parts || !matchSegments(route.segments, parts)) {
    throw new BuildError(`${route.file}: getStaticPaths returned "${entry}", which is not a path of ${route.pattern}; return paths such as ${route.pattern.replace(/\[+(?:\.\.\.)?([^\]]+)\]+/g, 'a')} or { params }.`);
  }
  return { path: local, locale: prefixed ? locale : defaultLocale };
}

/** Paths to prerender for one route, per locale, and its `fallback`: from getStaticPaths or the route itself. */
async function pathsOf(route: ManifestRoute, module: PageModule, manifest: Manifest): Promise<{ fallback: Fallback; paths: { path: string; locale: string }[] }> {
  const { locales, defaultLocale } = manifest.config;
  const dynamic = route.segments.some((s) => s.type !== 'static');
  if (!dynamic) return { fallback: false, paths: locales.map((locale) => ({ path: route.pattern, locale })) };
  if (!module.getStaticPaths) return { fallback: false, paths: [] }; // dynamic page without data: rendered on request
  const result = await module.getStaticPaths({ locales, defaultLocale });
  if (!result || !Array.isArray(result.paths)) {
    throw new BuildError(`${route.file}: getStaticPaths must return { paths: [...], fallback }, got ${JSON.stringify(result)}`);
  }
  if (result.fallback !== false && result.fallback !== true && result.fallback !== 'blocking') {
    throw new BuildError(`${route.file}: getStaticPaths returned fallback ${JSON.stringify(result.fallback)}; use false, true or 'blocking'.`);
  }
  const paths = result.paths.map((entry) => {
    if (typeof entry === 'string') return stringPath(route, entry, manifest);
    const extra = entry && typeof entry === 'object' ? Object.keys(entry).filter((key) => key !== 'params' && key !== 'locale') : [];
    if (extra.length > 0) {
      throw new BuildError(`${route.file}: getStaticPaths returned a path with the keys [${extra.join(', ')}]: put the route's parameters under params, as { params: { ${route.segments.filter((s) => s.type !== 'static').map((s) => `${(s as { name: string }).name}: …`).join(', ')} } }.`);
    }
    const params = withEmptyOptionals(route, entry.params ?? {});
    const built = buildPath(route.segments, params);
    if (!built) throw new BuildError(`${route.file}: getStaticPaths returned params ${JSON.stringify(entry.params)}: ${missingValue(route.segments, params)}`);
    return { path: built.path, locale: entry.locale ?? defaultLocale };
  });
  // A path another page serves (a static page wins over this one) would be rendered twice
  // into one file, and this page's copy never served: the pages router refuses it too.
  const pages = manifest.routes.filter((r) => r.kind !== 'api');
  for (const { path: p } of paths) {
    const owner = matchRoute(pages, splitPath(p))?.route;
    if (owner && owner.pattern !== route.pattern) {
      throw new BuildError(`${route.file}: getStaticPaths returned ${p}, which ${owner.file} serves (it takes precedence over ${route.pattern}); remove ${p} from the paths, or the other page.`);
    }
  }
  // The same path listed twice is rendered once, as the pages router does.
  const seen = new Set<string>();
  const unique = paths.filter((p) => !seen.has(`${p.locale} ${p.path}`) && seen.add(`${p.locale} ${p.path}`));
  return { fallback: result.fallback, paths: unique };
}

/**
 * Renders every static path with the bundle, over the manifest as it stands before this
 * step (no fallbacks, nothing prerendered yet), and writes the files.
 */
export async function prerender(options: {
  bundle: RenderBundle;
  manifest: Manifest;
  lambdaDir: string;
  assetsDir: string;
  onProgress?: (done: number, total: number) => void;
}): Promise<PrerenderResult> {
  const { bundle, manifest, lambdaDir, assetsDir } = options;
  const routes = new Map<string, PrerenderedRoute>();
  const jobs: { route: ManifestRoute; prerendered: PrerenderedPage[]; path: string; locale: string }[] = [];
  for (const route of manifest.routes) {
    if (route.kind === 'ssr' || route.kind === 'api') continue;
    const module = bundle.modules.pages[route.pattern]!;
    const { fallback, paths } = await pathsOf(route, module, manifest);
    const found: PrerenderedRoute = { fallback, prerendered: [] };
    routes.set(route.pattern, found);
    for (const p of paths) {
      if (!manifest.config.locales.includes(p.locale)) {
        throw new BuildError(`${route.file}: getStaticPaths returned locale "${p.locale}", which is not in stratus.config locales.`);
      }
      jobs.push({ route, prerendered: found.prerendered, ...p });
    }
  }
  let app: ReturnType<RenderBundle['loadApp']>;
  try {
    app = bundle.loadApp(manifest);
  } catch (error) {
    // The core checks API routes' exports and config as it starts: the message names the file.
    throw new BuildError((error as Error).message ?? String(error));
  }
  let done = 0;
  const longRevalidate = new Set<string>();
  for (const job of jobs) {
    let result: Awaited<ReturnType<typeof app.prerender>>;
    try {
      result = await app.prerender(job.route.pattern, job.path, job.locale);
    } catch (error) {
      if (error instanceof BuildError) throw error;
      throw new BuildError(`${job.route.file}: prerendering ${job.path} (${job.locale}) failed: ${(error as Error).message ?? error}`);
    }
    done++;
    options.onProgress?.(done, jobs.length);
    if ('type' in result || result.notFound) continue; // redirects and notFound are answered per request
    const file = path.join(lambdaDir, PRERENDERED_DIR, prerenderedKey(job.locale, job.path));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.html`, result.html);
    writeFileSync(`${file}.json`, result.json);
    job.prerendered.push({ path: job.path, locale: job.locale, revalidate: result.revalidate, etag: result.etag });
    if (result.revalidate !== false && result.revalidate > REVALIDATE_WARN_SECONDS) longRevalidate.add(job.route.file);
    // Data that never changes goes to S3; revalidating data is served by the function.
    if (result.revalidate === false) {
      const dataFile = path.join(assetsDir, dataPath(manifest.buildId, job.path, job.locale, manifest.config));
      mkdirSync(path.dirname(dataFile), { recursive: true });
      writeFileSync(dataFile, result.json);
    }
  }
  const warnings = [...longRevalidate].map((file) => `${file}: getStaticProps returned revalidate of more than a year; use false to render the page only at build time.`);
  return { routes, rendered: jobs.length, warnings };
}
