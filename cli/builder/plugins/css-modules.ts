/**
 * esbuild plugin: `*.module.css` (CSS Modules, and `*.module.scss`, `*.module.sass` once Sass
 * compiled them) with class names that depend only on the
 * file's path in the app and the class name, so the render Lambda's HTML and the browser's
 * stylesheet agree. esbuild's own `local-css` loader renames classes per bundle (with
 * minification, by frequency), so two bundles of one app disagree: the server HTML got
 * `class="d"` while the stylesheet defined `.o`.
 *
 * lightningcss parses the file and renames its classes (`title` → `title_5Iiaua`); the JS
 * module exports the map. The browser build also imports the renamed CSS, which esbuild
 * gathers into the page's stylesheet; the server build leaves it out. An `:export { name: value }`
 * block (how Sass variables reach JavaScript) adds its values to the map, as css-loader's ICSS
 * mode gives them under the pages router, and leaves the stylesheet.
 *
 * @example
 * plugins: [cssModulesPlugin({ appDir, emitCss: true })]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { transform, type CSSModuleExports } from 'lightningcss';
import { BuildError } from '../errors';
import { CSS_MODULE_FILE, type Stylesheets } from '../stylesheets';

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

const EXPORT_BLOCK = /:export\s*\{([^}]*)\}/g;

/** The `:export` blocks' values (`primaryColor: #64ff00`), and the CSS without them. */
export function icssExports(css: string): { css: string; values: Record<string, string> } {
  const values: Record<string, string> = Object.create(null);
  const rest = css.replace(EXPORT_BLOCK, (_block, body: string) => {
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon < 0) continue;
      const name = declaration.slice(0, colon).trim();
      if (name) values[name] = declaration.slice(colon + 1).trim();
    }
    return '';
  });
  return { css: rest, values };
}

/** Renames a CSS Modules file's classes (in `code`, the file's text unless given); the name pattern is stable across builds and machines. */
export function compileCssModule(appDir: string, file: string, code: Uint8Array | string = readFileSync(file)): { css: string; classes: Record<string, string> } {
  const relative = path.relative(appDir, file).split(path.sep).join('/');
  const text = typeof code === 'string' ? code : Buffer.from(code).toString('utf8');
  const icss = text.includes(':export') ? icssExports(text) : { css: text, values: undefined };
  const result = transform({
    filename: relative,
    code: Buffer.from(icss.css),
    cssModules: { pattern: '[local]_[hash]' },
  });
  const classes = classMap(result.exports ?? {});
  return { css: result.code.toString(), classes: icss.values ? Object.assign(Object.create(null) as Record<string, string>, icss.values, classes) : classes };
}

export function cssModulesPlugin(options: { appDir: string; emitCss: boolean; /** Sass and the app's PostCSS, run before classes are renamed. */ stylesheets?: Stylesheets }): Plugin {
  const appDir = path.resolve(options.appDir);
  const compiled = new Map<string, string>();
  const compile = async (file: string) => {
    if (!options.stylesheets) return { ...compileCssModule(appDir, file), watchFiles: [file] };
    const { css, watchFiles } = await options.stylesheets.read(file);
    return { ...compileCssModule(appDir, file, css), watchFiles };
  };
  return {
    name: 'stratus-css-modules',
    setup(build) {
      build.onLoad({ filter: CSS_MODULE_FILE, namespace: 'file' }, async (args) => {
        let result;
        try {
          result = await compile(args.path);
        } catch (error) {
          // Sass's and PostCSS's errors name their file already; lightningcss's carry the position in `loc`.
          if (error instanceof BuildError) return { errors: [{ text: error.message }] };
          const loc = (error as { loc?: { line: number; column: number } }).loc;
          const where = loc ? `:${loc.line}:${loc.column}` : '';
          return { errors: [{ text: `${path.relative(appDir, args.path)}${where}: ${(error as Error).message}` }] };
        }
        compiled.set(args.path, result.css);
        const lines = [`export default ${JSON.stringify(result.classes)};`, ...namedClassExports(result.classes)];
        if (options.emitCss) lines.unshift(`import ${JSON.stringify(args.path + CSS_SUFFIX)};`);
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(args.path), watchFiles: result.watchFiles };
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

/** Words a class name cannot be exported under (`export const delete` does not parse). */
const RESERVED = new Set(
  'await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield arguments eval'.split(' '),
);

/**
 * The classes again as named exports, so that `import * as styles from './x.module.css'` finds
 * `styles.box` as with Next's CSS Modules; names that are not identifiers (`foo-bar`) are on the
 * default export only.
 */
export function namedClassExports(classes: Record<string, string>): string[] {
  return Object.entries(classes)
    .filter(([name]) => /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name))
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`);
}
