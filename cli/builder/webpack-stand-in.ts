/**
 * What a next.config gets for `require('webpack')` when the app has no webpack of its own.
 * Config wrappers load webpack as they load: next-pwa (workbox-webpack-plugin reads
 * `webpack.sources` and `webpack.EntryPlugin`), @sentry/webpack-plugin (`BannerPlugin`,
 * `DefinePlugin`), older workbox (`webpack/lib/SingleEntryPlugin`, `webpack-sources`), and
 * configs write `const webpack = require('webpack')` for a `new webpack.DefinePlugin(…)`
 * inside `webpack()`. `next build` resolves these to its own compiled webpack, so apps never
 * install it; Stratus does not bundle with webpack and never calls the config's `webpack()`
 * (it is a warning), so what they need is only something to load: a `webpack` whose plugin
 * classes construct and do nothing, with webpack 5's `version`, namespaces (`sources`,
 * `optimize`, …) and `webpack/…` files. Calling `webpack(options)` itself throws, saying why.
 *
 * While the config loads (withWebpackStandIn), a `webpack`, `webpack/…` or `webpack-sources`
 * request that Node cannot resolve from the file asking gets the stand-in: an app (or
 * package) that installs webpack gets its own. The hook is on Node's CommonJS resolution,
 * which loads the compiled config and the packages it requires; an ES module package's own
 * `import 'webpack'` does not go through it.
 *
 * @example
 * await withWebpackStandIn(() => evaluate(file)); // next-pwa loads; its webpack() is never called
 */
import Module from 'node:module';
import path from 'node:path';

/** webpack 5, as the stand-in tells wrappers that test `webpack.version` (`startsWith('4.')`, `semver.gte`). */
export const STAND_IN_VERSION = '5.99.0+stratus.stand-in';

/** Classes webpack 5 exports at its top level that configs and wrappers construct or compare with `instanceof`. */
const TOP_LEVEL_CLASSES = [
  'AutomaticPrefetchPlugin', 'BannerPlugin', 'Cache', 'Chunk', 'ChunkGraph', 'CleanPlugin', 'Compilation', 'Compiler',
  'ContextExclusionPlugin', 'ContextReplacementPlugin', 'DefinePlugin', 'DelegatedPlugin', 'Dependency', 'DllPlugin',
  'DllReferencePlugin', 'DynamicEntryPlugin', 'EntryOptionPlugin', 'EntryPlugin', 'EnvironmentPlugin',
  'EvalDevToolModulePlugin', 'EvalSourceMapDevToolPlugin', 'ExternalModule', 'ExternalsPlugin', 'Generator',
  'HotModuleReplacementPlugin', 'IgnorePlugin', 'LibraryTemplatePlugin', 'LoaderOptionsPlugin', 'LoaderTargetPlugin',
  'Module', 'ModuleGraph', 'MultiCompiler', 'NoEmitOnErrorsPlugin', 'NormalModule', 'NormalModuleReplacementPlugin',
  'Parser', 'PlatformPlugin', 'PrefetchPlugin', 'ProgressPlugin', 'ProvidePlugin', 'RuntimeModule', 'SingleEntryPlugin',
  'SourceMapDevToolPlugin', 'Stats', 'Template', 'WatchIgnorePlugin', 'WebpackError', 'WebpackOptionsApply',
  'WebpackOptionsDefaulter',
];

/** webpack 5's namespaces (`webpack.optimize.SplitChunksPlugin`, `webpack.sources.RawSource`, …). */
const NAMESPACES = [
  'cache', 'config', 'container', 'css', 'debug', 'dependencies', 'electron', 'esm', 'experiments', 'ids', 'javascript',
  'library', 'node', 'optimize', 'prefetch', 'runtime', 'sharing', 'sources', 'util', 'wasm', 'web', 'webworker',
];

/** webpack-sources' classes (webpack 5's `webpack.sources`). */
const SOURCE_CLASSES = [
  'CachedSource', 'CompatSource', 'ConcatSource', 'OriginalSource', 'PrefixSource', 'RawSource', 'ReplaceSource',
  'SizeOnlySource', 'Source', 'SourceMapSource',
];

type Inert = new (...args: unknown[]) => object;
const classes = new Map<string, Inert>();

/**
 * The one class of that name (the same for `webpack.DefinePlugin` and `webpack/lib/DefinePlugin`,
 * so `instanceof` agrees): constructs from any arguments, and as a plugin does nothing.
 */
function inertClass(name: string): Inert {
  let made = classes.get(name);
  if (!made) {
    // A computed key names the class: `plugin.constructor.name` is what the wrapper expects.
    made = { [name]: class { apply(): void {} } }[name]! as Inert;
    classes.set(name, made);
  }
  return made;
}

/**
 * An object (or function) whose own properties are `known`, and which answers any other
 * capitalised name with the inert class of that name: a plugin of a newer webpack, or one of
 * a namespace not listed, loads as well. Lower-case names it does not know are undefined,
 * as `then` and `__esModule` must be.
 */
function withInertClasses<T extends object>(target: T, known: readonly string[]): T {
  for (const name of known) Object.defineProperty(target, name, { value: inertClass(name), enumerable: true, writable: true, configurable: true });
  return new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'string' && !(key in object) && /^[A-Z]/.test(key)) return inertClass(key);
      return Reflect.get(object, key, receiver);
    },
  });
}

