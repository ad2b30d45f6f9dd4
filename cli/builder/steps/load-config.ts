/**
 * Build step: the app's config file found, compiled and evaluated: `stratus.config.ts` (or
 * .js, .mjs), or a pages-router app's `next.config.js` (.mjs, .ts); then checked, its rules
 * settled and its defaults filled in by validateConfig (validate-config.ts). Every key
 * Stratus does not act on comes back as a warning saying what happens instead.
 *
 * While it loads, `require('webpack')` (and `webpack/…`) from the config or the packages it
 * loads is the app's webpack, or when the app has none, a stand-in whose plugins do nothing
 * (webpack-stand-in.ts): `next build` gives them its own, and wrappers such as next-pwa
 * require it as they load. The config's `webpack()` is never called (a warning, which says
 * what a known wrapper's does not do).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { ResolvedConfig } from '../../../contract/config';
import type { CompilerOptions, SassOptions, TurbopackOptions, TypescriptOptions } from '../../../contract/config-schema';
import { RUNTIME_DIR } from '../../paths';
import { BuildError } from '../errors';
import { findMiddleware } from './middleware-file';
import { inPlaceDefines, inPlaceRequire } from '../in-place';
import { withWebpackStandIn } from '../webpack-stand-in';
import { BUILD_PHASE } from '../app-folder';
import { packageNameOf } from '../package-paths';
import { validateConfig } from './validate-config';

const STRATUS_FILES = ['stratus.config.ts', 'stratus.config.js', 'stratus.config.mjs'];
const NEXT_FILES = ['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.cjs'];

export interface LoadedConfig {
  config: ResolvedConfig;
  /** `env` of the config file, inlined as `process.env.NAME`. */
  env: Record<string, string>;
  /** `pageExtensions` of the config file; absent for the default. */
  pageExtensions?: string[];
  /** `typescript` of the config file (the build's type check); absent when not written. */
  typescript?: TypescriptOptions;
  /** `compiler` of the config file (source transforms); absent when not written. */
  compiler?: CompilerOptions;
  /** `sassOptions` of the config file (how Sass files compile); absent when not written. */
  sassOptions?: SassOptions;
  /** `turbopack` of the config file (loader rules, aliases, extensions); absent when not written. */
  turbopack?: TurbopackOptions;
  /** `reactStrictMode` of the config file (`stratus dev` only); absent when not true. */
  reactStrictMode?: true;
  /** `serverExternalPackages` of the config file (server-packages.ts); absent when none. */
  serverExternalPackages?: string[];
  /** `images.loaderFile` of the config file, relative to the app; absent when not written. */
  imageLoaderFile?: string;
  /** The file read, relative to the app; undefined when there is none. */
  file?: string;
  warnings: string[];
}

/**
 * Config plugins that do all their work in `webpack()`, which Stratus never calls: what is
 * then not done, and what to do instead.
 */
const SERVICE_WORKER = "so no service worker is generated or registered: put one in public/ (by hand, or generated before `stratus build` with workbox-cli's generateSW) and register it from pages/_app (navigator.serviceWorker.register)";
const WEBPACK_PLUGINS: Record<string, string> = {
  'next-pwa': SERVICE_WORKER,
  '@ducanh2912/next-pwa': SERVICE_WORKER,
  '@serwist/next': SERVICE_WORKER,
  'next-offline': SERVICE_WORKER,
};


interface Evaluated {
  value: Record<string, unknown>;
  /** The packages the config file (and the files of the app it imports) imports. */
  packages: Set<string>;
}

/** Compiles a config file and returns what it exports (calling it when it is a function, as Next does). */
async function evaluate(file: string, cacheDir: string): Promise<Evaluated> {
  mkdirSync(cacheDir, { recursive: true });
  const outfile = path.join(cacheDir, 'config.cjs');
  const { metafile } = buildSync({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'silent',
    metafile: true,
    // next.config.js files may import next/constants for the phase names.
    alias: { 'next/constants': path.join(RUNTIME_DIR, 'next', 'constants.ts') },
    packages: 'external',
    // The paths it would see in place (`path.join(__dirname, 'styles')`, `import.meta.url`).
    define: inPlaceDefines(file),
    banner: inPlaceRequire(file),
  });
  const packages = new Set(
    Object.values(metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((imported) => imported.external)
      .map((imported) => packageNameOf(imported.path))
      .filter((name): name is string => name !== undefined),
  );
  delete require.cache[outfile];
  // As next build's default bundler, Turbopack, sets it: plugins such as @next/mdx give their turbopack.rules then.
  const turbopack = process.env.TURBOPACK;
  process.env.TURBOPACK ??= '1';
  try {
    // Wrappers (next-pwa, @sentry/webpack-plugin) require webpack as they load: the app's, or a stand-in.
    return await withWebpackStandIn(async () => {
      const loaded = require(outfile) as { default?: unknown };
      let value: unknown = loaded.default ?? loaded;
      if (typeof value === 'function') value = await (value as (phase: string, context: object) => unknown)(BUILD_PHASE, { defaultConfig: {} });
      if (!value || typeof value !== 'object') throw new Error('the config file must export an object (or a function returning one)');
      return { value: value as Record<string, unknown>, packages };
    });
  } finally {
    if (turbopack === undefined) delete process.env.TURBOPACK;
  }
}

/**
 * The warning about `webpack` (validateConfig's "has no effect"), with what each config plugin
 * the file imports does there and so does not do in Stratus (next-pwa's service worker).
 */
function sayWhatWebpackDid(warnings: string[], file: string, packages: Set<string>): string[] {
  const undone = [...packages].filter((name) => name in WEBPACK_PLUGINS).map((name) => `${name} does its work in webpack, ${WEBPACK_PLUGINS[name]}.`);
  if (undone.length === 0) return warnings;
  return warnings.map((warning) => (warning.startsWith(`${file}: webpack `) ? `${warning.replace(/\.?$/, '.')} ${undone.join(' ')}` : warning));
}

export async function loadConfig(appDir: string, cacheDir: string): Promise<LoadedConfig> {
  const stratusFile = STRATUS_FILES.find((name) => existsSync(path.join(appDir, name)));
  const nextFile = NEXT_FILES.find((name) => existsSync(path.join(appDir, name)));
  if (stratusFile && nextFile) {
    throw new BuildError(`${stratusFile} and ${nextFile} are both in ${appDir}: Stratus reads one config file. Keep ${stratusFile} (it would win) and move what you need from ${nextFile} into it, or delete ${stratusFile}.`);
  }
  const file = stratusFile ?? nextFile;
  const middleware = findMiddleware(appDir) !== undefined;
  if (!file) return validateConfig({}, undefined, 'stratus', middleware);
  let evaluated: Evaluated;
  try {
    evaluated = await evaluate(path.join(appDir, file), cacheDir);
  } catch (error) {
    const text = (error as { errors?: { text: string }[] }).errors?.map((e) => e.text).join('; ') ?? (error as Error).message;
    throw new BuildError(`${file}: ${text}`);
  }
  const validated = await validateConfig(evaluated.value, file, file === stratusFile ? 'stratus' : 'next', middleware);
  return { ...validated, warnings: sayWhatWebpackDid(validated.warnings, file, evaluated.packages), file };
}
