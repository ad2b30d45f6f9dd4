/**
 * The viewer-request CloudFront Function as text (for the stack) and as a callable (for
 * the local server and tests). Both come from the one source file `viewer-request.cf.js`, with
 * the app's settings injected between its config markers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runIsolated } from './isolated-code';
import type { ResolvedConfig } from '../../contract/config';
import type { BodyRoutes } from '../../contract/edge-behaviours';
import type { ManifestRoute } from '../../contract/manifest';
import { serverOnlyRoutes } from './server-only-routes';

/** The settings the edge function needs: a slice of the app's resolved config, and its body routes. */
export interface EdgeConfig {
  locales: string[];
  defaultLocale: string;
  /** Image output formats in order of preference, as media types (`image/avif`). */
  imageFormats: string[];
  /** `/api` and `/api/*` take every method (contract/edge-behaviours.ts, `BodyRoutes`). @default false */
  api?: boolean;
  /** Pages take every method (a getServerSideProps page reads them). @default false */
  pageBodies?: boolean;
  /** The path the site is mounted under (contract/routing.ts). @default '' */
  basePath?: string;
  /** Page URLs end with `/`. @default false */
  trailingSlash?: boolean;
  /** Both spellings of a page's URL answer, neither redirected (`skipTrailingSlashRedirect`). @default false */
  anySlash?: boolean;
  /** The app configured locales: a path's first segment may name one (`/fr/about`, `/en/about`). @default false */
  i18n?: boolean;
  /**
   * Pages the build put in the bucket are asked of it first (`/_app/pages/<buildId>/…`), in
   * an origin group of these two origins (their ids in the distribution): CloudFront answers
   * them without the render function. @default null: every page from the render function
   */
  pages?: EdgePages | null;
  /**
   * With `pages`: the page routes only the render function answers, in the edge's form
   * (infra/edge/server-only-routes.ts), asked of it without trying the bucket first.
   * @default [] (every page path tries the bucket first)
   */
  serverRoutes?: string[];
}

/** Where the edge finds the pages the build put in the bucket. */
export interface EdgePages {
  buildId: string;
  /** The distribution's id of the bucket's origin (with origin access control). */
  bucketOrigin: string;
  /** The distribution's id of the render function's origin, asked when the bucket has no copy. */
  renderOrigin: string;
}

/** The origin ids the stack gives the distribution's bucket and render function (infra/constructs/site-distribution.ts); the local server uses them too. */
export const ORIGIN_IDS = { assets: 'assets', render: 'render' } as const;

/** An origin group the function made for one request (`cf.createRequestOriginGroup`). */
export interface RequestOriginGroup {
  originIds: string[];
  failoverCriteria: { statusCodes: number[] };
}

/**
 * What the function chose for one request's origin: an origin group (`cf.createRequestOriginGroup`)
 * or one origin of the distribution by its id (`cf.selectRequestOriginById`), the last call winning.
 */
export interface RequestOriginChoice {
  originGroup?: RequestOriginGroup;
  originId?: string;
}

/** What a run of the function gives: its result, and the origin it chose, if any. */
export type ViewerRequestRun = { result: CloudFrontFunctionResult } & RequestOriginChoice;

/** CloudFront Functions' `{ value, multiValue? }` maps for headers, cookies and query. */
export interface CloudFrontValue {
  value: string;
  multiValue?: { value: string }[];
}
export type CloudFrontValueMap = Record<string, CloudFrontValue>;

export interface CloudFrontFunctionRequest {
  method: string;
  uri: string;
  /** Values as the viewer sent them (still percent-encoded). */
  querystring: CloudFrontValueMap;
  /** Lower-case names. */
  headers: CloudFrontValueMap;
  cookies: CloudFrontValueMap;
}

/** https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-event-structure.html */
export interface CloudFrontFunctionEvent {
  version: '1.0';
  context?: { eventType?: 'viewer-request'; requestId?: string; distributionId?: string };
  viewer?: { ip: string };
  request: CloudFrontFunctionRequest;
}

/** A response the function answers with instead of going on to the cache and origin. */
export interface CloudFrontFunctionResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: CloudFrontValueMap;
  body?: string;
}

/** The (possibly changed) request to go on with, or a response to send right away. */
export type CloudFrontFunctionResult = CloudFrontFunctionRequest | CloudFrontFunctionResponse;

/** CloudFront Functions refuses code over 10 KB (not adjustable). */
export const MAX_FUNCTION_BYTES = 10 * 1024;

/** Lines holding only a `//` comment (the source has no string or regex that starts a line with `//`). */
const COMMENT_LINES = /^[ \t]*\/\/.*\n/gm;

/**
 * The spaces around `=`, `===`, `!==`, `&&` and `||`, and between `)` and `{`: no string or
 * regex of the source holds one of these sequences (a test checks), so they go before the
 * app's config is put in.
 */
