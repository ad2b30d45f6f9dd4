/**
 * esbuild plugin: `*.module.css` (CSS Modules) with class names that depend only on the
 * file's path in the app and the class name, so the render Lambda's HTML and the browser's
 * stylesheet agree. esbuild's own `local-css` loader renames classes per bundle (with
 * minification, by frequency), so two bundles of one app disagree: the server HTML got
 * `class="d"` while the stylesheet defined `.o`.
 *
 * lightningcss parses the file and renames its classes (`title` → `title_5Iiaua`); the JS
 * module exports the map. The browser build also imports the renamed CSS, which esbuild
 * gathers into the page's stylesheet; the server build leaves it out.
 *
 * @example
 * plugins: [cssModulesPlugin({ appDir, emitCss: true })]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { transform, type CSSModuleExports } from 'lightningcss';
import type { CssTransform } from '../steps/load-postcss';

const CSS_SUFFIX = '?stratus-css';
const NAMESPACE = 'stratus-css-module';

/** Class names as `styles.name` gives them: the class, then any local classes it composes. */
function classMap(exports: CSSModuleExports): Record<string, string> {
  const map: Record<string, string> = Object.create(null);
  for (const [name, entry] of Object.entries(exports)) {
    // Classes composed from another file ('dependency') are not resolved: that file's own import gives them.
    const composed = entry.composes.filter((c) => c.type !== 'dependency').map((c) => c.name);
    map[name] = [entry.name, ...composed].join(' ');
  }
  return map;
}

/** Renames a CSS Modules file's classes (in `code`, the file's text unless given); the name pattern is stable across builds and machines. */
export function compileCssModule(appDir: string, file: string, code: Uint8Array | string = readFileSync(file)): { css: string; classes: Record<string, string> } {
  const relative = path.relative(appDir, file).split(path.sep).join('/');
  const result = transform({
    filename: relative,
    code: typeof code === 'string' ? Buffer.from(code) : code,
    cssModules: { pattern: '[local]_[hash]' },
  });
  return { css: result.code.toString(), classes: classMap(result.exports ?? {}) };
}

export function cssModulesPlugin(options: { appDir: string; emitCss: boolean; /** The app's PostCSS, run before classes are renamed. */ transformCss?: CssTransform }): Plugin {
  const appDir = path.resolve(options.appDir);
  const compiled = new Map<string, string>();
  const compile = async (file: string) =>
    compileCssModule(appDir, file, options.transformCss ? await options.transformCss(readFileSync(file, 'utf8'), file) : readFileSync(file));
  return {
    name: 'stratus-css-modules',
    setup(build) {
      build.onLoad({ filter: /\.module\.css$/, namespace: 'file' }, async (args) => {
        let result;
        try {
          result = await compile(args.path);
        } catch (error) {
          // lightningcss errors carry the position in `loc`.
          const loc = (error as { loc?: { line: number; column: number } }).loc;
          const where = loc ? `:${loc.line}:${loc.column}` : '';
          return { errors: [{ text: `${path.relative(appDir, args.path)}${where}: ${(error as Error).message}` }] };
        }
        compiled.set(args.path, result.css);
        const lines = [`export default ${JSON.stringify(result.classes)};`];
        if (options.emitCss) lines.unshift(`import ${JSON.stringify(args.path + CSS_SUFFIX)};`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(args.path), watchFiles: [args.path] };
      });
      build.onResolve({ filter: /\?stratus-css$/ }, (args) => ({ path: args.path.slice(0, -CSS_SUFFIX.length), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => ({
        contents: compiled.get(args.path) ?? (await compile(args.path)).css,
        loader: 'css',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}
