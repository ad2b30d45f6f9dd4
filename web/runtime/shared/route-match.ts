/**
 * Route patterns and URL shapes, shared by the browser router and the server so both
 * agree on what a URL means.
 */

import type { RouteSegment } from '../../../contract/manifest';
import { dataUrl } from '../../../contract/urls';
import { localizePath, type LocaleSettings } from './locale-prefix';

export type { RouteSegment };

export type RouteParams = Record<string, string | string[]>;

/**
 * `a=1&a=2&b=3` → `{ a: ['1', '2'], b: '3' }`, a null-prototype object: the names are the
 * visitor's, so `__proto__` or `constructor` stay plain keys.
 */
export function searchToQuery(search: string | URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = query[key];
    query[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

/** Search params and route params in one null-prototype object, the later winning (params over search). */
export function mergeQuery(...parts: Record<string, string | string[]>[]): Record<string, string | string[]> {
  return Object.assign(Object.create(null) as Record<string, string | string[]>, ...parts);
}

/**
 * `router.query` in the browser, as the pages router orders it: the route's params first,
 * then the search's other keys; a param wins over a search key of its name.
 */
export function routerQuery(params: Record<string, string | string[]>, search: Record<string, string | string[]>): Record<string, string | string[]> {
  return mergeQuery(params, search, params);
}

/** A path could not be decoded (bad percent-encoding): the request is malformed. */
export class MalformedPathError extends Error {
  constructor(path: string) {
    super(`Malformed path: ${path}`);
    this.name = 'MalformedPathError';
  }
}

const SEGMENT_RANK = { static: 0, dynamic: 1, catchAll: 2, optionalCatchAll: 3 } as const;

const PARAM = /^(?:\[\[\.\.\.(.+)\]\]|\[\.\.\.(.+)\]|\[(.+)\])$/;

/**
 * `/posts/[slug]` → segments, for patterns already checked by the build (the browser
 * derives its route table with this, so it carries no validation code).
 */
export function segmentsOf(pattern: string): RouteSegment[] {
  return pattern.split('/').filter(Boolean).map((part): RouteSegment => {
    const m = part.match(PARAM);
    if (!m) return { type: 'static', value: part };
    if (m[1]) return { type: 'optionalCatchAll', name: m[1] };
    if (m[2]) return { type: 'catchAll', name: m[2] };
    return { type: 'dynamic', name: m[3]! };
  });
}

/** A parameter name as the pages router accepts it: any characters but brackets and slashes, not starting with a dot. */
const PARAM_NAME = '([^[\\]/.][^[\\]/]*)';
// Made when a pattern is parsed (build time only), not at load: a module-level RegExp would stay in the browser bundle.
const validSegment = () => new RegExp(`^(?:\\[\\[\\.\\.\\.${PARAM_NAME}\\]\\]|\\[\\.\\.\\.${PARAM_NAME}\\]|\\[${PARAM_NAME}\\])$`);

/**
 * `/posts/[slug]` → segments. Throws on a shape the router cannot serve, naming it.
 * Names may be any text the pages router allows (`[123]`, `[hello-world]`); each only once.
 */
export function parseRoutePattern(pattern: string): RouteSegment[] {
  const parts = pattern.split('/').filter(Boolean);
  const names = new Set<string>();
  parts.forEach((part, index) => {
    if (!/[[\]]/.test(part)) return;
    const valid = part.match(validSegment());
    if (!valid) throw new Error(`"${part}" in ${pattern} is not a valid segment: use [name], [...name] or [[...name]]`);
    const name = valid[1] ?? valid[2] ?? valid[3]!;
    if (names.has(name)) throw new Error(`"${part}" in ${pattern}: the parameter name "${name}" is used twice; give each segment its own name`);
    names.add(name);
    const catchAll = valid[1] !== undefined || valid[2] !== undefined;
    if (catchAll && index !== parts.length - 1) {
      throw new Error(`"${part}" in ${pattern}: ${valid[1] !== undefined ? 'an optional catch-all' : 'a catch-all'} must be the last segment`);
    }
  });
  return segmentsOf(pattern);
}

/** The route's shape with parameter names erased: two routes with one shape conflict. */
export function routeShape(segments: RouteSegment[]): string {
  return '/' + segments.map((s) => (s.type === 'static' ? s.value : `<${s.type}>`)).join('/');
}

/** Orders routes so the first match is the right one: static > dynamic > catch-all > optional catch-all, segment by segment. */
export function compareRoutes(a: { segments: RouteSegment[] }, b: { segments: RouteSegment[] }): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const sa = a.segments[i];
    const sb = b.segments[i];
    if (!sa || !sb) return sa ? 1 : -1;
    const rank = SEGMENT_RANK[sa.type] - SEGMENT_RANK[sb.type];
    if (rank !== 0) return rank;
    if (sa.type === 'static' && sb.type === 'static' && sa.value !== sb.value) return sa.value < sb.value ? -1 : 1;
  }
  return 0;
}

