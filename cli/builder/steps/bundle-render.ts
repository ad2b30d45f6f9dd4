/**
 * Build step: the render Lambda bundle: the render core with every page compiled in, one
 * CommonJS file for Node.js (`app.js`), React in production mode; and the function's entry
 * (`index.js`), which loads it with the code cache `stratus deploy` makes (lambdas/render/lambda/loader.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { CONTRACT_DIR, NODE_MODULES, REPO_ROOT, RUNTIME_DIR } from '../../paths';
import { runtimeAliasPlugin } from '../plugins/runtime-alias';
import { reactExternalPlugin } from '../plugins/react-external';
import { cssModulesPlugin } from '../plugins/css-modules';
import type { Stylesheets } from '../stylesheets';
import type { LoaderRules } from '../loader-rules';
import { loaderRulesPlugin } from '../plugins/loader-rules';
import { resolveAliasPlugin } from '../plugins/resolve-alias';
import { withDefaultExtensions } from '../resolve-extensions';
import type { TurbopackOptions } from '../../../contract/config-schema';
import type { AnalysedRoute } from './analyse-pages';
import type { ScannedPages } from './scan-pages';
import { fromEsbuildFailure } from '../errors';
import { compileModulesEagerly } from '../eager-modules';
import { makeSourceMapReadable } from '../source-map-paths';
import { publicEnvDefines } from './load-env';
import { serverSourcesOf, copyTracedFiles, untracedReads } from './trace-files';
import { requireConditionPlugin, topLevelAwaitInApp, topLevelAwaitInAppError, topLevelAwaitPackages, topLevelAwaitPackagesError } from '../plugins/require-condition';
import { NEXT_CONSTANTS } from '../compile-constants';
import { findInstrumentation, findMiddleware } from './middleware-file';
import { lazyPackagesPlugin, writeLazyPackages } from '../lazy-packages';
import { appBundleId } from '../../../infra/bundle-id';
import { APP_BUNDLE_FILE } from '../../../lambdas/render/lambda/code-cache';
import { RENDER_BUNDLE_EXPORTS } from '../../../lambdas/render/lambda/bundle';
import { FUNCTION_ASSETS_DIR, LAMBDA_ENTRY_FILE } from '../../../contract/output-layout';
import { importMetaUrlPlugin } from '../plugins/import-meta-url';
import { wasmModulePlugin } from '../plugins/wasm-module';
import { copyServerPackages, packagesReadingOwnFiles, requiredNames, serverPackagesPlugin, withNamedPackages, type ServerPackage } from '../server-packages';
import { addonMachines } from '../native-binaries';

function entrySource(appDir: string, routes: AnalysedRoute[], special: ScannedPages['special'], middleware: string | undefined, instrumentation: string | undefined): string {
  const abs = (file: string) => JSON.stringify(path.join(path.resolve(appDir), file));
  const lines = [`import { createRenderBundle } from ${JSON.stringify(path.join(REPO_ROOT, 'lambdas', 'render', 'lambda', 'entry'))};`];
  // Next's runtimes have a global AsyncLocalStorage: set before the app's modules run, in apps whose server files name it.
  const serverFiles = [...routes.map((r) => path.join(path.resolve(appDir), r.file)), ...(middleware ? [middleware] : [])];
  if (serverFiles.some((file) => readFileSync(file, 'utf8').includes('AsyncLocalStorage'))) lines.unshift(`import ${JSON.stringify(path.join(RUNTIME_DIR, 'shared', 'async-local-storage-global'))};`);
  // Pages and API routes load when the function asks for them, as Next's server loads them: a module that throws as it
  // loads fails its own requests, not the whole function (esbuild runs a required ES module's body on its first require).
  // API routes are asked for at cold start (their `config`), pages on their first request. The exports are copied once
  // into a plain object: the namespace require gives reads each export through two getters, on every request.
  // One that threw throws the same error on every request after (a second require would give its half-run exports).
  lines.push('const lazyModule = (load) => { let loaded, failed; return () => { if (loaded) return loaded; if (failed) throw failed.error; try { return (loaded = { ...load() }); } catch (error) { failed = { error }; throw error; } }; };');
  routes.forEach((r, i) => lines.push(`const loadPage${i} = lazyModule(() => require(${abs(r.file)}));`));
  lines.push(special._app ? `import App from ${abs(special._app)};` : 'const App = undefined;');
  // Server only: the document is rendered once per page here, never in the browser.
  lines.push(special._document ? `import Document from ${abs(special._document)};` : 'const Document = undefined;');
  const errorPages = (['404', '500', '_error'] as const).filter((p) => special[p]);
  errorPages.forEach((p) => lines.push(`import * as error${p.replace('_', '')} from ${abs(special[p]!)};`));
  // The app's middleware.ts, with stratus/server beside it (only apps that have one carry it).
  if (middleware) {
    // Next's middleware runtime has a global URLPattern; Lambda's Node 22 does not. Only a middleware that names it carries the polyfill.
    if (readFileSync(middleware, 'utf8').includes('URLPattern')) lines.push(`import ${JSON.stringify(path.join(RUNTIME_DIR, 'shared', 'url-pattern-global'))};`);
    lines.push(`import * as middlewareModule from ${JSON.stringify(middleware)};`);
  }
  // stratus/server's classes: middleware's answers are made of them, and an edge API route is called with its NextRequest.
  const edge = routes.some((r) => r.edge);
  if (middleware || edge) lines.push(`import * as serverRuntime from ${JSON.stringify(path.join(RUNTIME_DIR, 'server'))};`);
  // The app's instrumentation.ts (register, onRequestError): only apps that have one carry it.
  if (instrumentation) lines.push(`import * as instrumentation from ${JSON.stringify(instrumentation)};`);
  // Page modules and API route modules by pattern, apart: the core never renders an API route.
  const byPattern = (api: boolean) =>
    routes.flatMap((r, i) => ((r.kind === 'api') === api ? [`get ${JSON.stringify(r.pattern)}() { return loadPage${i}(); }`] : [])).join(', ');
  lines.push(
    'const bundle = createRenderBundle({',
    `  pages: { ${byPattern(false)} },`,
    `  apis: { ${byPattern(true)} },`,
    '  App,',
    '  Document,',
    ...(middleware ? ['  middleware: { module: middlewareModule, runtime: serverRuntime },'] : []),
    ...(edge && !middleware ? ['  server: serverRuntime,'] : []),
    ...(instrumentation ? ['  instrumentation,'] : []),
    `  errorPages: { ${errorPages.map((p) => `${JSON.stringify(p)}: error${p.replace('_', '')}`).join(', ')} },`,
    '}, __dirname);',
    // The exports RenderBundle declares (lambdas/render/lambda/bundle.ts), named from its one list.
    `export const ${RENDER_BUNDLE_EXPORTS.map((name) => `${name} = bundle.${name}`).join(', ')};`,
  );
  return lines.join('\n') + '\n';
}

/**
 * The render core needs only `renderToString`/`renderToStaticMarkup`: its own imports of
 * `react-dom/server` get React's legacy server build alone, not the streaming build beside
 * it (half the server React code, and no `stream`, `util`, `crypto`, `async_hooks` to load
 * at cold start). Pages that import `react-dom/server` themselves get the whole module.
 */
