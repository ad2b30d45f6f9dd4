/**
 * Build step: pages with static data (and plain pages) become HTML and page data per locale,
 * rendered by the render bundle itself so build and Lambda agree byte for byte. Pages go to
 * disk as they are rendered, route by route, and nothing holds the whole site's list: a site
 * of 100,000 pages builds in the memory of one of ten. Each page is written as
 *
 * - its page object, `pages/<buildId>/<page key>.json` (HTML, data, ETag, `revalidate`): what
 *   the render function's page store reads (from the bucket's `_data/prerendered/` in AWS);
 * - its data, `assets/_app/data/<buildId>/….json`, when it never goes stale: CloudFront
 *   serves it from the bucket;
 * - its HTML, `assets/_app/pages/<buildId>/<page key>.html`, when nothing per request applies
 *   to it (it never goes stale, and no header rule, redirect, rewrite or middleware takes its
 *   path): CloudFront answers it from the bucket without invoking the render function.
 *
 * It returns what it found (each route's `fallback` and how many pages it prerendered) and
 * hands each page's manifest entry to `onPage`; build.ts writes those into the manifest.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Fallback, Manifest, PrerenderedPage } from '../../../contract/manifest';
import { OUTPUT_LAYOUT, pageKey, pageObjectKey } from '../../../contract/output-layout';
import { assetKey, PAGES_PREFIX } from '../../../contract/urls';
import { dataPath } from '../../../web/runtime/shared/route-match';
import { staticPathsOf } from '../../../lambdas/render/static/static-paths';
import { REVALIDATE_WARN_SECONDS } from '../../../lambdas/render/data/data-result';
import { hashedKey, serializePage } from '../../../lambdas/render/ports/page-object';
import type { PublishedKeys, StoredPage } from '../../../lambdas/render/ports/ports';
import type { RenderBundle } from '../../../lambdas/render/lambda/bundle';
import { BuildError } from '../errors';
import { formatCount, type Progress } from '../progress';

/** What prerendering found for one route. */
export interface PrerenderedRouteFacts {
  fallback: Fallback;
  /** Pages written (not those that answered notFound or a redirect). */
  pages: number;
}

export interface PrerenderResult {
  /** By route pattern, for every route this step looked at (pages without getServerSideProps). */
  routes: Map<string, PrerenderedRouteFacts>;
  /** Pages rendered, including those that answered notFound or a redirect (not stored). */
  rendered: number;
  /** Pages written. */
  written: number;
  /** Of those, the ones CloudFront answers from the bucket. */
  fromBucket: number;
  /** What the build should say about what the data functions returned. */
  warnings: string[];
}

export function loadRenderBundle(file: string): RenderBundle {
  delete require.cache[require.resolve(file)];
  return require(file) as RenderBundle;
}

/** Writes files below one folder, making each directory once. */
function fileWriter(): (file: string, body: string) => void {
  const made = new Set<string>();
  return (file, body) => {
    const dir = path.dirname(file);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(file, body);
  };
}

export interface PrerenderOptions {
  bundle: RenderBundle;
  manifest: Manifest;
  /** The build folder: page objects go to its `pages/`. */
  outDir: string;
  /** The bucket's folder for this site (under its basePath): published copies go here. */
  assetsDir: string;
  progress?: Progress;
  /** Each page written, with its route's position in the manifest: the manifest's lists are made of these. */
  onPage?: (routeIndex: number, page: PrerenderedPage) => void;
}

/**
 * Renders every static path with the bundle, over the manifest as it stands before this
 * step (no fallbacks, nothing prerendered yet), and writes the files.
 */
