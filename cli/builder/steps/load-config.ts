/**
 * Build step: the app's config file found, compiled and evaluated: `stratus.config.ts` (or
 * .js, .mjs), or a pages-router app's `next.config.js` (.mjs, .ts); then checked, its rules
 * settled and its defaults filled in by validateConfig (validate-config.ts). Every key
 * Stratus does not act on comes back as a warning saying what happens instead.
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
  /** `images.loaderFile` of the config file, relative to the app; absent when not written. */
  imageLoaderFile?: string;
  /** The file read, relative to the app; undefined when there is none. */
  file?: string;
  warnings: string[];
}

/** Compiles a config file and returns what it exports (calling it when it is a function, as Next does). */
async function evaluate(file: string, cacheDir: string): Promise<Record<string, unknown>> {
  mkdirSync(cacheDir, { recursive: true });
  const outfile = path.join(cacheDir, 'config.cjs');
  buildSync({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'silent',
    // next.config.js files may import next/constants for the phase names.
    alias: { 'next/constants': path.join(RUNTIME_DIR, 'next', 'constants.ts') },
    packages: 'external',
    // The paths it would see in place (`path.join(__dirname, 'styles')`, `import.meta.url`).
    define: inPlaceDefines(file),
    banner: inPlaceRequire(file),
  });
  delete require.cache[outfile];
  // As next build's default bundler, Turbopack, sets it: plugins such as @next/mdx give their turbopack.rules then.
  const turbopack = process.env.TURBOPACK;
  process.env.TURBOPACK ??= '1';
  try {
    const loaded = require(outfile) as { default?: unknown };
    let value: unknown = loaded.default ?? loaded;
    if (typeof value === 'function') value = await (value as (phase: string, context: object) => unknown)('phase-production-build', { defaultConfig: {} });
    if (!value || typeof value !== 'object') throw new Error('the config file must export an object (or a function returning one)');
    return value as Record<string, unknown>;
  } finally {
    if (turbopack === undefined) delete process.env.TURBOPACK;
  }
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
  let raw: Record<string, unknown>;
  try {
    raw = await evaluate(path.join(appDir, file), cacheDir);
  } catch (error) {
    const text = (error as { errors?: { text: string }[] }).errors?.map((e) => e.text).join('; ') ?? (error as Error).message;
    throw new BuildError(`${file}: ${text}`);
  }
  return { ...(await validateConfig(raw, file, file === stratusFile ? 'stratus' : 'next', middleware)), file };
}
