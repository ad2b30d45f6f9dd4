/**
 * Answers built in one place (as Hono's `c.text`, `c.json`, `c.notFound`): a body with its
 * type, `Cache-Control`, ETag and length, and the plain-text and JSON answers the functions
 * and the local server give of their own. Every answer of the render core's output stage is
 * one of these; the values of `Cache-Control` are cache-control.ts's.
 */
import { copy } from './extend';
import type { CoreResponse } from './http';
import { NOT_STORED } from './cache-control';

export const HTML_TYPE = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * A response with a body. `added` are headers the answer carries besides its own (type,
 * cache, ETag, length), which are written over them. (Literal objects on the common path:
 * a spread into each response's headers cost ~1 µs a request on Node 20; with added
 * headers, a copy by `copy` is cheaper than a spread.)
 */
export function bodyAnswer(status: number, type: string, body: string, cacheControl: string, added?: Record<string, string>, etag?: string): CoreResponse {
  const length = String(Buffer.byteLength(body));
  if (added) {
    const headers: Record<string, string> = copy(added);
    headers['content-type'] = type;
    headers['cache-control'] = cacheControl;
    if (etag !== undefined) headers.etag = etag;
    headers['content-length'] = length;
    return { status, headers, body };
  }
  const headers: Record<string, string> =
    etag === undefined
      ? { 'content-type': type, 'cache-control': cacheControl, 'content-length': length }
      : { 'content-type': type, 'cache-control': cacheControl, etag, 'content-length': length };
  return { status, headers, body };
}

/**
 * A plain-text answer of the framework's own (a proxy's failure, a file nothing serves).
 *
 * @example
 * textAnswer(502, 'Bad Gateway'); // text/plain, no-store
 */
export function textAnswer(status: number, text: string, cacheControl: string = NOT_STORED): CoreResponse {
  return bodyAnswer(status, TEXT_TYPE, text, cacheControl);
}

/** A JSON answer from a value. */
export function jsonAnswer(status: number, value: unknown, cacheControl: string, added?: Record<string, string>): CoreResponse {
  return bodyAnswer(status, JSON_TYPE, JSON.stringify(value), cacheControl, added);
}

/** The plain 404 where nothing serves a path (a file of the site with no origin to fetch it from). */
export function notFoundText(): CoreResponse {
  return textAnswer(404, 'Not Found');
}
