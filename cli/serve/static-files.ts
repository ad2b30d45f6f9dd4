/**
 * The S3 origin, locally: files of the build's assets folder with the `Cache-Control` the
 * bucket objects carry, an ETag, and 304 for a matching `If-None-Match`.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3CachePrefix } from '../../contract/manifest';
import { REVALIDATE_FILE } from '../../lambdas/shared/cache-control';
import { matchesIfNoneMatch } from '../../lambdas/shared/etag';

/** Content types by extension; a Map, as the extension comes from the visitor's URL. */
const TYPES = new Map(Object.entries({
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif', '.ico': 'image/x-icon', '.woff': 'font/woff',
  '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json', '.map': 'application/json', '.pdf': 'application/pdf',
  '.ttf': 'font/ttf', '.otf': 'font/otf', '.eot': 'application/vnd.ms-fontobject', '.bmp': 'image/bmp', '.cur': 'image/x-icon',
  '.mp4': 'video/mp4', '.webm': 'video/webm', '.ogg': 'audio/ogg', '.mp3': 'audio/mpeg', '.wav': 'audio/wav',
}));

export interface StaticFile {
  status: number;
  headers: Record<string, string>;
  body?: Buffer;
}

/** The `Content-Type` the bucket gives a file, by its extension. */
export function contentType(file: string): string {
  return TYPES.get(path.extname(file).toLowerCase()) ?? 'application/octet-stream';
}

export function createStaticFiles(assetsDir: string, prefixes: readonly S3CachePrefix[]) {
  const root = path.resolve(assetsDir);
  const etags = new Map<string, { mtime: number; etag: string; body: Buffer }>();

  /** `null` when the bucket has no such key. */
  return async function serveStatic(urlPath: string, ifNoneMatch?: string): Promise<StaticFile | null> {
    let key: string;
    try {
      key = decodeURIComponent(urlPath).replace(/^\/+/, '');
    } catch {
      return null;
    }
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) return null; // no escaping the bucket
    // Asked for every page the edge tries the bucket for first (a server page's path too, on
    // every request): a stat that says "none" without throwing, since the promise API's
    // ENOENT error, with its stack, cost more than the rest of the lookup (issue 35). A
    // local file's stat does not keep the server waiting.
    let info;
    try {
      info = statSync(file, { throwIfNoEntry: false });
    } catch {
      return null;
    }
    if (!info?.isFile()) return null;
    let cached = etags.get(file);
    if (!cached || cached.mtime !== info.mtimeMs) {
      const body = await readFile(file);
      cached = { mtime: info.mtimeMs, etag: `"${createHash('md5').update(body).digest('hex')}"`, body };
      etags.set(file, cached);
    }
    const cacheControl = prefixes.find((p) => key.startsWith(p.prefix))?.cacheControl ?? REVALIDATE_FILE;
    const headers = { 'content-type': contentType(file), 'cache-control': cacheControl, etag: cached.etag, 'last-modified': info.mtime.toUTCString() };
    if (matchesIfNoneMatch(ifNoneMatch, cached.etag)) return { status: 304, headers };
    return { status: 200, headers, body: cached.body };
  };
}
