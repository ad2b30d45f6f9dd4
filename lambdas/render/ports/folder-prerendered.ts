/**
 * The build's prerendered pages in its folder (ports.ts, `PageSource`): `<build>/pages/`,
 * one object per page at its `pageObjectKey`. What the local server and a render function
 * run from its build folder read; in AWS the same objects are in the bucket (s3-pages.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deserializePage } from './page-object';
import type { PageSource } from './ports';

/**
 * @example
 * const prerendered = folderPrerendered('web/site/.stratus/pages');
 * await prerendered.read('b1/en/index.json');
 */
export function folderPrerendered(dir: string): PageSource {
  const root = path.resolve(dir);
  return {
    dependency: `the build's pages in ${root}`,
    async read(key) {
      const file = path.resolve(root, key);
      // Keys are made from page paths, whose segments never hold a slash or a dot segment; still, nothing outside the folder.
      if (!file.startsWith(root + path.sep)) return undefined;
      // At once, as the build's small files on a local disk were read before (a page object is a
      // few kB; node:fs is loaded at cold start already, node:fs/promises would be one more module).
      try {
        return deserializePage(readFileSync(file, 'utf8'));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return undefined;
        throw error;
      }
    },
  };
}
