/**
 * Source for the local server: the build's asset folder (`<out>/assets`), which holds what
 * the bucket holds on AWS.
 */
import { closeSync, fstatSync, openSync, readFile, readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_MAX_INPUT_BYTES, notFound, pathToKey, tooManyBytes, type ImageSource } from './source';

export interface LocalSourceOptions {
  /** @default DEFAULT_MAX_INPUT_BYTES (50 MiB) */
  maxInputBytes?: number;
}

/**
 * Files up to this size are read in one blocking call (~0.2 ms for a 1 MB photo): the
 * thread-pool round trips of an asynchronous read each wait for a core while sharp keeps
 * both busy, ~3 % of the images a second the local server makes. Larger files are read
 * asynchronously so that the server keeps answering meanwhile.
 */
const READ_AT_ONCE_BYTES = 4 * 1024 * 1024;

const readFd = promisify(readFile) as (fd: number) => Promise<Buffer>;

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
      let fd: number;
      try {
        fd = openSync(file, 'r');
      } catch {
        throw notFound();
      }
      try {
        const stats = fstatSync(fd);
        if (!stats.isFile()) throw notFound();
        if (stats.size > maxInputBytes) throw tooManyBytes(stats.size, maxInputBytes);
        return { buffer: stats.size <= READ_AT_ONCE_BYTES ? readFileSync(fd) : await readFd(fd) };
      } finally {
        closeSync(fd);
      }
    },
  };
}
