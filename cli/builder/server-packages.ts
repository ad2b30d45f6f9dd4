/**
 * Packages the render bundle leaves as `require`s and ships whole in the function's own
 * `node_modules`, as the pages router leaves server dependencies unbundled: packages with a
 * native addon (bcrypt, argon2, better-sqlite3, canvas: a `.node` file cannot be bundled, and
 * the addon's loader looks for it beside the package's own files), and the packages the app's
 * `serverExternalPackages` names (ones that read their own files by `__dirname`).
 *
 * @example
 * const externals = serverPackagesPlugin({ named: ['pdfkit'] });
 * await build({ ...options, plugins: [externals.plugin] });
 * copyServerPackages(externals.used(), lambdaDir); // lambdaDir/node_modules/bcrypt, node-gyp-build, …
 */
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { textOf } from './steps/trace-files';
import { packageDirFrom, packageNameOf, packageOfFile } from './package-paths';

/** A package the bundle requires at run time: its name and where the build found it. */
export interface ServerPackage {
  name: string;
  dir: string;
  native: boolean;
}

/** A package's folder as Node finds it from `fromDir`, its real path (links followed, as esbuild reports files). */
function realPackageDir(name: string, fromDir: string): string | undefined {
  const dir = packageDirFrom(name, fromDir);
  return dir && realpathSync(dir);
}

interface PackageJson {
  gypfile?: boolean;
  binary?: unknown;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
  } catch {
    return {};
  }
}

/** Loaders of native addons: a package depending on one loads a `.node` file from its own folder. */
const ADDON_LOADERS = new Set(['node-gyp-build', 'bindings', 'prebuild-install', '@mapbox/node-pre-gyp', 'node-pre-gyp', 'node-gyp-build-optional-packages', 'cmake-js']);
/** napi-rs and esbuild-style packages: the binary is an optional dependency per platform (`@node-rs/argon2-linux-x64-gnu`). */
const PLATFORM_PACKAGE = /-(?:linux|darwin|win32|freebsd|android)-(?:x64|arm64|arm|ia32)\b/;

/** A `.node` file in the package's own tree (not its dependencies'), a few levels down. */
function hasAddonFile(dir: string, depth = 4): boolean {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith('.node')) return true;
    if (depth > 0 && entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.') && hasAddonFile(path.join(dir, entry.name), depth - 1)) return true;
  }
  return false;
}

/** Whether a package loads a native addon: by its package.json, its build files, or a `.node` file of its own. */
export function isNativePackage(dir: string): boolean {
  const json = readPackageJson(dir);
  if (json.gypfile || json.binary) return true;
  const dependencies = Object.keys({ ...json.dependencies, ...json.optionalDependencies });
  if (dependencies.some((name) => ADDON_LOADERS.has(name) || PLATFORM_PACKAGE.test(name))) return true;
  return existsSync(path.join(dir, 'binding.gyp')) || existsSync(path.join(dir, 'prebuilds')) || hasAddonFile(dir);
}

/** The plugin that keeps these packages out of the bundle, and the packages it kept out. */
export function serverPackagesPlugin(options: { named?: readonly string[]; found?: readonly string[] } = {}): { plugin: Plugin; used(): ServerPackage[] } {
  const named = new Set([...(options.named ?? []), ...(options.found ?? [])]);
  // Left out because they read their own files (packagesReadingOwnFiles), not because the app said so.
  const found = new Set(options.found ?? []);
  const decided = new Map<string, ServerPackage | undefined>();
  const used = new Map<string, ServerPackage>();
  const plugin: Plugin = {
    name: 'stratus-server-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const name = packageNameOf(args.path);
        if (!name) return undefined;
        const dir = realPackageDir(name, args.resolveDir);
        if (!dir) return undefined;
        if (!decided.has(dir)) {
          const native = isNativePackage(dir);
          decided.set(dir, native || named.has(name) ? { name, dir, native } : undefined);
        }
        const external = decided.get(dir);
        if (!external) return undefined;
        const clash = used.get(name);
        if (clash && clash.dir !== dir) {
          // A second version of a package left out for its files alone stays in the bundle, as before (one copy ships).
          if (!external.native && found.has(name) && !(options.named ?? []).includes(name)) return undefined;
          return { errors: [{ text: `Two copies of ${name} are required at run time (${clash.dir} and ${dir}); the render function can ship one. Make the app use one version (npm dedupe).` }] };
        }
        used.set(name, external);
        return { path: args.path, external: true };
      });
    },
  };
  return { plugin, used: () => [...used.values()] };
}

