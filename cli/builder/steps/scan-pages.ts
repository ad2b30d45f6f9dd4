/**
 * Build step: `pages/` → the route list, ordered by precedence, plus the special pages.
 * Files under `pages/api/` (and `pages/api.ts`) are API routes, flagged `api`. A file is a
 * page when its name ends in one of the page extensions (`pageExtensions` of the config,
 * `['tsx', 'ts', 'jsx', 'js']` by default), which its route name drops, as the pages router
 * does: with `['page.tsx']`, `pages/about.page.tsx` is `/about` and `pages/about.tsx` nothing.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { COMPILED_EXTENSIONS, DEFAULT_PAGE_EXTENSIONS } from '../../../contract/config-schema';
import { isApiPath } from '../../../contract/manifest';
import { compareRoutes, parseRoutePattern, routeShape, type RouteSegment } from '../../../web/runtime/shared/route-match';
import { BuildError } from '../errors';

export const SPECIAL_PAGES = ['_app', '_document', '404', '500', '_error'] as const;
export type SpecialPage = '_app' | '_document' | '404' | '500' | '_error';

export interface ScannedRoute {
  pattern: string;
  /** Relative to the app directory, with forward slashes. */
  file: string;
  segments: RouteSegment[];
  /** An API route (`pages/api/**`): a handler, not a page. */
  api: boolean;
}

export interface ScannedPages {
  routes: ScannedRoute[];
  special: Partial<Record<SpecialPage, string>>;
}

function listFiles(dir: string, base = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const rel = base ? `${base}/${entry}` : entry;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listFiles(full, rel));
    else out.push(rel);
  }
  return out;
}

/**
 * A file's name without its page extension, or undefined when it is not a page file: with
 * `['page.tsx', 'tsx']`, `blog/index.page.tsx` → `blog/index`. The longest extension wins.
 */
export function pageName(rel: string, extensions: readonly string[], compiled: (rel: string) => boolean = () => false): string | undefined {
  const longestFirst = [...extensions].sort((a, b) => b.length - a.length);
  const ext = longestFirst.find((e) => rel.endsWith(`.${e}`) && !rel.endsWith(`/.${e}`) && rel !== `.${e}`);
  if (!ext || !(COMPILED_EXTENSIONS.includes(path.extname(rel)) || compiled(rel))) return undefined;
  return rel.slice(0, -(ext.length + 1));
}

/** `posts/[slug]` → `/posts/[slug]`; `blog/index` → `/blog` (names without their page extension). */
export function nameToPattern(name: string): string {
  const parts = name.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  return '/' + parts.join('/');
}

/** The folders pages may live in, the first found winning: `pages/`, else `src/pages/`, as in the pages router. */
const PAGES_FOLDERS = ['pages', 'src/pages'];

/** The app's pages folder relative to it (`pages` or `src/pages`), or undefined when it has none. */
export function pagesFolder(appDir: string): string | undefined {
  return PAGES_FOLDERS.find((folder) => existsSync(path.join(appDir, folder)));
}

/**
 * An optional catch-all (`blog/[[...slug]]`) matches its folder's own path (`/blog`) and every
 * path below it, so the route table has no place for a page at that path (`blog.js`,
 * `blog/index.js`) nor for a catch-all beside it (`blog/[...rest]`): which file serves a URL
 * would come down to the table's order. The pages router refuses both at build time; so does
 * this, naming the two files.
 */
function refuseOverlaps(route: ScannedRoute, byShape: ReadonlyMap<string, ScannedRoute>): void {
  const last = route.segments[route.segments.length - 1];
  if (last?.type !== 'optionalCatchAll') return;
  const folder = route.segments.slice(0, -1);
  const folderPath = '/' + route.pattern.split('/').filter(Boolean).slice(0, -1).join('/');
  const atFolder = byShape.get(routeShape(folder));
  if (atFolder) {
    throw new BuildError(
      `${atFolder.file} and ${route.file} both serve ${atFolder.pattern}: an optional catch-all also matches its folder's own path, with no params. Remove ${atFolder.file} and let the catch-all render ${atFolder.pattern}, or make the catch-all required ([...${last.name}]).`,
    );
  }
  const required = byShape.get(routeShape([...folder, { type: 'catchAll', name: last.name }]));
  if (required) {
    throw new BuildError(
      `${required.file} and ${route.file} are a catch-all and an optional catch-all in one folder: both match every path below ${folderPath}. Keep one of them (the optional one also serves ${folderPath} itself).`,
    );
  }
}

/**
 * `compiled`: whether a file (its path below the pages folder) that does not end in a
 * JavaScript extension is code all the same (a `turbopack.rules` loader makes `.mdx` pages).
 */
export function scanPages(appDir: string, pageExtensions: readonly string[] = DEFAULT_PAGE_EXTENSIONS, compiled?: (rel: string) => boolean): ScannedPages {
  const folder = pagesFolder(appDir);
  if (!folder) throw new BuildError(`No pages/ folder in ${appDir} (nor src/pages/): create ${path.join(appDir, 'pages', 'index.tsx')} to start.`);
  const pagesDir = path.join(appDir, folder);
  const routes: ScannedRoute[] = [];
  const special: ScannedPages['special'] = {};
  const byShape = new Map<string, ScannedRoute>();
  for (const rel of listFiles(pagesDir)) {
    const name = pageName(rel, pageExtensions, compiled && ((file) => compiled(`${folder}/${file}`)));
    if (name === undefined || rel.endsWith('.d.ts') || /\.(test|spec)\.[jt]sx?$/.test(rel)) continue;
    const file = `${folder}/${rel}`;
    if ((SPECIAL_PAGES as readonly string[]).includes(name)) {
      special[name as SpecialPage] = file;
      continue;
    }
    if (rel.split('/').some((part) => part.startsWith('_'))) continue; // private files next to pages
    const pattern = nameToPattern(name);
    let segments: RouteSegment[];
    try {
      segments = parseRoutePattern(pattern);
    } catch (error) {
      throw new BuildError(`${file}: ${(error as Error).message}`);
    }
    const route = { pattern, file, segments, api: isApiPath(pattern) };
    const shape = routeShape(segments);
    const other = byShape.get(shape);
    if (other) {
      const [first, second] = [other.file, file].sort();
      throw new BuildError(`${first} and ${second} both claim the route ${pattern}: rename or remove one of them.`);
    }
    byShape.set(shape, route);
    routes.push(route);
  }
  for (const route of routes) refuseOverlaps(route, byShape);
  routes.sort(compareRoutes);
  return { routes, special };
}
