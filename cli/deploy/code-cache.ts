/**
 * `stratus deploy`'s second step: the deployed render function makes V8's code cache of
 * its own bundle (lambdas/render/code-cache.ts says why only it can), and the cache is
 * written beside the bundle in the build, for the deploy that follows to ship. A cold
 * start with it skips most of compiling.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appBundleId } from '../builder/bundle-id';
import { APP_BUNDLE_FILE, codeCacheFileName, type CodeCacheAnswer, type CodeCacheEvent } from '../../lambdas/render/code-cache';

export interface CodeCacheStepOptions {
  /** The build's render function folder (`<outDir>/lambdas/render`). */
  renderDir: string;
  functionName: string;
  log: (line: string) => void;
  /** Invokes the function's live alias with a JSON event and returns its JSON answer (cli/invoke-live.ts in a deploy). */
  invoke: (functionName: string, event: CodeCacheEvent) => Promise<unknown>;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

function isAnswer(value: unknown): value is CodeCacheAnswer {
  const a = value as Partial<CodeCacheAnswer> | null;
  return typeof a === 'object' && a !== null && typeof a.file === 'string' && typeof a.codeCache === 'string' && typeof a.node === 'string' && typeof a.arch === 'string';
}

/**
 * Whether the bytes open as V8's code caches do: a header (24 bytes on Node 20, 32 on 22)
 * whose first word, little-endian, is a magic number with 0xC0DE as its high half. The rest
 * of the header changes with V8's version and V8 checks it itself.
 */
export function looksLikeV8CodeCache(bytes: Buffer): boolean {
  return bytes.length > 32 && bytes.readUInt16LE(2) === 0xc0de;
}

/**
 * Asks the function for its cache and writes it beside the build's bundle. Resolves to the
 * file written, or undefined when there is none to ship (the reason logged): the site
 * works the same without it, so nothing here fails the deploy.
 */
export async function fetchCodeCache(options: CodeCacheStepOptions): Promise<string | undefined> {
  const { renderDir, log } = options;
  const bundle = path.join(renderDir, APP_BUNDLE_FILE);
  if (!existsSync(bundle)) {
    log(`code cache: skipped, ${bundle} is not there`);
    return undefined;
  }
  const expected = codeCacheFileName(appBundleId(bundle));
  let answer: unknown;
  try {
    answer = await options.invoke(options.functionName, { stratus: 'code-cache' });
  } catch (error) {
    log(`code cache: skipped, the render function did not make one (${(error as Error).message.split('\n')[0]}); cold starts compile the bundle as before.`);
    return undefined;
  }
  if (!isAnswer(answer)) {
    log('code cache: skipped, the render function answered something else (is the deployed function older than this Stratus?)');
    return undefined;
  }
  // The cache is for the bundle the function runs; it must be this build's.
  if (answer.file !== expected) {
    log(`code cache: skipped, the live function runs another build than ${path.relative(process.cwd(), bundle)} (another deploy since?)`);
    return undefined;
  }
  const bytes = Buffer.from(answer.codeCache, 'base64');
  // V8 checks a cache's version, flags and length, but not the bytes after its header (a
  // garbled file of the right length stops the process at init): only a V8 cache is shipped,
  // and in Lambda the deployment zip's CRC keeps its bytes as written.
  if (!looksLikeV8CodeCache(bytes)) {
    log('code cache: skipped, the render function\'s answer is not a V8 code cache');
    return undefined;
  }
  const file = path.join(renderDir, expected);
  writeFileSync(file, bytes);
  log(`code cache: ${kB(bytes.length)}, made by the render function in Lambda (Node.js ${answer.node}, ${answer.arch})`);
  return file;
}
