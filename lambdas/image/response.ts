/**
 * The headers of an optimised image and its ETag (the conditional-request check is
 * lambdas/shared/etag.ts's, the `Cache-Control` values lambdas/shared/cache-control.ts's).
 */
import { createHash } from 'node:crypto';
import { imageCacheControl, PRIVATE_NO_STORE } from '../shared/cache-control';

/** Sent on every image response: an image opened directly can never run script. */
export const IMAGE_CSP = "script-src 'none'; frame-src 'none'; sandbox;";

export interface ImageHeadersInput {
  contentType: string;
  extension: string;
  /** Seconds: max(minimumCacheTTL, the source's own max-age). */
  maxAge: number;
  etag: string;
  /** The `url` parameter, for the download name. */
  url: string;
}

/** A strong ETag derived from the output bytes. */
export function createEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** All headers of a 200 (and, the same ones, of a 304). */
export function imageHeaders(input: ImageHeadersInput): Record<string, string> {
  return {
    'content-type': input.contentType,
    'cache-control': imageCacheControl(input.maxAge),
    etag: input.etag,
    vary: 'Accept',
    'content-disposition': `inline; filename="${downloadName(input.url)}.${input.extension}"`,
    'content-security-policy': IMAGE_CSP,
    'x-content-type-options': 'nosniff',
  };
}

/** Headers of a plain-text error answer; errors are not cached. */
export function errorHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': PRIVATE_NO_STORE,
    'content-security-policy': IMAGE_CSP,
    'x-content-type-options': 'nosniff',
    ...extra,
  };
}

/**
 * The last path segment without its extension, reduced to characters that are safe
 * inside a quoted header value: `/photos/Café%201.jpg` → `Caf_1`.
 */
export function downloadName(url: string): string {
  let segment: string;
  try {
    segment = new URL(url, 'http://site.invalid').pathname.split('/').pop() ?? '';
    segment = decodeURIComponent(segment);
  } catch {
    segment = '';
  }
  const base = segment.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '_');
  return base.replace(/^[._]+/, '') || 'image';
}
