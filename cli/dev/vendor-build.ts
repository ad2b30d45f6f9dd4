/**
 * `stratus dev`'s packages, built once apart from the app (as Vite pre-bundles
 * dependencies): React's development build and every other package the app and the runtime
 * import by name go into one script, loaded by each page before the dev client, so a save
 * never compiles, links or prints them again.
 *
 * In the app's build (client-build.ts) an import of a package becomes a small CommonJS
 * module, `module.exports = __STRATUS_VENDOR__("<id>")`, and esbuild's own interop gives
 * the importer what it would have had with the package bundled in (`default`, named
 * exports, `require`). The vendor script maps each id to a `require` of the package, run on
 * first use (so React loads after the dev client has hooked React Refresh in), and built
 * with the app build's options (browser conditions, defines, `next/*` aliases).
 *
 * A package whose code reaches the app's files, the runtime's (a library importing
 * `next/router`) or a stylesheet stays in the app's build instead: the runtime must be one
 * instance, and the page's stylesheets come from the app's build.
 */
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { RUNTIME_DIR } from '../paths';
import { BROWSER_ENV } from '../builder/steps/load-env';

/** The global through which the app's modules take a package from the vendor script. */
export const VENDOR_GLOBAL = '__STRATUS_VENDOR__';
/** The namespace of the modules that stand for a package in the app's build. */
export const VENDOR_NAMESPACE = 'stratus-vendor';

/**
 * Ends each stand-in's path: a stand-in is CommonJS (`module.exports = …`), and esbuild takes a
 * module whose path ends in `.mjs` for an ES module whatever its namespace (swr's, next-themes'
 * entries: "No matching export", or `module is not defined` in the browser).
 */
const STAND_IN_SUFFIX = '.stand-in.cjs';

/** A stand-in's package file id (its path from the app), from a stand-in path or a `stratus-vendor:` key's rest. */
export const packageIdOf = (standIn: string) => (standIn.endsWith(STAND_IN_SUFFIX) ? standIn.slice(0, -STAND_IN_SUFFIX.length) : standIn);

const IN_NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/** Package files the vendor script can hold: scripts. */
const SCRIPT = /\.(?:m|c)?js$/;
/** What a package's code may reach and stay vendored: scripts in node_modules, outside the runtime. */
const isPackageScript = (file: string) => file.includes(IN_NODE_MODULES) && !file.startsWith(RUNTIME_DIR + path.sep) && SCRIPT.test(file);

export interface VendorBuild {
  /** The files it holds (absolute), each required by its id. */
  modules: Set<string>;
  /** Of those asked, the files that reach the app, the runtime or a stylesheet: bundled with the app. */
  excluded: Set<string>;
  /** URL path of the script. */
  url: string;
  /** Its files by URL path (the script and its map). */
  files: Map<string, OutputFile>;
}

/** A package file's id in the browser: its path from the app, `/`-separated. */
export const vendorId = (appDir: string, file: string) => path.relative(appDir, file).split(path.sep).join('/');

/**
 * The plugin of the app's build that turns each import of a package into its stand-in.
 * `vendored(file)`: whether the file goes to the vendor script (not excluded); the files
 * asked for are read from the build's metafile (`stratus-vendor:<id>` inputs).
 */