export async function prerender(options: PrerenderOptions): Promise<PrerenderResult> {
  const { bundle, manifest, assetsDir } = options;
  const { buildId, config } = manifest;
  const basePath = config.routing?.basePath ?? '';
  const pagesDir = path.join(options.outDir, OUTPUT_LAYOUT.pages);
  let app: ReturnType<RenderBundle['loadApp']>;
  try {
    app = bundle.loadApp(manifest);
  } catch (error) {
    // The core checks API routes' exports and config as it starts: the message names the file.
    throw new BuildError((error as Error).message ?? String(error));
  }
  const write = fileWriter();
  const result: PrerenderResult = { routes: new Map(), rendered: 0, written: 0, fromBucket: 0, warnings: [] };
  const longRevalidate = new Set<string>();
  const routes = manifest.routes.map((route, index) => ({ route, index })).filter(({ route }) => route.kind !== 'ssr' && route.kind !== 'api');
  for (const [position, { route, index }] of routes.entries()) {
    // One route's paths at a time: the user's list is let go before the next route's is asked for.
    let pageModule;
    try {
      // Pages load on first use: a module that throws as it runs stops the build naming it.
      pageModule = bundle.modules.pages[route.pattern]!;
    } catch (error) {
      throw new BuildError(`${route.file}: the page's module threw as it loaded, so it cannot be prerendered: ${(error as Error)?.message ?? error}`);
    }
    const { fallback, paths } = await staticPathsOf(route, pageModule, config, manifest.routes, (message) => new BuildError(message));
    const facts: PrerenderedRouteFacts = { fallback, pages: 0 };
    result.routes.set(route.pattern, facts);
    const label = routes.length > 1 ? ` (route ${position + 1}/${routes.length}: ${route.pattern})` : '';
    for (let i = 0; i < paths.length; i++) {
      const { path: pagePath, locale } = paths[i]!;
      let rendered: Awaited<ReturnType<typeof app.prerender>>;
      try {
        rendered = await app.prerender(route.pattern, pagePath, locale);
      } catch (error) {
        if (error instanceof BuildError) throw error;
        throw new BuildError(`${route.file}: prerendering ${pagePath} (${locale}) failed: ${(error as Error).message ?? error}`);
      }
      result.rendered++;
      options.progress?.update(`  prerendering: ${formatCount(result.rendered)} ${result.rendered === 1 ? 'page' : 'pages'} so far${label}: ${formatCount(i + 1)}/${formatCount(paths.length)}`);
      if ('type' in rendered || rendered.notFound) continue; // redirects and notFound are answered per request
      if (rendered.revalidate !== false && rendered.revalidate > REVALIDATE_WARN_SECONDS) longRevalidate.add(route.file);
      const published: PublishedKeys = {};
      // Data that never changes goes to the bucket, where CloudFront serves it; revalidating data is served by the function.
      if (rendered.revalidate === false) {
        const data = dataPath(buildId, pagePath, locale, config);
        write(path.join(assetsDir, data), rendered.json);
        published.data = assetKey(basePath + data);
      }
      // A page nothing per request applies to: CloudFront answers it from the bucket.
      const key = pageKey(locale, pagePath);
      if (rendered.revalidate === false && key !== undefined && app.samePerRequest(pagePath, locale)) {
        const url = `${PAGES_PREFIX}${buildId}/${key}.html`;
        write(path.join(assetsDir, url), rendered.html);
        published.html = assetKey(basePath + url);
        result.fromBucket++;
      }
      const object: StoredPage = { html: rendered.html, json: rendered.json, etag: rendered.etag, revalidate: rendered.revalidate, renderedAt: 0 };
      if (published.data || published.html) object.published = published;
      write(path.join(pagesDir, pageObjectKey(buildId, locale, pagePath, hashedKey)), serializePage(object));
      facts.pages++;
      result.written++;
      options.onPage?.(index, { path: pagePath, locale, revalidate: rendered.revalidate, etag: rendered.etag });
    }
  }
  options.progress?.end();
  result.warnings = [...longRevalidate].map((file) => `${file}: getStaticProps returned revalidate of more than a year; use false to render the page only at build time.`);
  return result;
}
