/**
 * `stratus dev`'s browser build: the client build of `stratus build` (bundle-client.ts) with
 * React's development build, linked source maps, React Refresh's transform on the app's
 * modules (refresh-plugin.ts), kept in memory, rebuilt incrementally on each save.
 *
 * Packages are not in it: each import of one stands for the vendor script's copy
 * (vendor-build.ts), built once, so a save compiles, links and prints the app's modules and
 * the runtime's alone. Each of those modules and each package stand-in is an entry of its
 * own. esbuild puts a module in the chunk of the set of entries that reach it, so a module
 * that is an entry gets a chunk of its own: a save changes the chunk of the saved module
 * (and the names of those importing it), and a new script of that chunk runs the saved
 * module alone, over the same instances of everything else (React above all). The entries
 * come from the last build's inputs: a build that reaches a new module is run again with it
 * as an entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { context, type BuildContext, type BuildOptions, type Message, type Metafile, type OutputFile } from 'esbuild';
import { NODE_MODULES, RUNTIME_DIR } from '../paths';
import { clientOutputsOf, outputUrlOf, planClientBuild, type ClientBundle, type ClientBundleOptions, type ClientBuildPlan } from '../builder/steps/bundle-client';
import { fromEsbuildFailure } from '../builder/errors';
import { HOT_GLOBAL } from '../../web/runtime/shared/dev-hooks';
import { refreshPlugin, type ModuleVersion } from './refresh-plugin';
import { buildVendor, packageIdOf, vendorPlugin, vendorRequests, VENDOR_NAMESPACE, type VendorBuild } from './vendor-build';

const DEV_CLIENT_FILE = path.join(RUNTIME_DIR, 'browser', 'dev', 'hot-client.ts');
const IN_NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/** The app's files that become JavaScript modules of their own. */
const MODULE_FILE = /\.(?:[cm]?[jt]sx?|json)$|\.module\.(?:css|s[ac]ss)$/;

/** One build of the browser code, as `stratus dev` serves it. */
export interface DevClientBuild {
  /** Counts builds from 1. */
  version: number;
  metafile: Metafile;
  /** This build's files by URL path (`/_app/static/chunks/…`). */
  files: Map<string, OutputFile>;
  /** What the manifest takes from the client build. */
  bundle: ClientBundle;
  /** The dev client's script (web/runtime/browser/dev/hot-client.ts), which pages load before their entry. */
  devClient: string;
  /** Module id (path in the app) → its code as transformed for this build. */
  versions: Map<string, ModuleVersion>;
  plan: ClientBuildPlan;
  /** esbuild's warnings about the app's own files. */
  warnings: Message[];
  /** The packages' script (vendor-build.ts), which pages load before the dev client. */
  vendor: string;
}

export interface DevClientBuilder {
  /** Builds what changed since the last build; throws a BuildError on a compile error. */
  build(): Promise<DevClientBuild>;
  dispose(): Promise<void>;
}

