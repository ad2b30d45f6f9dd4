/**
 * `fetch()` of a `file:` URL inside the render function's own folder answers with that file,
 * as the edge runtime answers the assets an edge route or middleware names by
 * `fetch(new URL('../../assets/Inter.ttf', import.meta.url))` (the pattern of @vercel/og's
 * docs for fonts): the build ships such files in the function's `assets/`
 * (cli/builder/app-import-meta.ts), and Node's own `fetch` rejects every `file:` URL.
 *
 * The global `fetch` is wrapped once, only in a bundle whose app files read `import.meta`
 * (the build imports file-fetch-global.ts there). Any other URL, a `file:` URL outside the
 * folder, a method other than GET or HEAD, go to the `fetch` it wraps as they were.
 * Installing reads `globalThis.fetch` only (Node's loads its implementation, undici, on its
 * first call); `Response` is read when a file is answered, never at cold start.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WRAPPED = Symbol.for('stratus.fileFetch');

/** Content types of the files an app names this way, by extension; others are bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** The content type of a file by its extension. */
export function fileContentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The `file:` URL's text of a fetch's input; undefined for any other (read without touching `Request`, which loads undici). */
function fileUrlOf(input: unknown): string | undefined {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : typeof input === 'object' && input !== null && typeof (input as { url?: unknown }).url === 'string' ? (input as { url: string }).url : undefined;
  return href !== undefined && /^file:/i.test(href) ? href : undefined;
}

/** The path a fetch's input names inside one of `roots`, else undefined. */
export function fileInside(roots: Iterable<string>, input: unknown): string | undefined {
  const href = fileUrlOf(input);
  if (href === undefined) return undefined;
  let file: string;
  try {
    file = fileURLToPath(href);
  } catch {
    // `file://host/…`, a malformed URL: the real fetch says what it says of them.
    return undefined;
  }
  for (const root of roots) {
    const relative = path.relative(root, file);
    if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return file;
  }
  return undefined;
}

/**
 * `fetch` answering `file:` URLs inside `roots` (the function's folder) from the file there:
 * 200 with its bytes and a content type by extension, 404 when there is no such file.
 */
export function withFileUrls(fetch: typeof globalThis.fetch, roots: Iterable<string>): typeof globalThis.fetch {
  return function fetchWithFiles(input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit): Promise<Response> {
    const file = fileInside(roots, input);
    const method = (init?.method ?? (typeof input === 'object' && !(input instanceof URL) ? (input as { method?: string }).method : undefined) ?? 'GET').toUpperCase();
    if (file === undefined || (method !== 'GET' && method !== 'HEAD')) return fetch(input, init);
    return readFile(file).then(
      (bytes) => new Response(method === 'HEAD' ? null : bytes, { status: 200, headers: { 'content-type': fileContentType(file), 'content-length': String(bytes.byteLength) } }),
      () => new Response(null, { status: 404 }),
    );
  };
}

/**
 * Wraps the global `fetch` (once per process) so that it answers `file:` URLs inside `root`;
 * another bundle loaded in the same process (a test, `stratus dev`) adds its own folder.
 */
export function installFileFetch(root: string): void {
  const current = globalThis.fetch as (typeof fetch & { [WRAPPED]?: Set<string> }) | undefined;
  if (typeof current !== 'function') return;
  if (current[WRAPPED]) {
    current[WRAPPED].add(root);
    return;
  }
  const roots = new Set([root]);
  const wrapped = withFileUrls(current, roots) as typeof fetch & { [WRAPPED]?: Set<string> };
  wrapped[WRAPPED] = roots;
  globalThis.fetch = wrapped;
}
