/**
 * What the bundler gets for one of the app's stylesheets, as `next build` chains its loaders:
 * Sass compiled first (`.scss`, `.sass`), then the app's PostCSS config. Plain CSS without a
 * PostCSS config is left to esbuild, which loads it as written.
 *
 * @example
 * const sheets = stylesheets(transformCss, sassCompiler(appDir, config.sassOptions));
 * const { css, watchFiles } = await sheets.read('/app/styles/global.scss');
 */
import { readFile } from 'node:fs/promises';
import type { CssTransform } from './steps/load-postcss';
import { SASS_FILE, type SassCompile } from './steps/load-sass';

export interface Stylesheets {
  /** The file's CSS, and the files it was made from (Sass partials), for watchers. */
  read(file: string): Promise<{ css: string; watchFiles: string[] }>;
  /** Whether a plain `.css` file changes on the way (a PostCSS config): without one it is bundled as written. */
  transformsCss: boolean;
}

/** Stylesheets (`.css`, `.scss`, `.sass`), CSS Modules included. */
export const STYLESHEET_FILE = /\.(?:css|s[ac]ss)$/;
/** CSS Modules, in CSS or Sass. */
export const CSS_MODULE_FILE = /\.module\.(?:css|s[ac]ss)$/;

export function stylesheets(transformCss: CssTransform | undefined, sass: SassCompile): Stylesheets {
  return {
    transformsCss: transformCss !== undefined,
    async read(file) {
      const compiled = SASS_FILE.test(file) ? sass(file) : { css: await readFile(file, 'utf8'), loadedFiles: [file] };
      const css = transformCss ? await transformCss(compiled.css, file) : compiled.css;
      return { css, watchFiles: compiled.loadedFiles.includes(file) ? compiled.loadedFiles : [file, ...compiled.loadedFiles] };
    },
  };
}
