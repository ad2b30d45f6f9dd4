/**
 * The one parser for `/_app/image?url=…&w=…&q=…`. Each failure is a 400 whose one-line
 * message names the parameter, in the wording users of the Next.js optimiser know.
 */
import type { ResolvedImageConfig } from '../../contract/config';
import { HttpError } from '../shared/http-error';
import { IMAGE_PATH } from '../../contract/urls';
import { isAllowedRemoteUrl } from './remote-patterns';

export interface ImageParams {
  /** The `url` parameter as given: a site path (`/a.jpg`) or an absolute URL. */
  url: string;
  /** True for an absolute http(s) URL on an allowed remote host. */
  isAbsolute: boolean;
  width: number;
  quality: number;
}

/** Longest `url` accepted; longer ones are almost certainly abuse. */
const MAX_URL_LENGTH = 3072;

const RECURSIVE = new RegExp(`^${IMAGE_PATH.replace(/[/]/g, '\\/')}($|/)`);

/**
 * Checks the query of an image request against the config.
 *
 * @throws HttpError 400 with a message such as `"w" parameter (width) of 99 is not allowed`.
 * @example
 * parseImageParams(new URLSearchParams('url=/a.jpg&w=640'), config); // { url: '/a.jpg', isAbsolute: false, width: 640, quality: 75 }
 */
export function parseImageParams(query: URLSearchParams, config: ResolvedImageConfig): ImageParams {
  const { url, isAbsolute } = parseUrl(query.getAll('url'), config);
  const width = parseWidth(query.getAll('w'), config);
  const quality = parseQuality(query.getAll('q'), config);
  return { url, isAbsolute, width, quality };
}

function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}

/** The base site paths are resolved against; only its origin matters. */
const SITE = new URL('http://site.invalid');

function parseUrl(values: string[], config: ResolvedImageConfig): { url: string; isAbsolute: boolean } {
  const [url] = values;
  if (values.length > 1) throw badRequest('"url" parameter cannot be an array');
  if (!url) throw badRequest('"url" parameter is required');
  if (url.length > MAX_URL_LENGTH) throw badRequest('"url" parameter is too long');
  if (url.startsWith('/')) {
    const { path, decodedPath } = parseSitePath(url);
    if (RECURSIVE.test(decodedPath)) throw badRequest('"url" parameter cannot be recursive');
    return { url: path, isAbsolute: false };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('"url" parameter is invalid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badRequest('"url" parameter is invalid');
  if (RECURSIVE.test(parsed.pathname)) throw badRequest('"url" parameter cannot be recursive');
  if (!isAllowedRemoteUrl(parsed, config.remotePatterns)) throw badRequest('"url" parameter is not allowed');
  return { url: parsed.href, isAbsolute: true };
}

/**
 * A site path as the URL parser reads it, so the image loaded, its download name and a 307
 * to it all mean the same URL: `//host`, `/\host` and `/<tab>/host` name another origin
 * for a browser and are refused; leading slashes collapse to one.
 */
function parseSitePath(url: string): { path: string; decodedPath: string } {
  let parsed: URL;
  try {
    parsed = new URL(url, SITE);
  } catch {
    throw badRequest('"url" parameter is invalid');
  }
  if (parsed.origin !== SITE.origin) throw badRequest('"url" parameter cannot be a protocol-relative URL (//)');
  const pathname = `/${parsed.pathname.replace(/^\/+/, '')}`;
  try {
    return { path: pathname + parsed.search, decodedPath: decodeURIComponent(pathname) };
  } catch {
    throw badRequest('"url" parameter is invalid');
  }
}

function parseWidth(values: string[], config: ResolvedImageConfig): number {
  const [w] = values;
  if (values.length > 1) throw badRequest('"w" parameter (width) cannot be an array');
  if (!w) throw badRequest('"w" parameter (width) is required');
  const width = /^[0-9]+$/.test(w) ? Number(w) : NaN;
  if (!(width > 0)) throw badRequest('"w" parameter (width) must be an integer greater than 0');
  if (!config.deviceSizes.includes(width) && !config.imageSizes.includes(width)) {
    throw badRequest(`"w" parameter (width) of ${width} is not allowed`);
  }
  return width;
}

function parseQuality(values: string[], config: ResolvedImageConfig): number {
  const [q] = values;
  if (values.length > 1) throw badRequest('"q" parameter (quality) cannot be an array');
  if (q === undefined) return config.quality;
  const quality = /^[0-9]+$/.test(q) ? Number(q) : NaN;
  if (!(quality >= 1 && quality <= 100)) {
    throw badRequest('"q" parameter (quality) must be an integer between 1 and 100');
  }
  // Each quality is a transform and a cache entry of its own: only the configured ones (Next 16's allowlist).
  if (config.qualities && !config.qualities.includes(quality)) throw badRequest(`"q" parameter (quality) of ${q} is not allowed`);
  return quality;
}
