/**
 * What to ask of an app nobody here wrote: its routes, found from its `pages/` folder (as
 * the pages router finds them), given concrete paths from what either build prerendered,
 * plus the paths its config names (locales, basePath, redirect and rewrite sources), a
 * missing path and a trailing slash. The same list goes to both servers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RequestCheck } from '../checks/types';

const PAGE_FILE = /\.(jsx?|tsx?)$/;
const SPECIAL = new Set(['/_app', '/_document', '/_error', '/404', '/500', '/_middleware']);

export interface PageRoute {
  /** `/posts/[id]`, `/api/hello`, `/` */
  pattern: string;
  api: boolean;
  dynamic: boolean;
}

export interface AppFacts {
  basePath: string;
  locales: string[];
  defaultLocale?: string;
  /** Paths either build prerendered, without basePath (locale prefixes kept). */
  prerendered: string[];
  /** Sources of the app's own redirects and rewrites. */
  ruleSources: string[];
  /** Dynamic routes without a data function (Stratus renders them on request; Next prerenders them with an empty query). */
  dynamicWithoutData: string[];
}

export function pagesDir(appDir: string): string | undefined {
  for (const candidate of ['pages', 'src/pages']) {
    const dir = path.join(appDir, candidate);
    if (existsSync(dir) && statSync(dir).isDirectory()) return dir;
  }
  return undefined;
}

/** Every route of the app's pages folder, special pages left out. */
export function discoverRoutes(appDir: string): PageRoute[] {
  const root = pagesDir(appDir);
  if (!root) return [];
  const routes: PageRoute[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
        continue;
      }
      if (!PAGE_FILE.test(entry.name) || /\.(test|spec)\.|\.d\.ts$/.test(entry.name)) continue;
      const name = entry.name.replace(PAGE_FILE, '');
      const pattern = (name === 'index' ? prefix : `${prefix}/${name}`) || '/';
      if (SPECIAL.has(pattern)) continue;
      routes.push({ pattern, api: pattern === '/api' || pattern.startsWith('/api/'), dynamic: pattern.includes('[') });
    }
  };
  walk(root, '');
  return routes;
}

/** A RegExp over concrete paths for a route pattern. */
function patternRegex(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => {
      if (/^\[\[\.\.\..+\]\]$/.test(segment)) return '(?:/.+)?';
      if (/^\[\.\.\..+\]$/.test(segment)) return '/.+';
      if (/^\[.+\]$/.test(segment)) return '/[^/]+';
      return segment ? `/${segment.replace(/[.*+?^${}()|\\]/g, '\\$&')}` : '';
    })
    .join('');
  return new RegExp(`^${body || '/'}$`);
}

/** A path for a dynamic pattern when neither build prerendered one. */
function samplePath(pattern: string): string {
  return (
    pattern
      .split('/')
      .map((segment) => {
        if (/^\[\[\.\.\..+\]\]$/.test(segment)) return 'a/b';
        if (/^\[\.\.\..+\]$/.test(segment)) return 'a/b';
        if (/^\[.+\]$/.test(segment)) return 'test';
        return segment;
      })
      .join('/') || '/'
  );
}

/** A concrete path for a redirect or rewrite source, or undefined when it is a pattern too free to guess. */
export function sourcePath(source: string): string | undefined {
  if (/[()\\]/.test(source.replace(/:\w+\([^)]*\)/g, ''))) return undefined;
  const filled = source
    .replace(/:\w+\([^)]*\)/g, 'x')
    .replace(/\/:\w+\*/g, '/a/b')
    .replace(/\/:\w+\?/g, '')
    .replace(/:\w+\+/g, 'a')
    .replace(/:\w+/g, 'x');
  return filled.startsWith('/') && !filled.includes(':') ? filled : undefined;
}

function stripLocale(pathname: string, locales: string[]): string {
  const first = pathname.split('/')[1];
  return first && locales.includes(first) ? pathname.slice(first.length + 1) || '/' : pathname;
}

