/**
 * The shared page store as a local folder (ports.ts, `SharedPages`): what `stratus start`
 * uses (`STRATUS_LOCAL_PAGES`), so `npm start` needs nothing but Node. In AWS, s3-pages.ts.
 */
import path from 'node:path';
import { nodeFsPromises } from '../../shared/node-builtins';
import { deserializePage, hashedKey, serializePage } from './page-object';
import type { SharedPages } from './ports';

/**
 * Pages as files `<dir>/<sha256 of the key>.json`: no path a visitor chose ever becomes a
 * file path. Written to a temporary name and renamed, so a reader never sees half a page.
 *
 * @example
 * const shared = folderPages('.stratus/page-store');
 */
export function folderPages(dir: string): SharedPages {
  const fileOf = (key: string) => path.join(dir, `${hashedKey(key)}.json`);
  return {
    async read(key) {
      try {
        return deserializePage(await nodeFsPromises().readFile(fileOf(key), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(key, page) {
      const fs = nodeFsPromises();
      await fs.mkdir(dir, { recursive: true });
      const file = fileOf(key);
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, serializePage(page));
      await fs.rename(temporary, file);
    },
  };
}
