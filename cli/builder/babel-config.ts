/**
 * The app's own Babel config, found and loaded as `next build` (Next 16, Turbopack) finds it:
 * the first of Babel's config file names in the app's folder (not its parents, not
 * package.json's `babel` key). As Next's loader does, its `presets`, `plugins` and `env`
 * are what count; the build applies them to the app's own files (compiler-transforms.ts).
 *
 * Names resolve from the config file's folder as Babel resolves them, up front, so a missing
 * package is one build error saying what to install rather than a failure in every file.
 * `next/babel` maps to Stratus's stand-in (next-babel-preset.ts), so an app that lists it
 * builds whether or not it installs `next`.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginItem } from '@babel/core';
import { buildSync } from 'esbuild';
import JSON5 from 'json5';
import { BuildError } from './errors';
import { inPlaceDefines, inPlaceRequire } from './in-place';
import nextBabelStandIn from './next-babel-preset';

/** Babel's config file names, in the order Next looks for them. */
const CONFIG_FILES = ['.babelrc', '.babelrc.json', '.babelrc.js', '.babelrc.mjs', '.babelrc.cjs', 'babel.config.js', 'babel.config.json', 'babel.config.mjs', 'babel.config.cjs'];
/** How an app names the pages router's preset: by its package path, or by the file it resolves to. */
const NEXT_PRESET = /^next\/(babel|dist\/build\/babel\/preset)(\.js)?$|[\\/]node_modules[\\/]next[\\/](babel|dist[\\/]build[\\/]babel[\\/]preset)\.js$/;
const STYLED_JSX_PLUGIN = /^styled-jsx\/babel(\.js)?$|[\\/]styled-jsx[\\/]babel(\.js)?$/;

interface Options {
  presets?: PluginItem[];
  plugins?: PluginItem[];
}

export interface AppBabelConfig {
  /** The config file, relative to the app. */
  file: string;
  /** The options Babel gets, names resolved, `next/babel` mapped. */
  options: Options & { env?: Record<string, Options> };
  /** Babel's env name for the build (`production`, or `development` for `stratus dev`). */
  envName: string;
  /** styled-jsx runs through the config (next/babel, or its plugin listed): the build's own styled-jsx step stands aside. */
  styledJsx: boolean;
}

/** The app's Babel config file, absolute; undefined when it has none. */
export function findBabelConfig(appDir: string): string | undefined {
  return CONFIG_FILES.map((name) => path.join(appDir, name)).find((file) => existsSync(file));
}

/** The small part of Babel's config-function API configs use: `api.env()`, `api.cache(…)`, `api.caller(…)`. */
function configApi(envName: string): Record<string, unknown> {
  const cache = Object.assign(() => undefined, { forever: () => undefined, never: () => undefined, using: (fn: () => unknown) => fn(), invalidate: (fn: () => unknown) => fn() });
  const env = (what?: string | string[] | ((name: string) => unknown)) =>
    what === undefined ? envName : typeof what === 'function' ? what(envName) : Array.isArray(what) ? what.includes(envName) : what === envName;
  return { version: require('@babel/core/package.json').version, cache, env, caller: (read: (caller: object) => unknown) => read({ name: 'stratus', supportsStaticESM: true, supportsDynamicImport: true }), assertVersion: () => undefined };
}

/** What the file says: JSON5 for `.babelrc` and `.json` (as Babel reads them), else the module's export, run when a function. */
function readConfig(file: string, cacheDir: string, envName: string): Record<string, unknown> {
  if (/(\.babelrc|\.json)$/.test(file)) return JSON5.parse(readFileSync(file, 'utf8'));
  mkdirSync(cacheDir, { recursive: true });
  const outfile = path.join(cacheDir, 'babel.config.cjs');
  // Bundled to CommonJS (ESM, or a `"type": "module"` package's .js, loads the same way), running as if in place.
  buildSync({ entryPoints: [file], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'silent', packages: 'external', define: inPlaceDefines(file), banner: inPlaceRequire(file) });
  delete require.cache[outfile];
  const loaded = require(outfile) as { default?: unknown };
  const value = loaded.default ?? loaded;
  const config = typeof value === 'function' ? value(configApi(envName)) : value;
  if (!config || typeof config !== 'object') throw new Error('it must export an object (or a function returning one)');
  return config as Record<string, unknown>;
}

/** The package Babel loads for a short name: `react-intl` is babel-plugin-react-intl, `@babel/flow` @babel/preset-flow. */
function standardName(kind: 'plugin' | 'preset', name: string): string {
  if (name.startsWith('.') || path.isAbsolute(name)) return name;
  if (name.startsWith('module:')) return name.slice('module:'.length);
  const prefix = `babel-${kind}`;
  if (!name.startsWith('@')) return name.startsWith(prefix) ? name : `${prefix}-${name}`;
  const [scope, ...rest] = name.split('/');
  const short = rest.join('/');
  if (scope === '@babel') return short.startsWith(`${kind}-`) ? name : `@babel/${kind}-${short}`;
  return short === '' ? `${scope}/${prefix}` : short.startsWith(prefix) ? name : `${scope}/${prefix}-${short}`;
}

