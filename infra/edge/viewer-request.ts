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
}

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

const CONFIG_MARKERS = /\/\*STRATUS_CONFIG\*\/[\s\S]*?\/\*END_STRATUS_CONFIG\*\//;

/** Picks what the edge needs from the app's config and the build's body routes. */
export function edgeConfigOf(config: ResolvedConfig, bodies: BodyRoutes = { api: false, pageBodies: false }): EdgeConfig {
  return {
    locales: config.locales, defaultLocale: config.defaultLocale, imageFormats: config.images.formats, api: bodies.api, pageBodies: bodies.pageBodies,
    basePath: config.routing?.basePath ?? '', trailingSlash: config.routing?.trailingSlash ?? false,
  };
}

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
  // Whole-line comments are for readers of the source; the 10 KB limit counts every byte uploaded.
  const code = source.replace(CONFIG_MARKERS, JSON.stringify(config)).replace(COMMENT_LINES, '');
  const bytes = Buffer.byteLength(code, 'utf8');
  if (bytes > MAX_FUNCTION_BYTES) {
    throw new Error(`viewer-request function is ${bytes} bytes with this config; CloudFront Functions allow ${MAX_FUNCTION_BYTES}.`);
  }
  return code;
}

/**
 * Evaluates the very code the stack uploads and returns its `handler`. The local server
 * calls it once at start-up with the app's config, then once per request with a
 * CloudFront Functions event. Accepts either the edge slice or the whole resolved config
 * (with the build's body routes).
 */
export function loadViewerRequest(
  config: EdgeConfig | ResolvedConfig,
  bodies?: BodyRoutes,
): (event: CloudFrontFunctionEvent) => CloudFrontFunctionResult {
  const edgeConfig = 'images' in config ? edgeConfigOf(config, bodies) : config;
  const code = viewerRequestCode(edgeConfig);
  // A fresh context, as at the edge: no require, process or timers.
  const handler = runIsolated(code, { filename: 'viewer-request.cf.js', returning: 'handler' }) as (event: CloudFrontFunctionEvent) => CloudFrontFunctionResult;
  return (event) => handler(event);
}

/** True when the function answered instead of passing the request on. */
export function isFunctionResponse(result: CloudFrontFunctionResult): result is CloudFrontFunctionResponse {
  return 'statusCode' in result;
}
