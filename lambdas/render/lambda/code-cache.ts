/**
 * What the render function's entry (loader.ts) and `stratus deploy` share about V8's code
 * cache: the files' names, and the operator event that makes a cache inside Lambda.
 *
 * V8 accepts a code cache only from the same V8 version, with the same flags (Lambda starts
 * Node with heap sizes that follow the function's memory) and for the same source, so the
 * one place that can make a cache Lambda accepts is the deployed function itself. `stratus
 * deploy` invokes it once with this event, writes the answer beside the bundle and deploys
 * again. V8 checks a source only by its length, so the cache file is named after a hash of
 * the bundle's bytes, and a bundle never reads another's.
 *
 * @example
 * { "stratus": "code-cache" }
 * // → { "file": "app.3f9c…d2.node22-arm64.cache", "codeCache": "<base64>", "node": "v22.…", "arch": "arm64" }
 */
import { APP_PREFIX } from '../../../contract/urls';

/** The bundle the entry loads: the app, with every page compiled in. */
export const APP_BUNDLE_FILE = 'app.js';

export interface CodeCacheEvent {
  stratus: 'code-cache';
}

/** The function's answer: the cache, and what it was made with (shown by `stratus deploy`). */
export interface CodeCacheAnswer {
  /** Name of the file to write beside the bundle. */
  file: string;
  /** V8's cache, base64. */
  codeCache: string;
  node: string;
  arch: string;
}

/**
 * `app.<hash>.node22-arm64.cache`, for the bundle whose bytes hash to `bundleId` (appBundleId
 * in cli/builder), made by the Node.js major version and CPU architecture named: a function
 * moved to another runtime or architecture (the stack's `runtime`, `architecture`) never
 * reads a cache made for the one before, and the next deploy makes one for its own.
 */
export function codeCacheFileName(bundleId: string, node: string = process.version, arch: string = process.arch): string {
  return `app.${bundleId}.node${node.replace(/^v/, '').split('.')[0]}-${arch}.cache`;
}

/** Whether a name is one codeCacheFileName makes: what `stratus deploy` writes is checked against it. */
export function isCodeCacheFileName(name: string): boolean {
  return /^app\.[0-9a-f]{16}\.node\d+-[a-z0-9]+\.cache$/.test(name);
}

export function isCodeCacheEvent(event: unknown): event is CodeCacheEvent {
  const e = event as Partial<CodeCacheEvent> | null;
  return typeof e === 'object' && e !== null && e.stratus === 'code-cache';
}

/**
 * The request the function answers before making its cache, so that the functions a first
 * request runs (the request stage, React's renderer, the document, the log line) are
 * compiled into it: a path under the framework's own prefix, which no page, rule or
 * middleware of the app ever sees (request.ts), answered with the 404 page: a GET that no
 * page of the app answers.
 */
export const WARM_UP_PATH = `${APP_PREFIX}code-cache-warm-up`;