/** The package a module path is in (`@scope/name/lib/x` is @scope/name). */
function packageOf(request: string): string {
  if (request.startsWith('.') || path.isAbsolute(request)) return request;
  return request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/');
}

export interface LoadOptions {
  /** Where a JavaScript config is compiled before it runs. */
  cacheDir: string;
  /** `stratus dev`: Babel's env name is `development`. */
  development?: boolean;
}

/**
 * The app's Babel config, ready for the transform; undefined when the app has none.
 *
 * @example
 * const babel = loadBabelConfig('/apps/shop', { cacheDir: '/apps/shop/.stratus/.cache' });
 * babel?.options.plugins; // [['/apps/shop/node_modules/babel-plugin-formatjs/index.js', { ast: true }]]
 */
export function loadBabelConfig(appDir: string, options: LoadOptions): AppBabelConfig | undefined {
  const file = findBabelConfig(appDir);
  if (!file) return undefined;
  const rel = path.relative(appDir, file);
  const envName = options.development ? 'development' : 'production';
  let raw: Record<string, unknown>;
  try {
    raw = readConfig(file, options.cacheDir, envName);
  } catch (error) {
    throw new BuildError(`${rel} could not be loaded: ${(error as Error).message}`);
  }
  const babel = require('@babel/core') as typeof import('@babel/core');
  const dir = path.dirname(file);
  let styledJsx = false;

  /** A name resolved from the config's folder, as Babel resolves it (`react-intl` is babel-plugin-react-intl). */
  const resolve = (kind: 'plugin' | 'preset', name: string): string => {
    try {
      return (kind === 'plugin' ? babel.resolvePlugin : babel.resolvePreset)(name, dir) as string;
    } catch (error) {
      // The package Babel looked for, or a module it needs that is missing.
      const wanted = packageOf(standardName(kind, name));
      const missing = packageOf(/Cannot find module '([^']+)'/.exec((error as Error).message)?.[1] ?? wanted);
      const install = missing === packageOf(name) || missing.startsWith('.') || path.isAbsolute(missing) ? wanted : missing;
      throw new BuildError(`${rel}: the Babel ${kind} "${name}" is not installed in ${appDir}: npm install --save-dev ${install}`);
    }
  };
  /** next/babel's options with styled-jsx's plugins resolved, as Next resolves them for styled-jsx (which requires them by path). */
  const standIn = (given: Record<string, unknown> = {}): PluginItem => {
    styledJsx = true;
    const jsx = given['styled-jsx'] as { plugins?: unknown[] } | undefined;
    if (!jsx || !Array.isArray(jsx.plugins)) return [nextBabelStandIn, { 'styled-jsx': jsx }];
    const plugins = jsx.plugins.map((item) => {
      const [name, rest] = Array.isArray(item) ? [item[0], item[1]] : [item, undefined];
      if (typeof name !== 'string') return item;
      let resolved: string;
      try {
        resolved = require.resolve(name, { paths: [dir] });
      } catch {
        throw new BuildError(`${rel}: the styled-jsx plugin "${name}" (next/babel's "styled-jsx" options) is not installed in ${appDir}: npm install --save-dev ${name}`);
      }
      return rest === undefined ? resolved : [resolved, rest];
    });
    return [nextBabelStandIn, { 'styled-jsx': { ...jsx, plugins } }];
  };
  const items = (kind: 'plugin' | 'preset', list: unknown): PluginItem[] | undefined => {
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) throw new BuildError(`${rel}: "${kind}s" must be an array`);
    return list.map((item: PluginItem) => {
      const [name, ...rest] = Array.isArray(item) ? item : [item];
      if (typeof name !== 'string') return item;
      if (kind === 'preset' && NEXT_PRESET.test(name)) return standIn(rest[0] as Record<string, unknown> | undefined);
      if (kind === 'plugin' && STYLED_JSX_PLUGIN.test(name)) styledJsx = true;
      return [resolve(kind, name), ...rest] as PluginItem;
    });
  };
  const section = (value: unknown): Options => {
    const given = (value ?? {}) as Record<string, unknown>;
    const out: Options = {};
    const presets = items('preset', given.presets);
    const plugins = items('plugin', given.plugins);
    if (presets) out.presets = presets;
    if (plugins) out.plugins = plugins;
    return out;
  };

  const base = section(raw);
  // Every env section is resolved (a missing package is an error whichever env it is for); Babel applies the build's own.
  const env = raw.env && typeof raw.env === 'object' ? Object.fromEntries(Object.entries(raw.env).map(([name, value]) => {
    const before = styledJsx;
    const resolved = section(value);
    if (name !== envName) styledJsx = before;
    return [name, resolved];
  })) : undefined;
  return { file: rel, options: env ? { ...base, env } : base, envName, styledJsx };
}