/** `webpack.ModuleFilenameHelpers`, which workbox-webpack-plugin calls when it runs: its two tests, working. */
const moduleFilenameHelpers = {
  matchPart(name: string, test: unknown): boolean {
    if (test === undefined || test === null) return true;
    const tests = Array.isArray(test) ? test : [test];
    return tests.some((one) => (one instanceof RegExp ? one.test(name) : typeof one === 'string' ? name.startsWith(one) : false));
  },
  matchObject(object: { test?: unknown; include?: unknown; exclude?: unknown }, name: string): boolean {
    if (object.test !== undefined && !moduleFilenameHelpers.matchPart(name, object.test)) return false;
    if (object.include !== undefined && !moduleFilenameHelpers.matchPart(name, object.include)) return false;
    return object.exclude === undefined || !moduleFilenameHelpers.matchPart(name, object.exclude);
  },
};

const sources = withInertClasses({}, SOURCE_CLASSES);
/** `webpack.RuntimeGlobals` (names of webpack's runtime), read only when a plugin runs. */
const runtimeGlobals = withInertClasses({}, []);

function webpack(): never {
  throw new Error(
    'webpack() was called while the config loaded, but Stratus does not bundle with webpack: `webpack` here is a stand-in that lets config plugins load (their webpack() functions have no effect in Stratus). Install webpack in the app if the config must run it.',
  );
}

/** The stand-in for `require('webpack')`. */
export const webpackStandIn = withInertClasses(
  Object.assign(webpack, {
    version: STAND_IN_VERSION,
    ModuleFilenameHelpers: moduleFilenameHelpers,
    RuntimeGlobals: runtimeGlobals,
    validate(): void {},
    validateSchema(): void {},
    ...Object.fromEntries(NAMESPACES.map((name) => [name, name === 'sources' ? sources : withInertClasses({}, [])])),
  }),
  TOP_LEVEL_CLASSES,
);
Object.defineProperty(webpack, 'webpack', { value: webpackStandIn, enumerable: true });

/** `webpack/package.json` (and webpack-sources'): what a wrapper reads to learn the version. */
const standInPackages: Record<string, object> = {
  webpack: { name: 'webpack', version: STAND_IN_VERSION, main: 'lib/index.js' },
  'webpack-sources': { name: 'webpack-sources', version: '3.3.0+stratus.stand-in', main: 'lib/index.js' },
};

/** A package the stand-in answers for: webpack, or webpack-sources (which webpack 4-era plugins require). */
const STOOD_IN = /^(webpack|webpack-sources)(?:\/(.*))?$/;

/**
 * What the stand-in gives for a request (`webpack`, `webpack/lib/DefinePlugin.js`,
 * `webpack-sources`); undefined for any other. A `webpack/…` file is the class its name
 * says (`webpack/lib/optimize/LimitChunkCountPlugin`), webpack itself for `lib/webpack` and
 * `lib/index`, or a namespace of inert classes.
 */
export function standInFor(request: string): unknown {
  const match = STOOD_IN.exec(request);
  if (!match) return undefined;
  const [, name, subpath = ''] = match;
  const file = subpath.replace(/\/$/, '');
  if (file === 'package' || file === 'package.json') return standInPackages[name!];
  const base = path.posix.basename(file).replace(/\.js$/, '');
  if (name === 'webpack-sources') return SOURCE_CLASSES.includes(base) ? inertClass(base) : sources;
  if (file === '' || file === 'lib' || base === 'webpack' || base === 'index') return webpackStandIn;
  if (base === 'ModuleFilenameHelpers') return moduleFilenameHelpers;
  if (base === 'RuntimeGlobals') return runtimeGlobals;
  return /^[A-Z]/.test(base) ? inertClass(base) : withInertClasses({}, []);
}

interface NodeLoader {
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
  _cache: Record<string, Module>;
}

/** Where the stand-in's modules are said to be (nothing is read there: they wait in Node's module cache). */
const STAND_IN_DIR = path.join(__dirname, 'webpack-stand-in', 'node_modules');

let active = 0;
let original: NodeLoader['_resolveFilename'] | undefined;
const seeded = new Set<string>();

/** The stand-in's module for the request, put in Node's cache under a file name of its own. */
function standInFile(request: string, loader: NodeLoader): string {
  const file = path.join(STAND_IN_DIR, ...request.split('/'));
  const filename = /\.(js|json)$/.test(file) ? file : request.includes('/') ? `${file}.js` : path.join(file, 'index.js');
  if (!loader._cache[filename]) {
    const standIn = new Module(filename);
    standIn.filename = filename;
    standIn.exports = standInFor(request);
    standIn.loaded = true;
    loader._cache[filename] = standIn;
    seeded.add(filename);
  }
  return filename;
}

/**
 * Runs `load` with Node's CommonJS resolution answering unresolvable webpack requests with the
 * stand-in; restores it afterwards (calls may nest: the last one out restores it).
 */
export async function withWebpackStandIn<T>(load: () => Promise<T>): Promise<T> {
  const loader = Module as unknown as NodeLoader;
  if (active++ === 0) {
    const resolve = (original = loader._resolveFilename);
    loader._resolveFilename = function resolveWithStandIn(this: unknown, request, parent, isMain, options) {
      try {
        return resolve.call(this, request, parent, isMain, options);
      } catch (error) {
        const match = STOOD_IN.exec(request);
        if (!match || (error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
        // A package the requiring file can find is the app's own: a file it lacks is an error, as without the stand-in.
        try {
          resolve.call(this, match[1]!, parent, isMain, options);
        } catch {
          return standInFile(request, loader);
        }
        throw error;
      }
    };
  }
  try {
    return await load();
  } finally {
    if (--active === 0) {
      loader._resolveFilename = original!;
      original = undefined;
      for (const filename of seeded) delete loader._cache[filename];
      seeded.clear();
    }
  }
}
