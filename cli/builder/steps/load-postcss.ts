/**
 * Build step: the app's PostCSS config (`postcss.config.js`, `.cjs`, `.mjs`, `.json`), as
 * pages-router apps keep it for Tailwind CSS and autoprefixer. Every stylesheet of the app
 * (global CSS and CSS Modules, before their classes are renamed) goes through its plugins,
 * which load from the app's own node_modules, as `next build` runs them. No config: CSS is
 * bundled as written.
 *
 * Plugins resolve paths (Tailwind's `content` globs) against the working directory, as
 * under `next build`, which runs in the app's folder; so does each transform here.
 *
 * @example
 * const transform = await loadPostcss(appDir, cacheDir);
 * const css = transform ? await transform(text, file) : text;
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { BuildError } from '../errors';
import { inAppFolder } from '../app-folder';
import { inPlaceDefines, inPlaceRequire } from '../in-place';

/** Rewrites one stylesheet's text; `file` is its absolute path (for plugins and messages). */
export type CssTransform = (css: string, file: string) => Promise<string>;

const CONFIG_FILES = ['postcss.config.js', 'postcss.config.cjs', 'postcss.config.mjs', 'postcss.config.json', '.postcssrc.json', '.postcssrc'];

type PluginEntry = [name: string | ((options?: unknown) => unknown), options: unknown];

/** The config's `plugins` in order: an object of name → options, or an array of names, `[name, options]` pairs or plugins. */
function pluginEntries(plugins: unknown, file: string): PluginEntry[] {
  if (Array.isArray(plugins)) {
    return plugins
      .filter((p) => p !== undefined && p !== null && p !== false)
      .map((p): PluginEntry => (Array.isArray(p) ? [p[0], p[1]] : [p, undefined]));
  }
  if (plugins && typeof plugins === 'object') return Object.entries(plugins).filter(([, options]) => options !== false) as PluginEntry[];
  throw new BuildError(`${file}: "plugins" must be an object of plugin names and options, or an array; got ${JSON.stringify(plugins)}.`);
}

/** Compiles and loads the config file (any module format), as the config step loads next.config.js. */
function readConfig(file: string, cacheDir: string): { plugins?: unknown } {
  if (file.endsWith('.json') || file.endsWith('.postcssrc')) return JSON.parse(readFileSync(file, 'utf8')) as { plugins?: unknown };
  mkdirSync(cacheDir, { recursive: true });
  const outfile = path.join(cacheDir, 'postcss-config.cjs');
  buildSync({ entryPoints: [file], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'silent', packages: 'external', define: inPlaceDefines(file), banner: inPlaceRequire(file) });
  delete require.cache[outfile];
  const loaded = require(outfile) as { default?: unknown };
  return (loaded.default ?? loaded) as { plugins?: unknown };
}

export async function loadPostcss(appDir: string, cacheDir: string): Promise<CssTransform | undefined> {
  const name = CONFIG_FILES.find((f) => existsSync(path.join(appDir, f)));
  if (!name) return undefined;
  const file = path.join(appDir, name);
  const fromApp = createRequire(path.join(appDir, 'package.json'));
  let postcss: (plugins: unknown[]) => { process(css: string, options: { from: string; to: string }): PromiseLike<{ css: string }> };
  try {
    postcss = fromApp('postcss') as typeof postcss;
  } catch {
    throw new BuildError(`${name} is there but the app has no postcss package: install it in ${appDir} (npm install --save-dev postcss).`);
  }
  let config: { plugins?: unknown };
  try {
    config = readConfig(file, cacheDir);
  } catch (error) {
    throw new BuildError(`${name}: ${(error as { errors?: { text: string }[] }).errors?.map((e) => e.text).join('; ') ?? (error as Error).message}`);
  }
  const plugins = pluginEntries(config.plugins ?? [], name).map(([plugin, options]) => {
    if (typeof plugin !== 'string') return plugin;
    let create: unknown;
    try {
      create = fromApp(plugin);
    } catch {
      throw new BuildError(`${name} names the PostCSS plugin "${plugin}", which is not installed in ${appDir}: npm install --save-dev ${plugin}.`);
    }
    const factory = ((create as { default?: unknown }).default ?? create) as (options?: unknown) => unknown;
    return options === undefined || options === true || (typeof options === 'object' && Object.keys(options as object).length === 0) ? factory() : factory(options);
  });
  const processor = postcss(plugins);
  // In the app's folder, one stylesheet at a time (app-folder.ts).
  return (css, from) =>
    inAppFolder(appDir, async () => {
      try {
        return (await processor.process(css, { from, to: from })).css;
      } catch (error) {
        const { reason, line, column } = error as { reason?: string; line?: number; column?: number };
        const where = line ? `:${line}:${column ?? 0}` : '';
        throw new BuildError(`${path.relative(appDir, from)}${where}: ${reason ?? (error as Error).message} (PostCSS, ${name})`);
      }
    });
}
