/**
 * Source names in a server bundle's map, as a reader of the logs wants them: the app's own
 * files relative to the app (`pages/blog/[slug].tsx`), packages from `node_modules/…`, the
 * framework's files as `stratus/…`; never the build machine's absolute paths.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';

function readableSource(absolute: string, appDir: string): string {
  const modules = absolute.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (modules >= 0) return absolute.slice(modules + 1).split(path.sep).join('/');
  const inApp = path.relative(appDir, absolute);
  if (!inApp.startsWith('..') && !path.isAbsolute(inApp)) return inApp.split(path.sep).join('/');
  const inFramework = path.relative(REPO_ROOT, absolute);
  if (!inFramework.startsWith('..') && !path.isAbsolute(inFramework)) return `stratus/${inFramework.split(path.sep).join('/')}`;
  return path.basename(absolute);
}

function decodeSource(source: string): string {
  try {
    return decodeURIComponent(source);
  } catch {
    return source;
  }
}

/** Rewrites the `sources` of `<bundle>.map` (esbuild writes them relative to the map's folder). */
export function makeSourceMapReadable(bundle: string, appDir: string): void {
  const mapFile = `${bundle}.map`;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string };
  const dir = path.dirname(mapFile);
  // esbuild writes sources as URLs: `pages/notes/%5Bid%5D.tsx` is `pages/notes/[id].tsx`.
  map.sources = map.sources.map((source) => readableSource(path.resolve(dir, decodeSource(source)), path.resolve(appDir)));
  delete map.sourceRoot;
  writeFileSync(mapFile, JSON.stringify(map));
}