const OPERATOR_SPACES = / (===|!==|&&|\|\||=) |\) \{/g;

const CONFIG_MARKERS = /\/\*STRATUS_CONFIG\*\/[\s\S]*?\/\*END_STRATUS_CONFIG\*\//;

/**
 * Picks what the edge needs from the app's config and the build's body routes; with the
 * build's id, pages the build put in the bucket are asked of it first.
 */
export function edgeConfigOf(config: ResolvedConfig, bodies: BodyRoutes = { api: false, pageBodies: false }, buildId?: string, routes: readonly Pick<ManifestRoute, 'kind' | 'segments'>[] = []): EdgeConfig {
  return {
    locales: config.locales, defaultLocale: config.defaultLocale, imageFormats: config.images.formats, api: bodies.api, pageBodies: bodies.pageBodies,
    basePath: config.routing?.basePath ?? '', trailingSlash: config.routing?.trailingSlash ?? false,
    anySlash: config.routing?.skipTrailingSlashRedirect === true,
    i18n: config.i18n === true || config.locales.length > 1,
    pages: buildId === undefined ? null : { buildId, bucketOrigin: ORIGIN_IDS.assets, renderOrigin: ORIGIN_IDS.render },
    serverRoutes: buildId === undefined ? [] : serverOnlyRoutes(routes),
  };
}

/** The module import runtime 2.0 takes on the first line; evaluated locally, `cf` is given instead. */
const CLOUDFRONT_IMPORT = /^import cf from 'cloudfront';\n/m;

/**
 * Where the function's source lives. A bundler may move this module away from its sibling,
 * so the checkout path is tried too.
 */
export function viewerRequestSourcePath(): string {
  const candidates = [join(__dirname, 'viewer-request.cf.js'), join(process.env.STRATUS_ROOT ?? process.cwd(), 'infra', 'edge', 'viewer-request.cf.js')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`viewer-request.cf.js not found; looked in: ${candidates.join(', ')}`);
  return found;
}

/** The function's code with `config` injected: what the stack uploads. */
export function viewerRequestCode(config: EdgeConfig, source = readFileSync(viewerRequestSourcePath(), 'utf8')): string {
  if (!CONFIG_MARKERS.test(source)) throw new Error('viewer-request.cf.js lost its /*STRATUS_CONFIG*/ markers');
  // Whole-line comments are for readers of the source; the 10 KB limit counts every byte
  // uploaded. That leaves the `cloudfront` import first, where runtime 2.0 wants it.
  // Indentation and blank lines go too: the source has no string or template spanning lines;
  // and the spaces around a few operators (OPERATOR_SPACES), which pay for the page-data check.
  const code = source
    .replace(COMMENT_LINES, '')
    .replace(/^[ \t]+/gm, '')
    .replace(/\n{2,}/g, '\n')
    .replace(OPERATOR_SPACES, (spaced: string, operator?: string) => operator ?? '){')
    .replace(CONFIG_MARKERS, JSON.stringify(config))
    .replace(/^\s+/, '');
  const bytes = Buffer.byteLength(code, 'utf8');
  // The server-only routes only save a round trip to the bucket: past the limit, every page tries the bucket first again.
  if (bytes > MAX_FUNCTION_BYTES && config.serverRoutes?.length) return viewerRequestCode({ ...config, serverRoutes: [] }, source);
  if (bytes > MAX_FUNCTION_BYTES) {
    throw new Error(`viewer-request function is ${bytes} bytes with this config; CloudFront Functions allow ${MAX_FUNCTION_BYTES}.`);
  }
  return code;
}

/**
 * Evaluates the very code the stack uploads and returns its `handler`, with the origin
 * group a request asked for (`cf.createRequestOriginGroup`, the one origin helper it uses).
 * The local server calls it once at start-up with the app's config, then once per request
 * with a CloudFront Functions event. Accepts either the edge slice or the whole resolved
 * config (with the build's body routes).
 */
export function loadViewerRequestWithOrigins(
  config: EdgeConfig | ResolvedConfig,
  bodies?: BodyRoutes,
): (event: CloudFrontFunctionEvent) => ViewerRequestRun {
  const edgeConfig = 'images' in config ? edgeConfigOf(config, bodies) : config;
  return evaluateViewerRequest(viewerRequestCode(edgeConfig));
}

/**
 * Evaluates uploaded function code as the runtime would (the stack's, or one read back from a
 * synthesized template): its handler, and the origin (group) a request asked for.
 */
export function evaluateViewerRequest(code: string): (event: CloudFrontFunctionEvent) => ViewerRequestRun {
  if (!CLOUDFRONT_IMPORT.test(code)) throw new Error("viewer-request.cf.js lost its first line, import cf from 'cloudfront'");
  let choice: RequestOriginChoice = {};
  // The runtime's module, as far as the function uses it: what it asks for is kept for the caller.
  // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/helper-functions-origin-modification.html
  const cf = {
    createRequestOriginGroup(group: RequestOriginGroup) {
      choice = { originGroup: { originIds: [...group.originIds], failoverCriteria: { statusCodes: [...group.failoverCriteria.statusCodes] } } };
    },
    selectRequestOriginById(originId: string) {
      choice = { originId: String(originId) };
    },
  };
  // A fresh context, as at the edge: no require, process or timers.
  const handler = runIsolated(code.replace(CLOUDFRONT_IMPORT, '\n'), { filename: 'viewer-request.cf.js', returning: 'handler', given: { cf } }) as (event: CloudFrontFunctionEvent) => CloudFrontFunctionResult;
  return (event) => {
    choice = {};
    const result = handler(event);
    return { result, ...choice };
  };
}

/** The handler alone (loadViewerRequestWithOrigins), for what needs no origin choice. */
export function loadViewerRequest(config: EdgeConfig | ResolvedConfig, bodies?: BodyRoutes): (event: CloudFrontFunctionEvent) => CloudFrontFunctionResult {
  const run = loadViewerRequestWithOrigins(config, bodies);
  return (event) => run(event).result;
}

/** True when the function answered instead of passing the request on. */
export function isFunctionResponse(result: CloudFrontFunctionResult): result is CloudFrontFunctionResponse {
  return 'statusCode' in result;
}
