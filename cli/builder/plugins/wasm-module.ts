/**
 * esbuild plugin of the render bundle: `import wasm from './add.wasm?module'`, the way Next
 * documents WebAssembly for the Edge Runtime (middleware and edge API routes, which run in the
 * render function here): the default export is a compiled `WebAssembly.Module`, ready for
 * `WebAssembly.instantiate(wasm)`. The file ships beside the bundle as the assets of
 * `new URL(…, import.meta.url)` do (import-meta-url.ts), and is compiled once, when the module
 * that imports it first runs.
 *
 * @example
 * plugins: [importMetaUrlPlugin(), wasmModulePlugin()]
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { ASSET_NAMESPACE, META_MODULE } from './import-meta-url';

const NAMESPACE = 'stratus-wasm-module';
const SUFFIX = '?module';

export function wasmModulePlugin(): Plugin {
  return {
    name: 'stratus-wasm-module',
    setup(build) {
      build.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -SUFFIX.length)), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: [
          `import file from ${JSON.stringify(`${ASSET_NAMESPACE}:${args.path}`)};`,
          `import { url } from ${JSON.stringify(META_MODULE)};`,
          'import { readFileSync } from "node:fs";',
          'export default new WebAssembly.Module(readFileSync(new URL(file, url)));',
        ].join('\n'),
        loader: 'js',
        resolveDir: path.dirname(args.path),
        watchFiles: [args.path],
      }));
    },
  };
}