/** The request checks of one app, at most `limit`, in a stable order. */
export function planRequests(routes: PageRoute[], facts: AppFacts, limit = 40): RequestCheck[] {
  const paths: { path: string; api: boolean; note?: string }[] = [];
  const add = (p: string, api = false, note?: string) => {
    if (!paths.some((x) => x.path === p)) paths.push({ path: p, api, note });
  };
  const unprefixed = facts.prerendered.map((p) => stripLocale(p, facts.locales));
  for (const route of routes) {
    if (!route.dynamic) {
      add(route.pattern, route.api);
      continue;
    }
    const regex = patternRegex(route.pattern);
    const known = [...new Set(unprefixed.filter((p) => regex.test(p)))].slice(0, 2);
    const note = facts.dynamicWithoutData.includes(route.pattern) ? 'dynamic, no data function' : undefined;
    for (const p of known.length ? known : [samplePath(route.pattern)]) add(p, route.api, note);
  }
  add('/stratus-compat-missing-page');
  const firstStatic = routes.find((r) => !r.dynamic && !r.api && r.pattern !== '/');
  if (facts.locales.length) {
    for (const locale of facts.locales.filter((l) => l !== facts.defaultLocale).slice(0, 2)) {
      add(`/${locale}`);
      if (firstStatic) add(`/${locale}${firstStatic.pattern}`);
    }
    if (facts.defaultLocale) {
      add(`/${facts.defaultLocale}`, false, 'default locale');
      if (firstStatic) add(`/${facts.defaultLocale}${firstStatic.pattern}`, false, 'default locale');
    }
  }
  for (const source of facts.ruleSources) {
    const p = sourcePath(source);
    if (p) add(p);
  }
  if (firstStatic) add(`${firstStatic.pattern}/`);
  return paths.slice(0, limit).map(({ path: p, api, note }) => {
    const full = facts.basePath ? (p === '/' ? facts.basePath : facts.basePath + p) : p;
    return { kind: 'request', name: `GET ${full}${note ? ` (${note})` : ''}`, path: encodeURI(full), ...(api ? { read: ['body'] } : {}) };
  });
}

interface NextRoutesManifest {
  basePath?: string;
  i18n?: { locales: string[]; defaultLocale: string } | null;
  redirects?: { source: string; internal?: boolean }[];
  rewrites?: { source: string }[] | { beforeFiles?: { source: string }[]; afterFiles?: { source: string }[]; fallback?: { source: string }[] };
}

interface StratusManifest {
  config: {
    i18n?: boolean;
    locales?: string[];
    defaultLocale?: string;
    routing?: { basePath?: string; redirects?: { source: string }[]; rewrites?: Record<string, { source: string }[]> };
  };
  routes: { pattern: string; kind: string; prerendered?: { path: string; locale?: string }[] }[];
}

/** Facts from whichever builds succeeded: Next's manifests first, Stratus's for what they lack. */
export function readFacts(nextDir: string | undefined, stratusOut: string | undefined): AppFacts {
  const facts: AppFacts = { basePath: '', locales: [], prerendered: [], ruleSources: [], dynamicWithoutData: [] };
  const json = <T>(file: string): T | undefined => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined);
  const routes = nextDir ? json<NextRoutesManifest>(path.join(nextDir, 'routes-manifest.json')) : undefined;
  if (routes) {
    facts.basePath = routes.basePath ?? '';
    facts.locales = routes.i18n?.locales ?? [];
    facts.defaultLocale = routes.i18n?.defaultLocale;
    const rewrites = Array.isArray(routes.rewrites) ? routes.rewrites : [...(routes.rewrites?.beforeFiles ?? []), ...(routes.rewrites?.afterFiles ?? []), ...(routes.rewrites?.fallback ?? [])];
    const strip = (s: string) => (facts.basePath && s.startsWith(facts.basePath) ? s.slice(facts.basePath.length) || '/' : s);
    facts.ruleSources = [...(routes.redirects ?? []).filter((r) => !r.internal), ...rewrites].map((r) => strip(r.source)).slice(0, 8);
    const prerender = nextDir ? json<{ routes: Record<string, unknown> }>(path.join(nextDir, 'prerender-manifest.json')) : undefined;
    facts.prerendered.push(...Object.keys(prerender?.routes ?? {}));
  }
  const manifest = stratusOut ? json<StratusManifest>(path.join(stratusOut, 'manifest.json')) : undefined;
  if (manifest) {
    if (!routes) {
      const routing = manifest.config.routing;
      facts.basePath = routing?.basePath ?? '';
      facts.ruleSources = [...(routing?.redirects ?? []), ...Object.values(routing?.rewrites ?? {}).flat()].map((r) => r.source).slice(0, 8);
      facts.locales = manifest.config.i18n ? (manifest.config.locales ?? []) : [];
      facts.defaultLocale = manifest.config.i18n ? manifest.config.defaultLocale : undefined;
    }
    for (const route of manifest.routes) {
      for (const p of route.prerendered ?? []) facts.prerendered.push(p.path);
      if (route.kind === 'static' && route.pattern.includes('[')) facts.dynamicWithoutData.push(route.pattern);
    }
  }
  return facts;
}
