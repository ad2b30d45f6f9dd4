/**
 * The routing layer of one build, assembled from its manifest and modules: the compiled
 * rules, the app's middleware, and what a path names (a page, a dynamic route, a file).
 * Also the `basePath`: the one place a request's path is taken inside it.
 */
import { isApiPath, type Manifest, type ManifestRoute } from '../../../contract/manifest';
import type { ResolvedRouting } from '../../../contract/routing';
import { IMAGE_PATH, STATIC_PREFIX } from '../../../contract/urls';
import { splitLocaleSegments } from '../../../web/runtime/shared/locale-prefix';
import { matchRoute, splitPath } from '../../../web/runtime/shared/route-match';
import { notFoundText } from '../../shared/answers';
import type { CoreRequest, CoreResponse } from '../../shared/http';
import { createRoutingLayer, type PathKind, type RoutingLayer } from './layer';
import { createMiddleware, type AppMiddleware } from './middleware';
import { createProxy, type Proxy } from './proxy';
import { compileRouting } from './rules';

/** The routing of a build that has none: one URL per page, no trailing slash. */
const NO_ROUTING: ResolvedRouting = {
  basePath: '',
  trailingSlash: false,
  redirects: [],
  rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
  headers: [],
  middleware: false,
};

export interface SiteRoutingPorts {
  /** Another origin, for rewrites that name one. @default createProxy({ timeoutMs: proxyTimeoutMs }) */
  proxy?: Proxy;
  /**
   * How long the default proxy waits for another origin before answering 504: the
   * function's request budget (`STRATUS_API_TIMEOUT_MS`), so a slow origin is answered
   * before Lambda's own timeout cuts the request off. @default 10000
   */
  proxyTimeoutMs?: number;
  /**
   * A file of this site as its edge serves it (public files, `/_app/static`, the image
   * path), for a rewrite that lands on one: the path includes no `basePath`.
   */
  fetchOwn?(pathAndQuery: string, request: CoreRequest): Promise<CoreResponse>;
}

/** Answers 404 for a file of the site: used where nothing serves them (tests in memory). */
const noOwnFiles = async (): Promise<CoreResponse> => notFoundText();

/** The routing of one build: its layer, and the `basePath` the core takes requests inside. */
export interface SiteRouting {
  /** `''` when the site has none. */
  basePath: string;
  layer: RoutingLayer;
}

export function createSiteRouting(manifest: Pick<Manifest, 'config' | 'routes' | 'publicFiles' | 'buildId'>, middleware: AppMiddleware | undefined, ports: SiteRoutingPorts = {}): SiteRouting {
  const routing = manifest.config.routing ?? NO_ROUTING;
  const locales = manifest.config;
  const pages = manifest.routes.filter((route) => route.kind !== 'api');
  const apis = manifest.routes.filter((route) => route.kind === 'api');
  const publicFiles = new Set(manifest.publicFiles);
  const isPlain = (route: ManifestRoute) => route.segments.every((segment) => segment.type === 'static');

  /**
   * The public file decoded segments name: as written, or under the default locale's
   * prefix (`/en/logo.png`, where a rewrite's destination lands with the prefix given
   * back), as the pages router serves public files there too.
   */
  function publicFileOf(parts: string[]): string | undefined {
    const file = `/${parts.join('/')}`;
    if (publicFiles.has(file)) return file;
    if (locales.locales.length < 2 || parts[0] !== locales.defaultLocale) return undefined;
    const inner = `/${parts.slice(1).join('/')}`;
    return publicFiles.has(inner) ? inner : undefined;
  }

  /** A rewrite to a public file under the default locale's prefix fetches the file itself. */
  const fetchOwn: NonNullable<SiteRoutingPorts['fetchOwn']> = (pathAndQuery, request) => {
    const own = ports.fetchOwn ?? noOwnFiles;
    const at = pathAndQuery.search(/[?#]/);
    const path = at < 0 ? pathAndQuery : pathAndQuery.slice(0, at);
    let file: string | undefined;
    try {
      file = path.startsWith(`/${locales.defaultLocale}/`) ? publicFileOf(splitPath(path)) : undefined;
    } catch {
      file = undefined;
    }
    return own(file && file !== path ? file.split('/').map(encodeURIComponent).join('/') + (at < 0 ? '' : pathAndQuery.slice(at)) : pathAndQuery, request);
  };

  function probe(path: string): PathKind {
    if (path.startsWith('/_app/')) return path === IMAGE_PATH || path.startsWith(STATIC_PREFIX) ? 'file' : 'none';
    let parts: string[];
    try {
      parts = splitPath(path);
    } catch {
      return 'none';
    }
    if (publicFileOf(parts) !== undefined) return 'file';
    const api = isApiPath(path);
    const rest = api ? parts : splitLocaleSegments(parts, locales).parts;
    const match = matchRoute(api ? apis : pages, rest);
    if (!match) return 'none';
    return isPlain(match.route) ? 'page' : 'dynamic';
  }

  const settings = { basePath: routing.basePath, locales, buildId: manifest.buildId, trailingSlash: routing.trailingSlash };
  const layer = createRoutingLayer({
    routing,
    rules: compileRouting(routing, locales),
    middleware: middleware ? createMiddleware(middleware, settings) : undefined,
    probe,
    proxy: ports.proxy ?? createProxy({ timeoutMs: ports.proxyTimeoutMs }),
    fetchOwn,
  });
  return { basePath: routing.basePath, layer };
}
