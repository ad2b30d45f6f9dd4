/**
 * `this.getResolve(options)` for webpack loaders run by `turbopack.rules`, as Turbopack gives
 * it: a resolver with the loader's own options (sass-loader asks for `_index` files and the
 * `sass` and `style` fields of packages, stylus-loader for `.styl` files), which resolves a
 * request from a folder and answers by callback or, without one, by promise. webpack's own
 * resolver library (enhanced-resolve) does the work; `'...'` in a list stands for the
 * defaults, as in webpack.
 *
 * @example
 * const resolve = loaderResolver({ extensions: ['.scss'], mainFiles: ['_index', '...'] }, { browser: true });
 * await resolve('/app/styles', 'theme/colors'); // '/app/node_modules/theme/colors/_index.scss'
 */
import fs from 'node:fs';
import enhanced from 'enhanced-resolve';

/** The options Turbopack's loader context accepts (others are ignored, as there). */
export interface LoaderResolveOptions {
  conditionNames?: string[];
  extensions?: string[];
  mainFields?: string[];
  mainFiles?: string[];
  aliasFields?: string[];
  preferRelative?: boolean;
  [other: string]: unknown;
}

export type LoaderResolve = {
  (context: string, request: string): Promise<string>;
  (context: string, request: string, callback: (error: Error | null, result?: string) => void): void;
};

/** Stat and directory reads shared by every resolver of a build (enhanced-resolve's own cache, 4 s). */
const fileSystem = new enhanced.CachedInputFileSystem(fs, 4000);

/** A list with `'...'` replaced by the defaults it stands for. */
function withDefaults(list: string[] | undefined, defaults: string[]): string[] {
  if (!list) return defaults;
  return list.flatMap((item) => (item === '...' ? defaults : [item]));
}

export function loaderResolver(options: LoaderResolveOptions, environment: { browser: boolean }): LoaderResolve {
  const target = environment.browser ? 'browser' : 'node';
  const resolver = enhanced.ResolverFactory.createResolver({
    fileSystem,
    conditionNames: withDefaults(options.conditionNames, [target, 'import', 'module', 'require', 'default']),
    extensions: withDefaults(options.extensions, ['.js', '.mjs', '.json']),
    mainFields: withDefaults(options.mainFields, environment.browser ? ['browser', 'module', 'main'] : ['module', 'main']),
    mainFiles: withDefaults(options.mainFiles, ['index']),
    aliasFields: withDefaults(options.aliasFields, environment.browser ? ['browser'] : []),
    preferRelative: options.preferRelative === true,
  });
  const resolve = (context: string, request: string): Promise<string> =>
    new Promise((done, fail) => {
      resolver.resolve({}, context, request, {}, (error, result) => {
        if (error) fail(error);
        else if (typeof result !== 'string') fail(new Error(`Can't resolve '${request}' in '${context}'`));
        else done(result);
      });
    });
  return ((context: string, request: string, callback?: (error: Error | null, result?: string) => void) => {
    const found = resolve(context, request);
    if (!callback) return found;
    found.then((result) => callback(null, result), (error: Error) => callback(error));
    return undefined;
  }) as LoaderResolve;
}
