/**
 * esbuild plugin: global stylesheets (not CSS Modules, which the CSS Modules plugin runs
 * through the same steps) compiled before they are bundled, as `next build` runs them: Sass
 * files through Sass, and every stylesheet through the app's PostCSS config when it has one
 * (Tailwind's directives become its classes). The browser build alone; the render function
 * leaves global CSS out.
 *
 * @example
 * plugins: [globalStylesheetsPlugin(stylesheets)]
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { SASS_FILE } from '../steps/load-sass';
import { CSS_MODULE_FILE, STYLESHEET_FILE, type Stylesheets } from '../stylesheets';

export function globalStylesheetsPlugin(stylesheets: Stylesheets): Plugin {
  return {
    name: 'stratus-global-stylesheets',
    setup(build) {
      build.onLoad({ filter: STYLESHEET_FILE, namespace: 'file' }, async (args) => {
        if (CSS_MODULE_FILE.test(args.path) || (!stylesheets.transformsCss && !SASS_FILE.test(args.path))) return undefined;
        try {
          const { css, watchFiles } = await stylesheets.read(args.path);
          return { contents: css, loader: 'css', resolveDir: path.dirname(args.path), watchFiles };
        } catch (error) {
          return { errors: [{ text: (error as Error).message }] };
        }
      });
    },
  };
}
