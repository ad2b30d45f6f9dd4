/**
 * The one interface every image source implements: the S3 bucket (on Lambda), the build's
 * asset folder (local server) and allowed remote hosts.
 */
import { HttpError } from '../../shared/http-error';
import { readUpTo } from '../../shared/read-capped';

/** The bytes of a source image and what the source said about caching it. */
export interface SourceImage {
  buffer: Buffer;
  /** `max-age` (or `s-maxage`) the source gave, in seconds; absent when it gave none. */
  maxAge?: number;
}

/**
 * Loads source images.
 *
 * @example
 * const source: ImageSource = createLocalSource('/app/.stratus/assets');
 * const { buffer } = await source.load('/photos/a.jpg');
 */
export interface ImageSource {
  /**
   * Loads `url`: a path on this site (`/photos/a.jpg`) for the bucket and folder sources,
   * an absolute URL for the remote source.
   *
   * @throws HttpError 404 when there is nothing there, 400 when it exceeds the byte limit.
   */
  load(url: string): Promise<SourceImage>;
}

/** Default cap on a source image's bytes; larger inputs get a 400 before they are read. */
export const DEFAULT_MAX_INPUT_BYTES = 50 * 1024 * 1024;

/** The 404 every source answers for a missing image. */
export function notFound(): HttpError {
  return new HttpError(404, 'The requested resource was not found.');
}

/** The 400 for an input over the byte limit, saying both numbers. */
export function tooManyBytes(bytes: number | undefined, limit: number): HttpError {
  const size = bytes === undefined ? `more than ${limit}` : String(bytes);
  return new HttpError(400, `The requested resource is too large: ${size} bytes, the limit is ${limit} bytes.`);
}

/** Reads a source's bytes up to `limit`; past it, `onOverflow` stops the stream and the answer is the 400. */
export function readCapped(stream: AsyncIterable<Uint8Array>, limit: number, onOverflow?: () => void): Promise<Buffer> {
  return readUpTo(stream, limit, () => {
    onOverflow?.();
    return tooManyBytes(undefined, limit);
  });
}

/**
 * Turns a site path (`/photos/a%20b.jpg`) into the object key or relative file path
 * (`photos/a b.jpg`). `..` segments are already resolved by URL parsing in params.ts.
 */
export function pathToKey(path: string): string {
  const pathname = new URL(path, 'http://site.invalid').pathname;
  return decodeURIComponent(pathname).replace(/^\/+/, '');
}

/** `max-age` from a Cache-Control value, preferring `s-maxage` as shared caches do. */
export function parseMaxAge(cacheControl: string | null | undefined): number | undefined {
  if (!cacheControl) return undefined;
  const directives = new Map<string, string>();
  for (const part of cacheControl.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name) directives.set(name.toLowerCase(), value.replace(/^"|"$/g, ''));
  }
  for (const name of ['s-maxage', 'max-age']) {
    const value = directives.get(name);
    if (value !== undefined && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}