/** Splits a URL path into decoded segments; throws MalformedPathError on bad percent-encoding. */
export function splitPath(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  try {
    return parts.map((part) => decodeURIComponent(part));
  } catch {
    throw new MalformedPathError(pathname);
  }
}

/** Matches decoded segments against one route; the params on success. */
export function matchSegments(segments: RouteSegment[], parts: string[]): RouteParams | null {
  const params: RouteParams = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i];
    switch (segment.type) {
      case 'static':
        if (part !== segment.value) return null;
        break;
      case 'dynamic':
        if (part === undefined) return null;
        params[segment.name] = part;
        break;
      case 'catchAll':
        if (part === undefined) return null;
        params[segment.name] = parts.slice(i);
        return params;
      case 'optionalCatchAll':
        if (part !== undefined) params[segment.name] = parts.slice(i);
        return params;
    }
  }
  return parts.length === segments.length ? params : null;
}

/** The first route (in precedence order) that matches the decoded segments. */
export function matchRoute<T extends { segments: RouteSegment[] }>(
  routes: readonly T[],
  parts: string[],
): { route: T; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchSegments(route.segments, parts);
    if (params) return { route, params };
  }
  return null;
}


const encodeSegment = (value: string) => encodeURIComponent(value);

/**
 * Fills a route pattern from params: `('/posts/[slug]', { slug: 'a b' })` → `/posts/a%20b`.
 * Returns the path and the params it used, so callers can put the rest in the query;
 * undefined when a segment's value is missing (a name with no value, or an empty catch-all):
 * Link writes such a pattern as it is, the build says what is missing (`missingValue`).
 */
export function buildPath(segments: RouteSegment[], params: Record<string, unknown>): { path: string; used: Set<string> } | undefined {
  const out: string[] = [];
  const used = new Set<string>();
  for (const segment of segments) {
    if (segment.type === 'static') {
      out.push(encodeSegment(segment.value));
      continue;
    }
    const value = params[segment.name];
    used.add(segment.name);
    if (segment.type === 'dynamic') {
      if (value == null || Array.isArray(value)) return undefined;
      out.push(encodeSegment(String(value)));
    } else {
      const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
      if (segment.type === 'catchAll' && list.length === 0) return undefined;
      for (const item of list) out.push(encodeSegment(String(item)));
    }
  }
  return { path: '/' + out.join('/'), used };
}

/** Why buildPath could not fill a pattern from these params (for a build error); undefined when it can. */
export function missingValue(segments: RouteSegment[], params: Record<string, unknown>): string | undefined {
  for (const segment of segments) {
    if (segment.type === 'static' || segment.type === 'optionalCatchAll') continue;
    const value = params[segment.name];
    if (segment.type === 'dynamic' && (value == null || Array.isArray(value))) return `Missing or invalid value for [${segment.name}]`;
    if (segment.type === 'catchAll' && (value === undefined || (Array.isArray(value) && value.length === 0))) return `[...${segment.name}] needs at least one value`;
  }
  return undefined;
}

/** `/_app/data/<buildId>/[<locale>/]<path>.json`, `/index.json` for `/`. */
export function dataPath(buildId: string, path: string, locale: string, settings: LocaleSettings): string {
  return dataUrl(buildId, localizePath('', locale, settings), path);
}
