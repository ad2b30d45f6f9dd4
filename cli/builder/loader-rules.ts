/**
 * `turbopack.rules` of next.config, as `next build` applies them: webpack loaders run on the
 * files a rule's glob and condition match (create-next-app's Tailwind CSS through
 * `@tailwindcss/turbopack` on `*.css`, SVGs as React components through `@svgr/webpack`), by
 * webpack's own `loader-runner`, the library Turbopack runs them with, with the loader API
 * Turbopack offers (`getOptions`, `async`, `resourcePath`, `rootContext`, `fs.readFile`,
 * `getResolve`, `getLogger`, …).
 * What a rule makes (`as: '*.js'`, `as: '*.css'`, or a module `type`) decides how the
 * bundler takes the result. A glob without `/` matches the file's name, one with `/` its path
 * in the app; every rule that matches runs, in order.
 *
 * @example
 * const rules = compileLoaderRules(appDir, { '*.svg': { loaders: ['@svgr/webpack'], as: '*.js' } }, { development: false });
 * await rules?.apply('/app/icons/logo.svg', { browser: true }); // { contents: 'export default …', kind: 'jsx', … }
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runLoaders } from 'loader-runner';
import picomatch from 'picomatch';
import type { LoaderCondition, LoaderItem, LoaderRule, TurbopackOptions } from '../../contract/config-schema';
import { inAppFolder } from './app-folder';
import { loaderResolver, type LoaderResolveOptions } from './loader-resolve';
import { BuildError } from './errors';

/** What the bundler takes a rule's result as: a kind of esbuild's, or a CSS Module. */
export type RuleOutput = 'jsx' | 'tsx' | 'ts' | 'css' | 'css-module' | 'json' | 'text' | 'binary' | 'file';

export interface RuleEnvironment {
  /** The browser's bundle (else the render function's). */
  browser: boolean;
}

interface CompiledRule {
  /** The glob as written, for messages. */
  glob: string;
  matchesName: (file: string, relative: string) => boolean;
  condition?: LoaderCondition;
  loaders: Array<{ loader: string; options?: Record<string, unknown> }>;
  output?: RuleOutput;
}

export interface LoaderRules {
  /** Whether a rule may apply to a stylesheet (the CSS pipeline then reads every `.css` file through `apply`). */
  touchesCss: boolean;
  /** A coarse filter for the bundler's callbacks: files no rule can match fail it. */
  filter: RegExp;
  /** The file's contents after every matching rule, and what they are; undefined when no rule matches. */
  apply(file: string, environment: RuleEnvironment, source?: string | Buffer): Promise<{ contents: string | Buffer; output: RuleOutput; dependencies: string[] } | undefined>;
  /** What the matching rules make of the file (without running them); undefined when none matches. */
  outputOf(file: string, environment: RuleEnvironment): RuleOutput | undefined;
}

const IN_NODE_MODULES = /(^|[\\/])node_modules[\\/]/;

/** What `as: '*.ext'` or `type` makes: as the file of that extension would be taken. */
export function outputFor(kindOf: string): RuleOutput | undefined {
  const byType: Record<string, RuleOutput> = { ecmascript: 'jsx', typescript: 'tsx', css: 'css', 'css-module': 'css-module', raw: 'text', bytes: 'binary', asset: 'file', json: 'json' };
  if (byType[kindOf]) return byType[kindOf];
  const name = kindOf.replace(/^\*/, 'x');
  if (/\.module\.css$/.test(name)) return 'css-module';
  if (/\.css$/.test(name)) return 'css';
  if (/\.(?:[cm]?js|jsx)$/.test(name)) return 'jsx';
  if (/\.[cm]?ts$/.test(name)) return 'ts';
  if (/\.tsx$/.test(name)) return 'tsx';
  if (/\.json$/.test(name)) return 'json';
  return undefined;
}

/** Each glob's value as rules: loaders alone are one rule; a list of rules is tried in order. */
function rulesOf(value: LoaderItem[] | LoaderRule | LoaderRule[]): LoaderRule[] {
  if (!Array.isArray(value)) return [value];
  const loadersOnly = value.every((item) => typeof item === 'string' || (typeof item === 'object' && 'loader' in item && !('loaders' in item)));
  return loadersOnly ? [{ loaders: value as LoaderItem[] }] : (value as LoaderRule[]);
}

