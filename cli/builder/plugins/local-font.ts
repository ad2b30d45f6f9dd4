/**
 * `next/font/local`: the font files a file names are emitted as content-hashed static assets
 * (beside imported images, `/_app/static/media/`), and the module the file imports maps each
 * `src` as written to its URL, so `localFont({ src: './Brand.woff2' })` gives `@font-face`
 * rules that load the app's own font, as `next build` does. The runtime half is
 * web/runtime/next/font/fallback.ts (`localFontOf`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { emitHashed, type ImageImportOptions } from './image-import';

const FONT_FILE = /(['"`])([^'"`\n]+?\.(?:woff2?|ttf|otf|eot))\1/g;
const FILE_PREFIX = 'stratus-font-file:';
const NAMESPACE = 'stratus-font-file';

/** Files that import next/font/local and name no font file the build found (this process's builds): the build warns. */
export const localFontMisses = new Set<string>();

/**
 * The module `next/font/local` is for one importer: its font files, each as written in the
 * source (`'./fonts/Brand.woff2'`), imported by the file they name, the others left out
 * (a string that names no file is no font).
 *
 * @example
 * localFontModule('/app/pages/_app.tsx', "localFont({ src: './Brand.woff2' })", '/runtime/next/font/fallback.ts');
 * // import f0 from "stratus-font-file:/app/pages/Brand.woff2"; … localFontOf(options, { "./Brand.woff2": f0 })
 */
export function localFontModule(importer: string, source: string, runtime: string): string {
  const written = [...new Set([...source.matchAll(FONT_FILE)].map((m) => m[2]!))];
  const found = written.map((src) => [src, path.resolve(path.dirname(importer), src)] as const).filter(([, file]) => existsSync(file));
  if (found.length === 0) localFontMisses.add(importer);
  return [
    `import { localFontOf } from ${JSON.stringify(runtime)};`,
    ...found.map(([, file], i) => `import f${i} from ${JSON.stringify(FILE_PREFIX + file)};`),
    `const files = { ${found.map(([src], i) => `${JSON.stringify(src)}: f${i}`).join(', ')} };`,
    'export default (options) => localFontOf(options, files);',
  ].join('\n');
}

/** esbuild plugin of both builds: a font file's URL, the file written once under its content hash (the two builds agree). */
export function fontFilePlugin(options: ImageImportOptions): Plugin {
  const outDir = path.join(options.assetsDir, ...options.publicPath.split('/').filter(Boolean));
  return {
    name: 'stratus-font-file',
    setup(build) {
      build.onResolve({ filter: /^stratus-font-file:/ }, (args) => ({ path: args.path.slice(FILE_PREFIX.length), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const fileName = emitHashed(readFileSync(args.path), args.path, outDir);
        return { contents: `export default ${JSON.stringify(options.publicPath + fileName)};`, loader: 'js', watchFiles: [args.path] };
      });
    },
  };
}
