/**
 * esbuild plugin of the render bundle: `import.meta` in packages' ES modules. The bundle is
 * CommonJS, where esbuild leaves `import.meta` an empty object, so a package that reads a
 * file of its own by `new URL('./resvg.wasm', import.meta.url)` (@vercel/og reads its WebAssembly
 * and its font so, at its top) or makes a `require` by `createRequire(import.meta.url)`
 * threw as the function loaded ("Invalid URL").
 *
 * - `new URL('<relative literal>', import.meta.url)` naming a file: the file is emitted beside
 *   the bundle under its content hash (esbuild's `file` loader, into FUNCTION_ASSETS_DIR,
 *   `assets/resvg-<hash>.wasm`), and the URL names that copy, read from the bundle's own
 *   place when it runs (`file:///var/task/assets/…` in Lambda; the build folder under
 *   `stratus serve` and `stratus dev`).
 * - any other `import.meta.url`: the bundle's own file URL (`file:///var/task/app.js`), what
 *   `createRequire` and `fileURLToPath` need; `import.meta.dirname` and `import.meta.filename`
 *   its folder and path.
 *
 * Only packages' files whose text contains `import.meta` are read through esbuild's transform
 * (its `define`, so strings and comments are left alone); any other file loads as it would
 * without the plugin, and a bundle with none is the same bundle. The app's own files are
 * left as they are.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transform, type Plugin } from 'esbuild';

const NAMESPACE = 'stratus-import-meta';
/** An import of `<ASSET_NAMESPACE>:<absolute path>` gives the path of that file's copy in the function's folder, from the bundle's. */
export const ASSET_NAMESPACE = 'stratus-url-asset';
/** The module giving the bundle's own URL, folder and path. */
export const META_MODULE = `${NAMESPACE}:bundle`;
/** What `import.meta.<field>` becomes, bound to META_MODULE's export of that name. */
export const META_FIELDS = { url: '__stratusImportMetaUrl', dirname: '__stratusImportMetaDirname', filename: '__stratusImportMetaFilename' } as const;
const META_URL = META_FIELDS.url;

/** The cheap test first: most package files say nothing of import.meta. */
export const MAY_READ_META = 'import.meta';

/** Package files esbuild may read as ES modules. */
const PACKAGE_MODULE = /[\\/]node_modules[\\/].*\.m?js$/;

/**
 * `new URL("<literal>", __stratusImportMetaUrl)` as esbuild prints it: the literal's text in 2.
 * A template literal with `${…}` names no one file, and is left alone.
 */
const LITERAL_URL = new RegExp(`\\bnew URL\\((["'\`])([^"'\`\\\\$\\n]+)\\1, ${META_URL}\\)`, 'g');

/** A literal naming a file beside the module (not `/x`, `https://…` or `data:…`). */
export const isRelative = (spec: string) => !spec.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(spec);

export function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A package module's code with `import.meta.url` bound to the bundle's URL and each literal
 * URL of a file beside it pointed at that file's copy; undefined when the module reads no
 * `import.meta` field (a string or a comment that mentions it).
 *
 * @example
 * await rewriteImportMeta('/app/node_modules/og/index.js', 'const wasm = new URL("./a.wasm", import.meta.url);', false);
 * // 'const wasm = new URL(__stratusUrlAsset0, __stratusImportMetaUrl);\nimport __stratusUrlAsset0 from "stratus-url-asset:/app/node_modules/og/a.wasm"; …'
 */
export async function rewriteImportMeta(file: string, source: string, sourcemap: boolean): Promise<string | undefined> {
  const { code } = await transform(source, {
    loader: 'js',
    sourcefile: file,
    sourcemap: sourcemap ? 'inline' : false,
    define: Object.fromEntries(Object.entries(META_FIELDS).map(([field, name]) => [`import.meta.${field}`, name])),
    logLevel: 'silent',
  });
  // Nothing replaced: the text was in a string or a comment.
  if (!Object.values(META_FIELDS).some((name) => code.includes(name))) return undefined;
  const imports: string[] = [];
  const rewritten = code.replace(LITERAL_URL, (whole, _quote: string, spec: string) => {
    const target = path.resolve(path.dirname(file), spec);
    if (!isRelative(spec) || !isFile(target)) return whole;
    const name = `__stratusUrlAsset${imports.length}`;
    imports.push(`import ${name} from ${JSON.stringify(`${ASSET_NAMESPACE}:${target}`)};`);
    return `new URL(${name}, ${META_URL})`;
  });
  const fields = Object.entries(META_FIELDS).filter(([, name]) => rewritten.includes(name));
  if (fields.length > 0) imports.push(`import { ${fields.map(([field, name]) => `${field} as ${name}`).join(', ')} } from ${JSON.stringify(META_MODULE)};`);
  if (imports.length === 0) return rewritten;
  // At the end, so the lines above keep their places (imports are hoisted wherever they stand), before the inline source map.
  const map = rewritten.lastIndexOf('//# sourceMappingURL=');
  const at = map >= 0 ? map : rewritten.length;
  return `${rewritten.slice(0, at)}\n${imports.join('\n')}\n${rewritten.slice(at)}`;
}

export function importMetaUrlPlugin(): Plugin {
  return {
    name: 'stratus-import-meta-url',
    setup(build) {
      const sourcemap = Boolean(build.initialOptions.sourcemap);
      build.onLoad({ filter: PACKAGE_MODULE, namespace: 'file' }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes(MAY_READ_META)) return undefined;
        const contents = await rewriteImportMeta(args.path, source, sourcemap);
        return contents === undefined ? undefined : { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });

      // Where the bundle runs: its `__filename` and `__dirname` are its own (Lambda's loader gives them, as require does).
      build.onResolve({ filter: new RegExp(`^${META_MODULE}$`) }, () => ({ path: 'bundle', namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({
        contents: 'export const url = require("node:url").pathToFileURL(__filename).href;\nexport const dirname = __dirname;\nexport const filename = __filename;\n',
        loader: 'js',
      }));

      // A file a literal URL names, emitted beside the bundle by esbuild's `file` loader (under the build's assetNames),
      // which gives the copy's path from the bundle's folder (`./assets/resvg-<hash>.wasm`).
      build.onResolve({ filter: new RegExp(`^${ASSET_NAMESPACE}:`) }, (args) => ({ path: args.path.slice(ASSET_NAMESPACE.length + 1), namespace: ASSET_NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: ASSET_NAMESPACE }, async (args) => ({ contents: await readFile(args.path), loader: 'file', watchFiles: [args.path] }));
    },
  };
}
