/** Client builds load page modules without their data functions (see page-source.ts). */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { stripDataFunctions } from '../page-source';
import { transformPage } from '../steps/analyse-pages';
import { pagesFolder } from '../steps/scan-pages';
import { outsideEsbuild, type SourceTransform } from '../compiler-transforms';

export function stripDataFunctionsPlugin(appDir: string, compile?: SourceTransform): Plugin {
  const pagesDir = path.join(path.resolve(appDir), pagesFolder(appDir) ?? 'pages') + path.sep;
  return {
    name: 'stratus-strip-data-functions',
    setup(build) {
      build.onLoad({ filter: /\.[jt]sx?$/ }, async (args) => {
        if (!args.path.startsWith(pagesDir)) return undefined;
        const file = path.relative(path.resolve(appDir), args.path).split(path.sep).join('/');
        return { contents: stripDataFunctions(await outsideEsbuild(() => transformPage(appDir, file, compile))), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
