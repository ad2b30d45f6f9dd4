/**
 * An app held in memory for the render core's tests: a manifest built from route
 * patterns, page modules written in the test file, no esbuild build and no files.
 */
import type { ReactElement } from 'react';
import { resolveConfig } from '../../../contract/config-schema';
import { MANIFEST_VERSION, type Fallback, type Manifest, type ManifestRoute, type PageKind } from '../../../contract/manifest';
import type { CoreRequest } from '../../../lambdas/shared/http';
import { setLogSink } from '../../../lambdas/shared/log';
import type { PageRequest, Target } from '../../../lambdas/render/core/outcome';
import { PageStore } from '../../../lambdas/render/static/page-store';
import { createRenderApp, type AppModules, type RenderAppOptions } from '../../../lambdas/render/core/render-core';
import { compareRoutes, parseRoutePattern, matchRoute, splitPath } from '../../../web/runtime/shared/route-match';
import type { ApiHandler, ApiModule, PageModule } from '../../../web/runtime/shared/page-types';

export const BUILD_ID = 'build-1';

export type RouteSpec =
  | { kind: Exclude<PageKind, 'api'>; fallback?: Fallback; module: PageModule }
  | { kind: 'api'; module: ApiModule };

/** An API route's spec from its handler (and config). */
export function api(handler: ApiHandler, config?: ApiModule['config']): RouteSpec {
  return { kind: 'api', module: { default: handler, config } };
}

/** A manifest for these routes (in precedence order, as the build writes them), locales en (default) and fr. */
export function manifestOf(routes: Record<string, RouteSpec>): Manifest {
  const entries: ManifestRoute[] = Object.entries(routes).map(([pattern, spec]) => ({
    pattern,
    file: `pages${pattern === '/' ? '/index' : pattern}.tsx`,
    segments: parseRoutePattern(pattern),
    kind: spec.kind,
    fallback: (spec.kind !== 'api' && spec.fallback) || false,
    prerendered: [],
    scripts: [`/_app/static/page${pattern.replace(/\W+/g, '-')}.js`],
  }));
  return {
    version: MANIFEST_VERSION,
    buildId: BUILD_ID,
    config: resolveConfig({ locales: ['en', 'fr'], defaultLocale: 'en' }),
    routes: entries.sort(compareRoutes),
    entryScripts: ['/_app/static/entry.js'],
    errorScripts: {},
    styles: ['/_app/static/app.css'],
    publicFiles: [],
    s3CacheControl: [],
  };
}

/** Page modules by pattern, from the same specs. */
export function pagesOf(routes: Record<string, RouteSpec>): AppModules['pages'] {
  return Object.fromEntries(Object.entries(routes).flatMap(([pattern, spec]) => (spec.kind === 'api' ? [] : [[pattern, spec.module]])));
}

/** API route modules by pattern, from the same specs. */
export function apisOf(routes: Record<string, RouteSpec>): NonNullable<AppModules['apis']> {
  return Object.fromEntries(Object.entries(routes).flatMap(([pattern, spec]) => (spec.kind === 'api' ? [[pattern, spec.module]] : [])));
}

/** A render core over the routes, with an empty page store (nothing prerendered). */
export function memoryApp(routes: Record<string, RouteSpec>, extra: Partial<Omit<AppModules, 'pages'>> & { options?: RenderAppOptions } = {}) {
  const manifest = manifestOf(routes);
  const modules: AppModules = { pages: pagesOf(routes), apis: apisOf(routes), App: extra.App, Document: extra.Document, errorPages: extra.errorPages ?? {}, server: extra.server };
  const store = new PageStore();
  return { app: createRenderApp(modules, manifest, store, extra.options), manifest, modules, store };
}

export function request(pathAndQuery: string, overrides: Partial<CoreRequest> = {}): CoreRequest {
  const [path, rawQuery = ''] = pathAndQuery.split('?');
  return { method: 'GET', path: path!, rawQuery, headers: {}, ...overrides };
}

export function target(path: string, format: Target['format'] = 'html', search = ''): Target {
  return { format, path, search: new URLSearchParams(search), request: request(path + (search ? `?${search}` : '')) };
}

/** The page request the route stage would make for a path of one route. */
export function pageRequest(manifest: Manifest, pages: AppModules['pages'], pattern: string, path: string, options: { locale?: string; format?: Target['format']; search?: string; headers?: Record<string, string> } = {}): PageRequest {
  const route = manifest.routes.find((r) => r.pattern === pattern)!;
  const match = matchRoute([route], splitPath(path))!;
  const search = new URLSearchParams(options.search ?? '');
  return {
    format: options.format ?? 'html',
    route,
    module: pages[pattern]!,
    params: match.params,
    locale: options.locale ?? 'en',
    path,
    search,
    request: request(path + (options.search ? `?${options.search}` : ''), { headers: options.headers ?? {} }),
  };
}

/** Captures log lines (parsed) while a test runs. */
export function captureLogs(): { lines: Record<string, unknown>[]; restore: () => void } {
  const lines: Record<string, unknown>[] = [];
  const previous = setLogSink((line) => lines.push(JSON.parse(line)));
  return { lines, restore: () => void setLogSink(previous) };
}

/** A page component that counts its renders. */
export function counted<P extends object>(render: (props: P) => ReactElement) {
  const calls = { count: 0 };
  function Page(props: P) {
    calls.count++;
    return render(props);
  }
  return { Page, calls };
}

/** The data embedded in a rendered document. */
export function embeddedData(html: string): Record<string, any> {
  return JSON.parse(html.match(/<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/s)![1]!);
}

export const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
