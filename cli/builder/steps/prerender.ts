/**
 * Build step: pages with static data (and plain pages) become HTML and page-data JSON per
 * locale, rendered by the render bundle itself so build and Lambda agree byte for byte.
 * It returns what it found (each route's `fallback` and prerendered pages); build.ts
 * writes those into the manifest, which this step never changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest, ManifestRoute, PrerenderedPage, PrerenderedRoute } from '../../../contract/manifest';
import { dataPath } from '../../../web/runtime/shared/route-match';
import { staticPathsOf } from '../../../lambdas/render/static/static-paths';
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
    const { fallback, paths } = await staticPathsOf(route, module, manifest.config, manifest.routes, (message) => new BuildError(message));
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