/**
 * What a package folder holds that nothing runs: node_modules' `.bin` and `.cache`, and a native
 * addon's build leftovers (node-gyp's object files and intermediate folders, the C and C++
 * sources): better-sqlite3 is 32 MB with them, 2.4 MB without.
 */
const NOT_RUN = /[/\\]node_modules[/\\](?:\.bin|\.cache)(?:[/\\]|$)|[/\\](?:obj\.target|\.deps)(?:[/\\]|$)|\.(?:o|a|obj|lib|pdb|tlog|c|cc|cpp|cxx|h|hh|hpp)$/;

/**
 * The packages to ship: those the bundle requires, and every other one `serverExternalPackages`
 * names that is installed, since code may load it by a name the bundler never sees (pino's
 * `transport: { target: 'pino-pretty' }`, loaded in a worker).
 */
export function withNamedPackages(used: readonly ServerPackage[], named: readonly string[], appDir: string): ServerPackage[] {
  const shipped = [...used];
  for (const name of named) {
    if (shipped.some((p) => p.name === name)) continue;
    const dir = realPackageDir(name, appDir);
    if (dir) shipped.push({ name, dir, native: isNativePackage(dir) });
  }
  return shipped;
}

/**
 * Copies each package with the packages it requires (dependencies, and the optional and peer
 * ones that are installed, found as Node finds them) into `<lambdaDir>/node_modules`, real files
 * (Lambda's zip holds no links). A dependency met in two versions goes inside its dependent's
 * folder; one inside a copied package's folder (npm nested it there) came with it, and what it
 * requires is followed too. Returns the package names copied at the top.
 */
export function copyServerPackages(packages: readonly Pick<ServerPackage, 'name' | 'dir'>[], lambdaDir: string): string[] {
  const target = path.join(lambdaDir, 'node_modules');
  rmSync(target, { recursive: true, force: true });
  if (packages.length === 0) return [];
  const atTop = new Map<string, string>();
  // Each folder copied and where it went: a package found inside one is already in the function.
  const copied: { from: string; to: string }[] = [];
  const followed = new Set<string>();
  const queue: { name: string; dir: string; under: string }[] = packages.map((p) => ({ name: p.name, dir: p.dir, under: target }));
  while (queue.length > 0) {
    const { name, dir, under } = queue.shift()!;
    if (followed.has(dir)) continue;
    followed.add(dir);
    let destination = placedCopy(copied, dir);
    if (destination === undefined) {
      const top = atTop.get(name);
      destination = top === undefined ? path.join(target, name) : path.join(under, name);
      if (top === undefined) atTop.set(name, dir);
      if (existsSync(destination)) continue;
      // The package's own node_modules come along: they are the versions it was installed with.
      cpSync(dir, destination, { recursive: true, dereference: true, filter: (source) => !NOT_RUN.test(source.slice(dir.length)) });
      copied.push({ from: dir, to: destination });
    }
    for (const dependency of requiredNames(dir)) {
      const found = realPackageDir(dependency, dir);
      // Not installed (an optional one for another platform, a peer the app does without).
      if (found) queue.push({ name: dependency, dir: found, under: path.join(destination, 'node_modules') });
    }
  }
  return [...atTop.keys()].sort();
}

