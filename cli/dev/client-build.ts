/**
 * `stratus dev`'s browser build: the client build of `stratus build` (bundle-client.ts) with
 * React's development build, linked source maps, the dev client first in the entry, React
 * Refresh's transform on the app's modules (refresh-plugin.ts), kept in memory, rebuilt
 * incrementally on each save.
 *
 * Each of the app's modules, each runtime module and each package the app imports is an
 * entry of its own. esbuild puts a module in the chunk of the set of entries that reach it,
 * so a module that is an entry gets a chunk of its own: a save changes the chunk of the
 * saved module (and the names of those importing it), and a new script of that chunk runs
 * the saved module alone, over the same instances of everything else (React above all).
 * The entries come from the last build's inputs: a build that reaches a new module is run
 * again with it as an entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { context, type BuildContext, type BuildOptions, type Message, type Metafile, type OutputFile } from 'esbuild';
import { RUNTIME_DIR } from '../paths';
import { clientOutputsOf, planClientBuild, type ClientBundle, type ClientBundleOptions, type ClientBuildPlan } from '../builder/steps/bundle-client';
import { fromEsbuildFailure } from '../builder/errors';
import { HOT_GLOBAL } from '../../web/runtime/shared/dev-hooks';
import { refreshPlugin, type ModuleVersion } from './refresh-plugin';

const DEV_CLIENT_FILE = path.join(RUNTIME_DIR, 'browser', 'dev', 'hot-client.ts');
const IN_NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/** The app's files that become JavaScript modules of their own. */
const MODULE_FILE = /\.(?:[cm]?[jt]sx?|json)$|\.module\.css$/;

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
}

export interface DevClientBuilder {
  /** Builds what changed since the last build; throws a BuildError on a compile error. */
  build(): Promise<DevClientBuild>;
  dispose(): Promise<void>;
}

/** `/_app/static/chunks/x.js` for an output path. */
export function urlOf(plan: ClientBuildPlan, output: string): string {
  return '/' + path.relative(plan.assetsDir, path.resolve(plan.options.absWorkingDir ?? process.cwd(), output)).split(path.sep).join('/');
}

/** An entry's name: its path, flattened (`pages/notes/[id].tsx` → `app/pages-notes-id-tsx`). */
function entryName(group: string, relative: string): string {
  return `${group}/${relative.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/**
 * The modules that are entries of their own: the app's (not its stylesheets, which are no
 * scripts, except CSS Modules' class maps), the runtime's, and each package file the app or
 * the runtime imports by name. Absolute paths, with their entry names.
 */
function moduleEntries(metafile: Metafile, appDir: string): Map<string, string> {
  const entries = new Map<string, string>();
  const fileOf = (key: string) => (/^[a-z-]+:/.test(key) ? undefined : path.resolve(appDir, key));
  for (const [key, input] of Object.entries(metafile.inputs)) {
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

const sameKeys = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a.keys()].every((key) => b.has(key));

export function createDevClientBuilder(options: ClientBundleOptions & { pagesDir: string; jsxImportSource?: string }): DevClientBuilder {
  const appDir = path.resolve(options.appDir);
  const plan = planClientBuild(options, false, { pageLoader: `globalThis.${HOT_GLOBAL}.page` });
  // Input keys are then paths in the app (`pages/index.tsx`): the modules' ids.
  plan.options.absWorkingDir = appDir;
  const refresh = refreshPlugin({ appDir, pagesDir: options.pagesDir, jsxImportSource: options.jsxImportSource ?? jsxImportSourceOf(appDir), compile: options.compile });
  const base: BuildOptions = {
    ...plan.options,
    minify: false,
    sourcemap: 'linked',
    sourcesContent: true,
    jsxDev: true,
    define: { ...plan.options.define, 'process.env.NODE_ENV': '"development"' },
    plugins: [refresh.plugin, ...(plan.options.plugins ?? [])],
  };
  let entries = new Map<string, string>();
  let ctx: BuildContext<{ write: false; metafile: true }> | undefined;
  let version = 0;

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
      return await (ctx ?? (await contextFor(entries))).rebuild();
    } catch (error) {
      throw fromEsbuildFailure(error, 'Compiling the browser code failed');
    }
  }

  return {
    async build() {
      let result = await rebuild();
      const wanted = moduleEntries(result.metafile, appDir);
      if (!sameKeys(wanted, entries)) {
        await contextFor(wanted);
        result = await rebuild();
      }
      const files = new Map(result.outputFiles.map((file) => [urlOf(plan, file.path), file]));
      const versions = new Map([...refresh.versions.values()].map((v) => [v.id, v]));
      const warnings = result.warnings.filter((w) => !w.location || !w.location.file.includes('node_modules'));
      const devClientKey = path.relative(appDir, DEV_CLIENT_FILE).split(path.sep).join('/');
      const devClient = Object.entries(result.metafile.outputs).find(([, info]) => info.entryPoint === devClientKey)?.[0];
      return {
        version: ++version,
        metafile: result.metafile,
        files,
        bundle: { ...clientOutputsOf(result.metafile, plan), metafile: result.metafile },
        devClient: devClient ? urlOf(plan, devClient) : '',
        versions,
        plan,
        warnings,
      };
    },
    async dispose() {
      await ctx?.dispose();
      ctx = undefined;
    },
  };
}
