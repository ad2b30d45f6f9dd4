/**
 * Config files (next.config.*, postcss.config.*) are bundled into the build's cache folder
 * before they run, where Next runs them in place. These `define`s give them back the paths
 * they would see in place: `__dirname`, `__filename` and `import.meta.url` (what
 * `path.join(__dirname, 'styles')` and the ESM idiom `fileURLToPath(import.meta.url)` read).
 * esbuild replaces only free names, so a file that declares its own `__dirname` keeps it.
 * Their packages (left out of the bundle) load from the file's folder too, not from the cache
 * folder, which may be outside the app (`stratus build app --out elsewhere`).
 *
 * @example
 * buildSync({ entryPoints: [file], define: inPlaceDefines(file), banner: inPlaceRequire(file), … });
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function inPlaceDefines(file: string): Record<string, string> {
  const dir = path.dirname(file);
  return {
    __dirname: JSON.stringify(dir),
    __filename: JSON.stringify(file),
    'import.meta.url': JSON.stringify(pathToFileURL(file).href),
    'import.meta.dirname': JSON.stringify(dir),
    'import.meta.filename': JSON.stringify(file),
  };
}

/** A banner for a CommonJS bundle: `require` resolves from `file`'s folder (a `var` shares the module's own `require` binding). */
export function inPlaceRequire(file: string): { js: string } {
  return { js: `var require = require("node:module").createRequire(${JSON.stringify(file)});` };
}