export function vendorPlugin(appDir: string, vendored: (file: string) => boolean): Plugin {
  /**
   * What each import of a package resolved to (its file, or none when not a package's
   * script), kept across rebuilds: each rebuild resolves every import again, and resolving
   * through the other plugins costs a round trip to esbuild per plugin.
   */
  const resolutions = new Map<string, string | undefined>();
  return {
    name: 'stratus-dev-vendor',
    setup(b) {
      // Bare specifiers only (`react`, `@scope/pkg/sub`): what the other plugins and esbuild make of them decides.
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        // Not the resolutions plugins ask for themselves (this one's, the aliases'): they carry their own data.
        if (args.pluginData !== undefined || /^[a-z-]+:/.test(args.path) || args.namespace === VENDOR_NAMESPACE) return undefined;
        const key = `${args.namespace}\0${args.resolveDir}\0${args.kind}\0${args.path}`;
        let file = resolutions.get(key);
        if (!resolutions.has(key)) {
          const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, namespace: args.namespace, resolveDir: args.resolveDir, pluginData: VENDOR_NAMESPACE });
          const found = resolved.errors.length === 0 && !resolved.external && resolved.namespace === 'file' && isPackageScript(resolved.path);
          file = found ? resolved.path : undefined;
          // A failed resolution is tried again next time (a package being installed).
          if (resolved.errors.length === 0) resolutions.set(key, file);
        }
        if (!file || !vendored(file)) return undefined;
        return { path: vendorId(appDir, file) + STAND_IN_SUFFIX, namespace: VENDOR_NAMESPACE };
      });
      // The entries of the stand-ins themselves (client-build.ts makes each one an entry).
      b.onResolve({ filter: new RegExp(`^${VENDOR_NAMESPACE}:`) }, (args) => ({ path: args.path.slice(VENDOR_NAMESPACE.length + 1), namespace: VENDOR_NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: VENDOR_NAMESPACE }, (args) => ({
        contents: `module.exports = globalThis.${VENDOR_GLOBAL}(${JSON.stringify(packageIdOf(args.path))});\n`,
        loader: 'js',
      }));
    },
  };
}

/** The package files the app's build asked for: its `stratus-vendor:` inputs, as absolute paths. */
export function vendorRequests(metafile: Metafile, appDir: string): Set<string> {
  const files = new Set<string>();
  for (const key of Object.keys(metafile.inputs)) {
    if (key.startsWith(`${VENDOR_NAMESPACE}:`)) files.add(path.resolve(appDir, packageIdOf(key.slice(VENDOR_NAMESPACE.length + 1))));
  }
  return files;
}

/** Every input `key` reaches in the metafile, itself included. */
function reach(metafile: Metafile, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !metafile.inputs[key]) return seen;
  seen.add(key);
  for (const imported of metafile.inputs[key]!.imports) if (!imported.external) reach(metafile, imported.path, seen);
  return seen;
}

/**
 * Builds the vendor script of `files` with the app build's `options` (its plugins: aliases,
 * CSS, images; not the app's own). `urlOf` turns an output path into its URL path.
 */
export async function buildVendor(files: Set<string>, appDir: string, options: BuildOptions, urlOf: (output: string) => string): Promise<VendorBuild> {
  const sorted = [...files].sort();
  const source = [
    // What `process.env` reads in the browser (load-env.ts), for packages that run before the app's entry sets it.
    `globalThis.${BROWSER_ENV} ||= {};`,
    'const modules = {',
    ...sorted.map((file) => `  ${JSON.stringify(vendorId(appDir, file))}: () => require(${JSON.stringify(file)}),`),
    '};',
    `globalThis.${VENDOR_GLOBAL} = (id) => {`,
    '  const load = modules[id];',
    // A package first imported after this script was built: the dev server reloads the page with a new one.
    '  if (!load) throw new Error(`stratus dev: ${id} is not in this page\'s packages; reload the page`);',
    '  return load();',
    '};',
  ].join('\n');
  const result = await build({
    ...options,
    entryPoints: undefined,
    stdin: { contents: source, resolveDir: appDir, sourcefile: 'stratus-vendor.js', loader: 'js' },
    splitting: false,
    // No map: it would cost more than the bundle itself (≈ 150 ms against 60 for React's
    // development build), for code that is readable as it is (the development builds,
    // unminified, each module under a comment naming its file) and whose frames the overlay folds.
    sourcemap: false,
    entryNames: 'chunks/vendor-[hash]',
    metafile: true,
    write: false,
  });
  const excluded = new Set<string>();
  for (const file of sorted) {
    const key = path.relative(appDir, file).split(path.sep).join('/');
    for (const input of reach(result.metafile, key)) {
      const reached = /^[a-z-]+:/.test(input) ? input : path.resolve(appDir, input);
      if (!isPackageScript(reached)) {
        excluded.add(file);
        break;
      }
    }
  }
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  return {
    modules: new Set(sorted),
    excluded,
    url: urlOf(script.path),
    files: new Map(result.outputFiles.filter((file) => !file.path.endsWith('.css') && !file.path.endsWith('.css.map')).map((file) => [urlOf(file.path), file])),
  };
}