function legacyServerRendererPlugin(development: boolean): Plugin {
  const own = [path.join(REPO_ROOT, 'lambdas') + path.sep, CONTRACT_DIR + path.sep, RUNTIME_DIR + path.sep];
  const legacy = path.join(NODE_MODULES, 'react-dom', 'cjs', `react-dom-server-legacy.node.${development ? 'development' : 'production'}.js`);
  return {
    name: 'stratus-legacy-server-renderer',
    setup(build) {
      build.onResolve({ filter: /^react-dom\/server$/ }, (args) =>
        own.some((dir) => args.importer.startsWith(dir)) ? { path: legacy } : undefined,
      );
    },
  };
}

/** How server code is compiled: one CommonJS file for Node.js, React in production mode (bench/ compiles its floor the same way). */
export const SERVER_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  // Beside the bundle, with no sourceMappingURL comment: read only when an error is logged
  // (lambdas/shared/source-map-stack.ts), never at cold start.
  sourcemap: 'external',
  // The AWS SDK v3 ships with Lambda's Node.js runtimes; an app's import of it stays a
  // require (locally it resolves from node_modules). https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html
  external: ['@aws-sdk/*'],
  // \`await import('@aws-sdk/client-s3')\` of an external package becomes a lazy require: one
  // module system in the bundle (CommonJS), and the package loads on first use, not at cold start.
  supported: { 'dynamic-import': false },
  sourcesContent: false,
  jsx: 'automatic',
  // The routing layer's browser switch (web/runtime/shared/site-paths.ts) is always on on the server: a constant, not an env lookup per call.
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.STRATUS_ROUTING': '"on"', 'process.env.STRATUS_INITIAL_PROPS': '"on"', 'process.env.STRATUS_BROWSER': '"off"', ...NEXT_CONSTANTS.server },
  nodePaths: [NODE_MODULES],
  loader: { '.css': 'empty', '.scss': 'empty', '.sass': 'empty' },
  legalComments: 'none',
  logLevel: 'silent',
} satisfies BuildOptions;

