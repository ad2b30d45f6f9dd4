/**
 * Source for the local server: the build's asset folder (`<out>/assets`), which holds what
 * the bucket holds on AWS.
 */
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