function globMatcher(glob: string): (file: string, relative: string) => boolean {
  const match = picomatch(glob, { dot: true });
  return glob.includes('/') ? (_file, relative) => match(relative) : (file) => match(path.basename(file));
}

/** The bundler's filter: the globs' extensions when each glob is a plain `*.ext`, else every file. */
function filterOf(globs: string[]): RegExp {
  const extensions = globs.map((glob) => /^\*((?:\.[A-Za-z0-9_-]+)+)$/.exec(glob)?.[1]);
  if (extensions.some((extension) => extension === undefined)) return /.*/;
  return new RegExp(`(?:${[...new Set(extensions)].map((extension) => extension!.replace(/\./g, '\\.')).join('|')})$`);
}

export function compileLoaderRules(
  appDir: string,
  options: TurbopackOptions | undefined,
  build: { development: boolean; /** A loader's emitWarning and emitError, for the build's log. */ warn: (message: string) => void },
): LoaderRules | undefined {
  const entries = Object.entries(options?.rules ?? {});
  if (entries.length === 0) return undefined;
  const fromApp = createRequire(path.join(appDir, 'package.json'));
  const resolved = new Map<string, string>();
  const loaderPath = (name: string, glob: string): string => {
    let found = resolved.get(name);
    if (!found) {
      try {
        found = path.isAbsolute(name) ? name : fromApp.resolve(name);
      } catch {
        throw new BuildError(`turbopack.rules["${glob}"] names the loader ${name}, which is not installed in the app: npm install --save-dev ${name}`);
      }
      resolved.set(name, found);
    }
    return found;
  };
  const rules: CompiledRule[] = entries.flatMap(([glob, value]) =>
    rulesOf(value).map((rule) => ({
      glob,
      matchesName: globMatcher(glob),
      condition: rule.condition,
      loaders: (rule.loaders ?? []).map((item) => (typeof item === 'string' ? { loader: item } : item)),
      output: rule.as ? outputFor(rule.as) : rule.type ? outputFor(rule.type) : undefined,
    })),
  );
  const relativeOf = (file: string) => path.relative(appDir, file).split(path.sep).join('/');
  const holds = (condition: LoaderCondition | undefined, file: string, relative: string, environment: RuleEnvironment, content: () => string): boolean => {
    if (condition === undefined) return true;
    if (typeof condition === 'string') {
      switch (condition) {
        case 'browser':
          return environment.browser;
        case 'node':
          return !environment.browser;
        case 'foreign':
          return IN_NODE_MODULES.test(file);
        case 'development':
          return build.development;
        case 'production':
          return !build.development;
        default:
          // edge-light, and names Stratus does not know: code here never runs there.
          return false;
      }
    }
    if (condition.all && !condition.all.every((inner) => holds(inner, file, relative, environment, content))) return false;
    if (condition.any && !condition.any.some((inner) => holds(inner, file, relative, environment, content))) return false;
    if (condition.not !== undefined && holds(condition.not, file, relative, environment, content)) return false;
    if (condition.path !== undefined && !(typeof condition.path === 'string' ? picomatch.isMatch(relative, condition.path, { dot: true }) : condition.path.test(relative))) return false;
    if (condition.content !== undefined && !condition.content.test(content())) return false;
    // The bundler's paths carry no query string: a query condition matches the empty one.
    if (condition.query !== undefined && !(typeof condition.query === 'string' ? condition.query === '' : condition.query.test(''))) return false;
    if (condition.contentType !== undefined) return false;
    return true;
  };
  const matching = (file: string, environment: RuleEnvironment, source?: string | Buffer): CompiledRule[] => {
    const relative = relativeOf(file);
    let text: string | undefined = typeof source === 'string' ? source : source?.toString('utf8');
    const content = () => (text ??= readFileSync(file, 'utf8'));
    return rules.filter((rule) => rule.matchesName(file, relative) && holds(rule.condition, file, relative, environment, content));
  };
  const ownOutput = (file: string): RuleOutput => outputFor(path.basename(file)) ?? 'file';

  return {
    touchesCss: rules.some((rule) => ['a.css', 'a.module.css'].some((name) => picomatch.isMatch(name, rule.glob.split('/').pop()!, { dot: true }))),
    filter: filterOf(entries.map(([glob]) => glob)),
    outputOf(file, environment) {
      const found = matching(file, environment);
      if (found.length === 0) return undefined;
      return found.reduce<RuleOutput>((output, rule) => rule.output ?? output, ownOutput(file));
    },
    async apply(file, environment, source) {
      const found = matching(file, environment, source);
      if (found.length === 0) return undefined;
      let contents: string | Buffer = source ?? (await readFile(file));
      let output = ownOutput(file);
      const dependencies = new Set<string>([file]);
      for (const rule of found) {
        if (rule.loaders.length > 0) {
          const loaders = rule.loaders.map((item) => ({ name: item.loader, loader: loaderPath(item.loader, rule.glob), options: item.options }));
          contents = await run(file, contents, loaders, rule.glob, appDir, dependencies, build.warn, environment);
        }
        output = rule.output ?? output;
      }
      return { contents, output, dependencies: [...dependencies] };
    },
  };
}