export async function bundleRender(options: {
  appDir: string;
  outDir: string;
  lambdaDir: string;
  routes: AnalysedRoute[];
  special: ScannedPages['special'];
  plugins?: Plugin[];
  /** `NEXT_PUBLIC_*` variables to inline. @default {} */
  publicEnv?: Record<string, string>;
  /** Sass and the app's PostCSS: CSS Modules' class names come from the CSS they give, as in the browser build. */
  stylesheets?: Stylesheets;
  /** The config's `turbopack.rules` (loader-rules.ts), for files they turn into code. */
  loaderRules?: LoaderRules;
  /** The app's config file (next.config.js), traced with the server code: what it requires by path ships too. */
  configFile?: string;
  /** The build's log (the files traced for the function). */
  log?: (line: string) => void;
  /** The app's `compiler.define` and `defineServer` (compile-constants.ts). @default {} */
  defines?: Record<string, string>;
  /** The config's `turbopack.resolveAlias` and `resolveExtensions`. */
  resolve?: Pick<TurbopackOptions, 'resolveAlias' | 'resolveExtensions'>;
  /** @default true (BuildOptions.eagerModules) */
  eagerModules?: boolean;
  /** `stratus dev`: React's development build, required from node_modules (react-external.ts), code unminified (stacks keep their names). @default false */
  development?: boolean;
  /** The config's `serverExternalPackages`: required at run time and shipped whole, as native packages are (server-packages.ts). @default [] */
  serverExternalPackages?: readonly string[];
  /** The functions' CPU architecture: the native addons shipped must be built for it. @default 'arm64' */
  arch?: 'arm64' | 'x64';
}): Promise<string> {
  const cacheDir = path.join(options.outDir, '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const entryFile = path.join(cacheDir, 'render-entry.js');
  writeFileSync(entryFile, entrySource(options.appDir, options.routes, options.special, findMiddleware(options.appDir), findInstrumentation(options.appDir)));
  const outfile = path.join(options.lambdaDir, APP_BUNDLE_FILE);
  const appDir = path.resolve(options.appDir);
  let externals = serverPackagesPlugin({ named: options.serverExternalPackages, found: readersByApp.get(appDir) });
  const attempt = (first: Plugin[]) => build({
    ...SERVER_OPTIONS,
    define: { ...SERVER_OPTIONS.define, ...(options.development ? { 'process.env.NODE_ENV': '"development"' } : {}), ...publicEnvDefines(options.publicEnv ?? {}, 'server'), ...options.defines },
    ...(options.development ? { minify: false, sourcesContent: true } : {}),
    entryPoints: [entryFile],
    outfile,
    metafile: true,
    // The metafile's paths are relative to this folder (esbuild's default is the working folder when esbuild was
    // loaded, which a program that changes folder before building no longer has): output tracing reads them.
    absWorkingDir: path.resolve(options.appDir),
    ...(options.resolve?.resolveExtensions ? { resolveExtensions: withDefaultExtensions(options.resolve.resolveExtensions) } : {}),
    // Files the bundle's code names by URL (import-meta-url.ts), beside it.
    assetNames: `${FUNCTION_ASSETS_DIR}/[name]-[hash]`,
    plugins: [...first, ...(options.development ? [reactExternalPlugin()] : []), legacyServerRendererPlugin(options.development === true), runtimeAliasPlugin({ esmFacades: true }), ...(options.resolve?.resolveAlias ? [resolveAliasPlugin(options.appDir, options.resolve.resolveAlias, { browser: false })] : []), ...(options.loaderRules ? [loaderRulesPlugin(options.loaderRules, { browser: false })] : []), cssModulesPlugin({ appDir: options.appDir, emitCss: false, stylesheets: options.stylesheets }), lazyPackagesPlugin(), importMetaUrlPlugin(), wasmModulePlugin(), ...(options.plugins ?? []), externals.plugin],
  });
  const compile = () => attempt([]).catch((error: unknown) => {
    // Packages whose ESM build awaits at its top: again with their CommonJS builds (require-condition.ts).
    const packages = topLevelAwaitPackages(error);
    const appFiles = packages ? undefined : topLevelAwaitInApp(error);
    if (appFiles) throw topLevelAwaitInAppError(appFiles);
    if (!packages) throw fromEsbuildFailure(error, 'Compiling the render Lambda failed');
    return attempt([requireConditionPlugin(packages)]).catch((again: unknown) => {
      const still = topLevelAwaitPackages(again);
      throw still ? topLevelAwaitPackagesError(still, (fromEsbuildFailure(again, 'Where') as Error).message) : fromEsbuildFailure(again, 'Compiling the render Lambda failed');
    });
  });
  let result = await compile();
  // Packages that read their own files where they are installed work unbundled, as under the pages router: again without
  // them (and without them from the first pass on in the next builds of this process: `stratus dev` builds on every save).
  const known = readersByApp.get(appDir) ?? [];
  const found = packagesReadingOwnFiles(result.metafile, appDir, NODE_MODULES).map((p) => p.name).filter((name) => !known.includes(name));
  if (found.length > 0) {
    readersByApp.set(appDir, [...new Set([...known, ...found])].sort());
    externals = serverPackagesPlugin({ named: options.serverExternalPackages, found: readersByApp.get(appDir) });
    result = await compile();
  }
  if (readersByApp.get(appDir)?.length) options.log?.(`  left out of the bundle, since they read their own files where they are installed: ${readersByApp.get(appDir)!.join(', ')}`);
  await writeLazyPackages(result.metafile, options.lambdaDir);
  // `stratus dev` runs in the app's folder and reads its files where they are (its packages too).
  if (!options.development) {
    shipServerPackages(withNamedPackages(externals.used(), options.serverExternalPackages ?? [], options.appDir), options.lambdaDir, options.arch ?? 'arm64', (line) => options.log?.(line));
    const sources = serverSourcesOf(result.metafile, options.appDir, path.resolve(options.appDir));
    const traced = await copyTracedFiles({ appDir: options.appDir, lambdaDir: options.lambdaDir, outDir: options.outDir, sources, configFile: options.configFile });
    // Pages rendered per request (getServerSideProps) read at run time; prerendered ones read while building.
    if (options.routes.some((route) => route.kind === 'ssr')) for (const advice of untracedReads(sources, traced.copied)) options.log?.(`  warning: ${advice}`);
    const list = (files: string[]) => (files.length > 6 ? `${files.slice(0, 5).join(', ')} and ${files.length - 5} more` : files.join(', '));
    if (traced.copied.length > 0) options.log?.(`  files read by server code, shipped with the render function: ${list(traced.copied)}`);
    if (traced.clashing.length > 0) options.log?.(`  warning: ${list(traced.clashing)}: read by server code, but not shipped: the render function's own files have these names; move them into a folder (such as data/)`);
  }
  if (options.eagerModules !== false) compileModulesEagerly(outfile);
  makeSourceMapReadable(outfile, options.appDir);
  await writeRenderEntry(options.lambdaDir, appBundleId(outfile));
  return outfile;
}

/** The packages found reading their own files, by app folder, for the process's later builds of it. */
const readersByApp = new Map<string, string[]>();

/**
 * The packages the bundle requires at run time, copied into the function's `node_modules`; the
 * build says which, and warns of a native addon Lambda's machine cannot load.
 */
function shipServerPackages(packages: ServerPackage[], lambdaDir: string, arch: 'arm64' | 'x64', log: (line: string) => void): void {
  const copied = copyServerPackages(packages, lambdaDir);
  if (copied.length === 0) return;
  const named = packages.map((p) => `${p.name}${p.native ? ' (native addon)' : ''}`).sort();
  log(`  packages required at run time, shipped with the render function: ${named.join(', ')}${copied.length > packages.length ? ` and ${copied.length - packages.length} they require` : ''}`);
  const machine = `linux-${arch}`;
  for (const native of packages.filter((p) => p.native)) {
    const machines = addonMachines(path.join(lambdaDir, 'node_modules', native.name));
    // napi-rs packages and sharp keep the binary in a package per platform (`@img/sharp-linux-x64`), copied beside them.
    for (const name of requiredNames(native.dir)) if (copied.includes(name)) for (const m of addonMachines(path.join(lambdaDir, 'node_modules', name))) machines.add(m);
    if (machines.has(machine)) continue;
    const found = machines.size === 0 ? 'no .node file' : `a build for ${[...machines].join(', ')} only`;
    log(
      `  warning: ${native.name} loads a native addon, and the installed copy has ${found}; the render function runs on ${machine} in AWS, where it will not load. ` +
        `Fixes: install it for Lambda (npm install --os=linux --cpu=${arch} ${native.name}, or build on a ${machine} machine), build with --arch ${arch === 'arm64' ? 'x64' : 'arm64'} to match the stack's architecture, or use a package without native code.`,
    );
  }
}

/** `index.js`: the loader, with the bundle's id written in. */
async function writeRenderEntry(lambdaDir: string, bundleId: string): Promise<void> {
  await build({
    entryPoints: [path.join(REPO_ROOT, 'lambdas', 'render', 'lambda', 'loader.ts')],
    outfile: path.join(lambdaDir, LAMBDA_ENTRY_FILE),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: SERVER_OPTIONS.target,
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: { STRATUS_APP_BUNDLE_ID: JSON.stringify(bundleId) },
  }).catch((error: unknown) => {
    throw fromEsbuildFailure(error, 'Compiling the render Lambda\'s entry failed');
  });
}
