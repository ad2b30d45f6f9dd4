/**
 * The copies CloudFront serves from the bucket, locally (ports.ts, `PublishedPages`): files of
 * the build's `assets/` folder, which the local server serves as the bucket. Written to a
 * temporary name and renamed, so the server never reads half a page.
 */
import path from 'node:path';
import { nodeFsPromises } from '../../shared/node-builtins';
import type { PublishedPages } from './ports';

/**
 * @example
 * const published = folderPublished('web/site/.stratus/assets');
 * await published.put('_app/pages/b1/en/about.html', html, 'html');
 */
export function folderPublished(assetsDir: string): PublishedPages {
  const root = path.resolve(assetsDir);
  return {
    dependency: `the build's assets in ${root}`,
    async put(key, body) {
      const fs = nodeFsPromises();
      const file = path.resolve(root, key);
      if (!file.startsWith(root + path.sep)) throw new Error(`Published page key ${key} is outside ${root}`);
      if (body === undefined) {
        await fs.rm(file, { force: true });
        return;
      }
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
  };
}
