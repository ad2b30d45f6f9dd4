/**
 * The manifest's script and stylesheet URLs as a page links them: under the site's
 * `basePath`. The manifest keeps them without it (`/_app/static/…`), as the build's own
 * record; only the documents the render core writes carry the prefix.
 */
import type { Manifest } from '../../../contract/manifest';

const under = (basePath: string, urls: readonly string[]) => urls.map((url) => basePath + url);

export function withAssetBase(manifest: Manifest, basePath: string): Manifest {
  if (!basePath) return manifest;
  const byPage = (map: Record<string, string[]> | undefined) => map && Object.fromEntries(Object.entries(map).map(([page, urls]) => [page, under(basePath, urls)]));
  return {
    ...manifest,
    entryScripts: under(basePath, manifest.entryScripts),
    errorScripts: byPage(manifest.errorScripts)!,
    styles: under(basePath, manifest.styles),
    ...(manifest.pageStyles ? { pageStyles: byPage(manifest.pageStyles) } : {}),
    routes: manifest.routes.map((route) => ({ ...route, scripts: under(basePath, route.scripts) })),
  };
}