/** webpack's logger methods that say nothing worth a build's log (timings, groups, debug output). */
const QUIET_LOGGER = Object.fromEntries(['info', 'log', 'debug', 'trace', 'group', 'groupCollapsed', 'groupEnd', 'status', 'clear', 'profile', 'profileEnd', 'time', 'timeLog', 'timeEnd', 'timeAggregate', 'timeAggregateEnd', 'assert'].map((name) => [name, () => undefined]));

/** One rule's loaders over `contents`, with the loader API Turbopack gives. */
function run(
  file: string,
  contents: string | Buffer,
  loaders: Array<{ name: string; loader: string; options?: Record<string, unknown> }>,
  glob: string,
  appDir: string,
  dependencies: Set<string>,
  warn: (message: string) => void,
  environment: RuleEnvironment,
): Promise<string | Buffer> {
  const said = (message: Error | string) => warn(`${path.relative(appDir, file)} (turbopack.rules["${glob}"]): ${message instanceof Error ? message.message : message}`);
  // In the app's folder, as Turbopack runs loaders in the project's (Tailwind scans for class names from there).
  return inAppFolder(appDir, () => new Promise((resolve, reject) => {
    runLoaders(
      {
        resource: file,
        loaders: loaders.map(({ loader, options }) => ({ loader, options: options ?? {} })),
        context: {
          rootContext: appDir,
          sourceMap: false,
          // getOptions as webpack 5 gives it: the running loader's options.
          getOptions(this: { query: unknown }) {
            return typeof this.query === 'object' && this.query !== null ? this.query : {};
          },
          emitWarning: said,
          emitError: said,
          // Resolvers with the loader's options (sass-loader's and stylus-loader's imports), and a logger whose warnings reach the build's log.
          getResolve: (options: LoaderResolveOptions = {}) => loaderResolver(options, environment),
          getLogger: () => ({ ...QUIET_LOGGER, warn: said, error: said }),
          fs: { readFile: (target: string, callback: (error: Error | null, data?: Buffer) => void) => readFile(target).then((data) => callback(null, data), callback) },
        },
        // The file as the rules before gave it (or as read): not read again.
        readResource: (_file, callback) => callback(null, typeof contents === 'string' ? Buffer.from(contents) : contents),
      },
      (error, result) => {
        if (error) {
          const name = loaders.map((l) => (path.isAbsolute(l.name) ? path.relative(appDir, l.name) : l.name)).join(', ');
          reject(new BuildError(`${path.relative(appDir, file)}: the loader of turbopack.rules["${glob}"] failed (${name}): ${(error as Error).message ?? String(error)}`));
          return;
        }
        for (const dependency of [...result.fileDependencies, ...result.contextDependencies]) dependencies.add(dependency);
        const [output] = result.result ?? [];
        resolve(output === undefined ? '' : typeof output === 'string' ? output : Buffer.from(output as Uint8Array));
      },
    );
  }));
}