/** An entry's name: its path, flattened (`pages/notes/[id].tsx` → `app/pages-notes-id-tsx`). */
function entryName(group: string, relative: string): string {
  return `${group}/${relative.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/**
 * The modules that are entries of their own: the app's (not its stylesheets, which are no
 * scripts, except CSS Modules' class maps), the runtime's, each package's stand-in, and
 * each file of a package kept in the app's build that the app or the runtime imports by
 * name. Entry points (absolute paths, or `stratus-vendor:<id>`), with their entry names.
 */
function moduleEntries(metafile: Metafile, appDir: string): Map<string, string> {
  const entries = new Map<string, string>();
  const fileOf = (key: string) => (/^[a-z-]+:/.test(key) ? undefined : path.resolve(appDir, key));
  for (const [key, input] of Object.entries(metafile.inputs)) {
    if (key.startsWith(`${VENDOR_NAMESPACE}:`)) {
      entries.set(key, entryName('npm', packageIdOf(key.slice(VENDOR_NAMESPACE.length + 1)).replace(/^(\.\.\/)*(.*\/)?node_modules\//, '')));
      continue;
    }
    const file = fileOf(key);
    if (!file) continue;
    const own = !file.includes(IN_NODE_MODULES);
    if (own && file.startsWith(appDir + path.sep) && MODULE_FILE.test(file)) entries.set(file, entryName('app', path.relative(appDir, file)));
    else if (file.startsWith(RUNTIME_DIR + path.sep)) entries.set(file, entryName('stratus', path.relative(RUNTIME_DIR, file)));
    if (!own) continue;
    for (const imported of input.imports) {
      const target = imported.external ? undefined : fileOf(imported.path);
      if (target?.includes(IN_NODE_MODULES) && imported.original && !/^[./]/.test(imported.original) && imported.kind !== 'require-call') {
        entries.set(target, entryName('npm', imported.original));
      }
    }
  }
  return entries;
}

/** `compilerOptions.jsxImportSource` of the app's tsconfig.json (or jsconfig.json), which esbuild reads when it compiles JSX itself. */
function jsxImportSourceOf(appDir: string): string | undefined {
  for (const name of ['tsconfig.json', 'jsconfig.json']) {
    try {
      // JSON with comments and trailing commas, as tsconfig files are written.
      const text = readFileSync(path.join(appDir, name), 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');
      const value = (JSON.parse(text) as { compilerOptions?: { jsxImportSource?: unknown } }).compilerOptions?.jsxImportSource;
      return typeof value === 'string' ? value : undefined;
    } catch {
      // Missing or unreadable: the next, or none.
    }
  }
  return undefined;
}

/** `stratus build`'s plugins for the app's own scripts, which the refresh plugin does in dev (data functions, JSX in `.js`, the config's compiler options). */
const DONE_BY_REFRESH = new Set(['stratus-strip-data-functions', 'stratus-app-jsx', 'stratus-compiler-options']);

/** What the runtime's browser code imports by name (with the JSX of the app's development build): the start of every vendor script. */
const RUNTIME_IMPORTS = ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'react-refresh/runtime'];

/** Those imports' files, as the build resolves them (runtime-alias.ts: React from NODE_MODULES); the ones not found are left to the build. */
function runtimePackages(): Set<string> {
  const files = new Set<string>();
  for (const specifier of RUNTIME_IMPORTS) {
    try {
      files.add(require.resolve(specifier, { paths: [path.dirname(NODE_MODULES), RUNTIME_DIR] }));
    } catch {
      // The build finds it, or says it is missing.
    }
  }
  return files;
}

const sameKeys = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a.keys()].every((key) => b.has(key));

export function createDevClientBuilder(options: ClientBundleOptions & { pagesDir: string; jsxImportSource?: string }): DevClientBuilder {
  const appDir = path.resolve(options.appDir);
  const plan = planClientBuild(options, false, { pageLoader: `globalThis.${HOT_GLOBAL}.page` });
  // Input keys are then paths in the app (`pages/index.tsx`): the modules' ids.
  plan.options.absWorkingDir = appDir;
  const refresh = refreshPlugin({ appDir, pagesDir: options.pagesDir, jsxImportSource: options.jsxImportSource ?? jsxImportSourceOf(appDir), compile: options.compile });
  const shared: BuildOptions = {
    ...plan.options,
    minify: false,
    sourcemap: 'linked',
    sourcesContent: true,
    jsxDev: true,
    define: { ...plan.options.define, 'process.env.NODE_ENV': '"development"' },
  };
  let vendor: VendorBuild | undefined;
  /** Package files bundled with the app (vendor-build.ts says which), and those asked for the vendor script since it was built. */
  const excluded = new Set<string>();
  // The refresh plugin loads every file of the app: the plugins that would each do a part of it for `stratus build` are left out.
  const others = (plan.options.plugins ?? []).filter((plugin) => !DONE_BY_REFRESH.has(plugin.name));
  const base: BuildOptions = { ...shared, plugins: [vendorPlugin(appDir, (file) => !excluded.has(file)), refresh.plugin, ...others] };
  let entries = new Map<string, string>();
  let ctx: BuildContext<{ write: false; metafile: true }> | undefined;
  let version = 0;
  const toUrl = (output: string) => outputUrlOf(plan, output);

  async function contextFor(modules: Map<string, string>) {
    await ctx?.dispose();
    ctx = (await context({
      ...base,
      // The dev client runs from a script of its own, before the entry: esbuild does not keep
      // the order of imports across chunks, and React Refresh must be in place before React loads.
      entryPoints: [...plan.options.entryPoints, { in: DEV_CLIENT_FILE, out: 'dev-client' }, ...[...modules].filter(([file]) => file !== DEV_CLIENT_FILE).map(([file, out]) => ({ in: file, out }))],
    })) as BuildContext<{ write: false; metafile: true }>;
    entries = modules;
    return ctx;
  }

  async function rebuild() {
    try {
      // A module deleted since the last build (its last import removed first) is no entry any more: esbuild would fail to find it.
      const gone = [...entries.keys()].filter((file) => path.isAbsolute(file) && !existsSync(file));
      if (gone.length > 0) await contextFor(new Map([...entries].filter(([file]) => !gone.includes(file))));
      return await (ctx ?? (await contextFor(entries))).rebuild();
    } catch (error) {
      throw fromEsbuildFailure(error, 'Compiling the browser code failed');
    }
  }

  /** The vendor script for `wanted` (the one there is when it holds them all); adds what it cannot hold to `excluded`. */
  async function vendorFor(wanted: Set<string>): Promise<boolean> {
    if (vendor && [...wanted].every((file) => vendor!.modules.has(file))) return false;
    const files = new Set([...(vendor?.modules ?? []), ...wanted]);
    try {
      vendor = await buildVendor(files, appDir, shared, toUrl);
    } catch (error) {
      throw fromEsbuildFailure(error, 'Compiling the packages for the browser failed');
    }
    const before = excluded.size;
    for (const file of vendor.excluded) excluded.add(file);
    return excluded.size > before;
  }

  return {
    async build() {
      // The packages every app's runtime imports: their vendor script is built while the app's build finds the rest.
      const early = vendor ? undefined : vendorFor(runtimePackages()).catch(() => false);
      let result = await rebuild();
      await early;
      // Until the entries and the packages settle: a new module, a new package, a package the vendor script cannot hold.
      for (let round = 0; round < 4; round++) {
        const wanted = moduleEntries(result.metafile, appDir);
        const entriesChanged = !sameKeys(wanted, entries);
        // The vendor script and the app's build with its new entries at once: independent until a package turns out to stay with the app.
        const [newlyExcluded, rebuilt] = await Promise.all([vendorFor(vendorRequests(result.metafile, appDir)), entriesChanged ? contextFor(wanted).then(rebuild) : undefined]);
        if (newlyExcluded) result = await rebuild();
        else if (rebuilt) result = rebuilt;
        else break;
      }
      const files = new Map(result.outputFiles.map((file) => [toUrl(file.path), file]));
      for (const [url, file] of vendor?.files ?? []) files.set(url, file);
      const versions = new Map([...refresh.versions.values()].map((v) => [v.id, v]));
      const warnings = result.warnings.filter((w) => !w.location || !w.location.file.includes('node_modules'));
      const devClientKey = path.relative(appDir, DEV_CLIENT_FILE).split(path.sep).join('/');
      const devClient = Object.entries(result.metafile.outputs).find(([, info]) => info.entryPoint === devClientKey)?.[0];
      return {
        version: ++version,
        metafile: result.metafile,
        files,
        bundle: { ...clientOutputsOf(result.metafile, plan), metafile: result.metafile },
        devClient: devClient ? toUrl(devClient) : '',
        versions,
        plan,
        warnings,
        vendor: vendor?.url ?? '',
      };
    },
    async dispose() {
      await ctx?.dispose();
      ctx = undefined;
    },
  };
}
