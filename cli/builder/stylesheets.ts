/**
 * What the bundler gets for one of the app's stylesheets, as `next build` chains its loaders:
 * the config's `turbopack.rules` loaders that match it first (loader-rules.ts), then Sass
 * (`.scss`, `.sass`), then the app's PostCSS config. Plain CSS that none of them touches is
 * left to esbuild, which loads it as written.
 *
 * @example
 * const sheets = stylesheets(transformCss, sassCompiler(appDir, config.sassOptions));
 * const { css, watchFiles } = await sheets.read('/app/styles/global.scss');
 */
import { readFile } from 'node:fs/promises';
import type { CssTransform } from './steps/load-postcss';
import { SASS_FILE, type SassCompile } from './steps/load-sass';
import type { LoaderRules } from './loader-rules';

export interface Stylesheets {
  /** The file's CSS, and the files it was made from (Sass partials), for watchers. */
  read(file: string): Promise<{ css: string; watchFiles: string[] }>;
  /** Whether a plain `.css` file may change on the way (a PostCSS config, a loader rule): without either it is bundled as written. */
  transformsCss: boolean;
}

/** Stylesheets (`.css`, `.scss`, `.sass`), CSS Modules included. */
export const STYLESHEET_FILE = /\.(?:css|s[ac]ss)$/;
/** CSS Modules, in CSS or Sass. */
export const CSS_MODULE_FILE = /\.module\.(?:css|s[ac]ss)$/;

export function stylesheets(transformCss: CssTransform | undefined, sass: SassCompile, rules?: LoaderRules): Stylesheets {
  return {
    transformsCss: transformCss !== undefined || rules?.touchesCss === true,
    async read(file) {
      // Stylesheets are the browser's: a rule's `browser` condition holds (the server keeps only CSS Modules' class names).
      const ruled = rules && (await rules.apply(file, { browser: true }));
      const source = ruled ? ruled.contents.toString() : undefined;
      const compiled = SASS_FILE.test(file) ? sass(file, source) : { css: source ?? (await readFile(file, 'utf8')), loadedFiles: [file] };
      const css = transformCss ? await transformCss(compiled.css, file) : compiled.css;
      const watchFiles = new Set([file, ...compiled.loadedFiles, ...(ruled?.dependencies ?? [])]);
      return { css, watchFiles: [...watchFiles] };
    },
  };
}
