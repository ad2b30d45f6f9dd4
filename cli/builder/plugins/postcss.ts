/**
 * esbuild plugin: global stylesheets (not CSS Modules, which the CSS Modules plugin runs
 * through the same transform) through the app's PostCSS config before they are bundled,
 * as `next build` runs them: Tailwind's directives become its classes. The browser build
 * alone; the render function leaves global CSS out.
 *
 * @example
 * plugins: transformCss ? [postcssPlugin(transformCss)] : []
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { CssTransform } from '../steps/load-postcss';

export function postcssPlugin(transformCss: CssTransform): Plugin {
  return {
    name: 'stratus-postcss',
    setup(build) {
      build.onLoad({ filter: /\.css$/, namespace: 'file' }, async (args) => {
        if (args.path.endsWith('.module.css')) return undefined;
        try {
          return { contents: await transformCss(await readFile(args.path, 'utf8'), args.path), loader: 'css', resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [{ text: (error as Error).message }] };
        }
      });
    },
  };
}
