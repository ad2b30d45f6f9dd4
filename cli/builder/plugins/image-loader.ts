/**
 * `images.loaderFile`: the app's loader for every `<Image>` (a Cloudinary or imgix URL made
 * from `src`, `width`, `quality`), as `next build` uses it. Both builds compile the runtime's
 * web/runtime/shared/image-loader.ts as a re-export of the file's default export.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { RUNTIME_DIR } from '../../paths';

const LOADER_MODULE = path.join(RUNTIME_DIR, 'shared', 'image-loader.ts');

export function imageLoaderPlugin(loaderFile: string): Plugin {
  return {
    name: 'stratus-image-loader',
    setup(build) {
      build.onLoad({ filter: /[\\/]image-loader\.ts$/ }, (args) =>
        args.path === LOADER_MODULE ? { contents: `export { default as imageLoader } from ${JSON.stringify(loaderFile)};`, loader: 'ts', resolveDir: path.dirname(loaderFile) } : undefined,
      );
    },
  };
}