/**
 * The packages a package may require: its dependencies, optional and peer ones (not Next
 * itself as a peer: the bundle gives its modules, and a copy of next would not fit a function).
 */
export function requiredNames(dir: string): string[] {
  const json = readPackageJson(dir);
  const peers = Object.keys(json.peerDependencies ?? {}).filter((name) => name !== 'next' && !name.startsWith('@next/'));
  return [...new Set([...Object.keys({ ...json.dependencies, ...json.optionalDependencies }), ...peers])];
}

/** Where a folder already is in the function: inside a copied package's folder, or undefined. */
function placedCopy(copied: readonly { from: string; to: string }[], dir: string): string | undefined {
  for (const { from, to } of copied) {
    if (dir === from) return to;
    if (dir.startsWith(from + path.sep)) return path.join(to, path.relative(from, dir));
  }
  return undefined;
}

/** A file that names its own place: `__dirname`, `__filename`, or its module URL made a path. */
const NAMES_OWN_PLACE = /\b__dirname\b|\b__filename\b|fileURLToPath\(\s*import\.meta\.url\s*\)/;
/** What it then does with it: reads files, lists folders, starts a worker or a process from a file. */
const USES_FILES = /\b(?:readFileSync|readFile|readdirSync|readdir|createReadStream|statSync|existsSync|openSync)\s*\(|\bnew\s+Worker\s*\(|\b(?:fork|execFile|spawn)\s*\(/;
/**
 * Or it makes a require of its own (`createRequire(import.meta.url)`) and loads its own files
 * through it, by a relative path or its package.json's `imports` (pdfkit's
 * `require('#standard-fonts/Helvetica')`), which the bundler cannot follow; Node's modules
 * through it are fine bundled.
 */
const OWN_REQUIRE = /\bcreateRequire\s*\(/;
const REQUIRES_OWN_FILE = /[\w$]\s*\(\s*['"`](?:#[\w@]|\.\.?\/)/;
/** Packages that render with React: left out of the bundle they would get a React of their own. */
const SHARES_REACT = (dir: string) => requiredNames(dir).some((name) => name === 'react' || name === 'react-dom');

const readsOwnFiles = new Map<string, boolean>();

/**
 * The app's packages in the bundle that read their own files where they are installed (jsdom's
 * default stylesheet, pdfkit's fonts, geoip-lite's data, pino's worker), or require through a
 * `createRequire` of their own: bundled, their `__dirname` is the bundle's folder and the files
 * are not there. The pages router leaves server packages unbundled, so they work under `next
 * build`; Stratus leaves these out too. Not packages that render with React (a second React
 * would break their hooks: `serverExternalPackages` names such a one), nor Stratus's own.
 */
export function packagesReadingOwnFiles(metafile: Metafile, workingDir: string, stratusModules: string): ServerPackage[] {
  const byDir = new Map<string, { name: string; files: string[] }>();
  const own = path.resolve(stratusModules) + path.sep;
  for (const input of Object.keys(metafile.inputs)) {
    if (/^[\w-]+:/.test(input)) continue;
    const file = path.resolve(workingDir, input);
    const inPackage = file.startsWith(own) ? undefined : packageOfFile(file);
    if (!inPackage) continue;
    const { name, dir } = inPackage;
    const entry = byDir.get(dir) ?? { name, files: [] };
    entry.files.push(file);
    byDir.set(dir, entry);
  }
  const found: ServerPackage[] = [];
  for (const [dir, { name, files }] of byDir) {
    let reads = readsOwnFiles.get(dir);
    if (reads === undefined) {
      reads = !SHARES_REACT(dir) && files.some((file) => {
        const text = textOf(file);
        return (NAMES_OWN_PLACE.test(text) && USES_FILES.test(text)) || (OWN_REQUIRE.test(text) && REQUIRES_OWN_FILE.test(text));
      });
      readsOwnFiles.set(dir, reads);
    }
    if (reads) found.push({ name, dir, native: false });
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : 1));
}

