/**
 * Source for the local server: the build's asset folder (`<out>/assets`), which holds what
 * the bucket holds on AWS.
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { DEFAULT_MAX_INPUT_BYTES, notFound, pathToKey, tooManyBytes, type ImageSource } from './source';

export interface LocalSourceOptions {
  /** @default DEFAULT_MAX_INPUT_BYTES (50 MiB) */
  maxInputBytes?: number;
}

/**
 * Reads site paths from a folder.
 *
 * @example
 * const source = createLocalSource('web/site/.stratus/assets');
 * await source.load('/_app/static/media/photo.3f2a9c1b.jpg');
 */
export function createLocalSource(rootDir: string, options: LocalSourceOptions = {}): ImageSource {
  const root = resolve(rootDir);
  const maxInputBytes = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  return {
    async load(url) {
      const file = resolve(root, pathToKey(url));
      // URL parsing already folds `..`, but a decoded `%2F..` could still climb out.
      if (!file.startsWith(root + sep)) throw notFound();
      const small = readSmallFile(file, maxInputBytes);
      if (small) return { buffer: small };
      const handle = await open(file, 'r').catch(() => undefined);
      if (!handle) throw notFound();
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw notFound();
        if (stats.size > maxInputBytes) throw tooManyBytes(stats.size, maxInputBytes);
        return { buffer: await handle.readFile() };
      } finally {
        await handle.close();
      }
    },
  };
}

/**
 * Files up to this size are read in one blocking call (~0.2 ms for a 1 MB photo): the five
 * thread-pool round trips of an asynchronous read each wait for a core while sharp keeps
 * both busy, ~3 % of the images a second the local server makes. Larger files are read
 * asynchronously so that the server keeps answering meanwhile.
 */
const READ_AT_ONCE_BYTES = 4 * 1024 * 1024;

/** The file's bytes when it is a regular file of at most READ_AT_ONCE_BYTES; undefined to read it the asynchronous way (which also says what is wrong). */
function readSmallFile(file: string, maxInputBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > Math.min(READ_AT_ONCE_BYTES, maxInputBytes)) return undefined;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
