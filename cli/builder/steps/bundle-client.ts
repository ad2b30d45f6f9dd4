/**
 * Build step: the browser bundle. One generated entry (runtime + route table) and one chunk
 * per page, code-split with shared chunks, minified, React in production mode. API routes
 * are server code alone: neither entries nor in the route table, so nothing imports them.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, transformSync, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { NODE_MODULES, RUNTIME_DIR } from '../../paths';
import { runtimeAliasPlugin } from '../plugins/runtime-alias';
import { readPage } from './analyse-pages';
import { stripDataFunctionsPlugin } from '../plugins/strip-data-functions';
import type { SourceTransform } from '../compiler-transforms';
import { cssModulesPlugin } from '../plugins/css-modules';
import { globalCssPlugin } from '../plugins/global-css';
import { globalStylesheetsPlugin } from '../plugins/global-stylesheets';
import type { Stylesheets } from '../stylesheets';
import type { LoaderRules } from '../loader-rules';
import { loaderRulesPlugin } from '../plugins/loader-rules';
import { resolveAliasPlugin } from '../plugins/resolve-alias';
import { workerUrlPlugin, workerUrlTransform } from '../plugins/worker-url';
import { nodeBuiltinsPlugin } from '../plugins/node-builtins';
import { rootUrlsPlugin } from '../plugins/root-urls';
import { withDefaultExtensions } from '../resolve-extensions';
import type { TurbopackOptions } from '../../../contract/config-schema';
import { BROWSER_ENV, publicEnvDefines } from './load-env';
import { NEXT_CONSTANTS } from '../compile-constants';
import type { AnalysedRoute } from './analyse-pages';
import { pagesFolder, type ScannedPages } from './scan-pages';
import { stripDataFunctions } from '../page-source';
import { DEFAULT_DEVICE_SIZES, DEFAULT_IMAGE_QUALITY, DEFAULT_IMAGE_SIZES, type ResolvedImageConfig } from '../../../contract/config';
import { hasRoutingRules, type ResolvedRouting } from '../../../contract/routing';
import type { ImageComponentConfig } from '../../../web/runtime/shared/image-config';
import { fromEsbuildFailure } from '../errors';
import { cutMappings, withoutPrefix } from '../css-prefix';
import { assetKey, STATIC_PREFIX } from '../../../contract/urls';
import { OUTPUT_LAYOUT } from '../../../contract/output-layout';

export interface ClientBundle {
  /** URL paths of the scripts every page loads first (entry + its static imports). */
  entryScripts: string[];
  /** The stylesheet of `_app`'s CSS (what it imports, directly or through its components), linked by every page. */
  styles: string[];
  /**
   * Per route pattern (and `/404`, `/500`, `/_error`): the stylesheet of the CSS its page
   * imports (CSS Modules or not), linked on a first load, loaded on a soft navigation.
   */
  pageStyles: Record<string, string[]>;
  /** Per route pattern (and `/404`, `/500`, `/_error`): its chunk and the chunks it imports. */
  pageScripts: Record<string, string[]>;
  metafile: Metafile;
}

const STATIC_DIR = assetKey(STATIC_PREFIX);

/**
 * How browser code is compiled, shared with the runtime-size measurement
 * (summarize.ts) so the figures describe what ships. ES2022: every browser of the last
 * four years, and less down-levelled code.
 */
/**
 * What a stylesheet's `url()` may name besides other stylesheets (backgrounds, `@font-face`):
 * copied beside the chunks with a content hash, as next build emits them to its media folder.
 * JavaScript imports of images go through image-import.ts instead.
 */
const CSS_ASSET_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.bmp', '.cur', '.woff', '.woff2', '.ttf', '.otf', '.eot', '.mp4', '.webm', '.ogg', '.mp3', '.wav'];

export const CLIENT_OPTIONS = {
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  // STRATUS_ROUTING: off unless the app uses the routing layer (bundleClient turns it on), so its client code is dropped.
  // STRATUS_INITIAL_PROPS: off unless a page or _app has getInitialProps, so the browser's call of it is dropped too.
  // STRATUS_BROWSER: "on" here, "off" in the render bundle, for code the server alone needs (web/runtime/shared/url.ts).
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.STRATUS_ROUTING': '"off"', 'process.env.STRATUS_INITIAL_PROPS': '"off"', 'process.env.STRATUS_BROWSER': '"on"', 'process.env.STRATUS_STRICT_MODE': '"off"', ...NEXT_CONSTANTS.browser },
  nodePaths: [NODE_MODULES],
  legalComments: 'none',
  logLevel: 'silent',
} satisfies BuildOptions;

/** Sets what `process.env` reads in the browser (load-env.ts): the first import of the entry and of every page entry, so it runs before any other module. */
const ENV_MODULE = 'stratus:env';
/**
 * Imports `instrumentation-client.ts` while the file is there: `stratus dev` builds again
 * with the same entry when it is deleted (the next build leaves it out).
 */
const INSTRUMENTATION_MODULE = 'stratus:instrumentation-client';
/** Under `stratus dev` with an instrumentation file, what the client entry imports once that file has run (entrySource). */
const START_MODULE = 'stratus:client-start';
const START_CLIENT = path.join(RUNTIME_DIR, 'browser', 'start-client');
/** `reportWebVitals`' reporter (web-vitals and the custom timings): a chunk of apps whose `_app` exports it. */
const WEB_VITALS = path.join(RUNTIME_DIR, 'browser', 'web-vitals');
const HYDRATION_TIMING = path.join(RUNTIME_DIR, 'browser', 'hydration-timing');
/**
 * The public faces of what the runtime itself always loads (`stratus/head` over
 * shared/head.tsx, `stratus/router` over shared/router-state.ts): the runtime's own code
 * imports the internals, never a face, so the entry names the faces itself, keeping them
 * in the shared chunk rather than in a chunk of their own for the pages that import them.
 */
const RUNTIME_FACES = ['head', 'router'].map((name) => path.join(RUNTIME_DIR, name));
const IMAGE_CONFIG_FILE = path.join(RUNTIME_DIR, 'shared', 'image-config.ts');
const SITE_PATHS = path.join(RUNTIME_DIR, 'shared', 'site-paths');

/** Page entries are `stratus-page:<absolute file>`: a wrapper module of the page (pageEntrySource). */
const PAGE_NAMESPACE = 'stratus-page';

const sameSizes = (a: number[], b: number[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * The client entry's source, and the runtime modules it imports (every page entry imports
 * them too, pageEntrySource). Settings equal to the runtime's defaults are not written:
 * basePath and trailing slash without the routing layer. The image settings are never in
 * the entry: `imageConfig` (when they differ from the defaults) is set by image-config.ts
 * itself in this build (imageConfigPlugin), so they load with `<Image>`, not with every page.
 */
function entrySource(appDir: string, routes: AnalysedRoute[], special: ScannedPages['special'], imageConfig: ImageComponentConfig, routing: ResolvedRouting | undefined, dev: ClientDevOptions | undefined, instrumentation: boolean): { source: string; imports: string[]; imageConfig?: ImageComponentConfig; start?: string } {
  const abs = (file: string) => JSON.stringify(path.join(path.resolve(appDir), file));
  const page = (file: string) => JSON.stringify(`${PAGE_NAMESPACE}:${path.join(path.resolve(appDir), file)}`);
  const defaultImages =
    sameSizes(imageConfig.deviceSizes, DEFAULT_DEVICE_SIZES) && sameSizes(imageConfig.imageSizes, DEFAULT_IMAGE_SIZES) && imageConfig.quality === DEFAULT_IMAGE_QUALITY && sameSizes(imageConfig.qualities, [DEFAULT_IMAGE_QUALITY]) && !imageConfig.dangerouslyAllowSVG && !imageConfig.unoptimized;
  // `_app` exports reportWebVitals: the web vitals' chunk is loaded after hydration (no other app has it).
  const vitals = special._app !== undefined && readPage(appDir, special._app).names.has('reportWebVitals');
  // instrumentation-client.ts right after the environment: before the runtime, React, `_app` and
  // the page, as Next runs it. Every page entry imports it too, so it is in the shared chunk,
  // whose modules run in the order of these imports.
  const imports = [ENV_MODULE, ...(instrumentation ? [INSTRUMENTATION_MODULE] : []), START_CLIENT, ...RUNTIME_FACES, ...(routing ? [SITE_PATHS] : [])];
  // In dev, a page loads from the newest build that changed it (dev.pageLoader).
  const load = (pattern: string, file: string) => (dev ? `${dev.pageLoader}(${JSON.stringify(pattern)}, () => import(${page(file)}))` : `() => import(${page(file)})`);
  const lines = [
    `import ${JSON.stringify(ENV_MODULE)};`,
    ...(instrumentation ? [`import ${JSON.stringify(INSTRUMENTATION_MODULE)};`] : []),
    `import { startClient } from ${JSON.stringify(START_CLIENT)};`,
    ...RUNTIME_FACES.map((face) => `import ${JSON.stringify(face)};`),
    // basePath and trailingSlash shape every URL Link and the router write, as on the server.
    ...(routing
      ? [`import { setSitePaths } from ${JSON.stringify(SITE_PATHS)};`, `setSitePaths(${JSON.stringify({ basePath: routing.basePath ?? '', trailingSlash: routing.trailingSlash ?? false, ...(routing.skipTrailingSlashRedirect ? { anySlash: true } : {}) })});`]
      : []),
    special._app ? `import ${vitals ? 'AppModule, { reportWebVitals }' : 'App'} from ${abs(special._app)};` : 'const App = undefined;',
    // reportWebVitals: _app times its hydration, then the reporter's chunk loads.
    ...(vitals
      ? [
          `import { timedApp } from ${JSON.stringify(HYDRATION_TIMING)};`,
          `const App = timedApp(AppModule, (hydration) => import(${JSON.stringify(WEB_VITALS)}).then((m) => m.reportVitals(reportWebVitals, hydration), () => undefined));`,
        ]
      : []),
    'startClient({ App, routes: [',
    ...routes.map((r) =>
      `  { pattern: ${JSON.stringify(r.pattern)}, kind: ${JSON.stringify(r.kind)},${r.initialProps ? ' initialProps: true,' : ''} load: ${load(r.pattern, r.file)} },`,
    ),
    '], errorPages: {',
    ...(['404', '500', '_error'] as const).filter((p) => special[p]).map((p) => `  ${JSON.stringify(p)}: ${load(`/${p}`, special[p]!)},`),
    `}${hasRoutingRules(routing) ? ', resolveOnServer: true' : ''} });`,
  ];
  const source = lines.join('\n') + '\n';
  // `stratus dev` makes a chunk of each module, and esbuild does not keep the order of imports
  // across chunks: there the entry runs the environment, then the instrumentation file, then
  // the rest (START_MODULE) once it has run.
  if (dev && instrumentation) {
    const first = `import ${JSON.stringify(ENV_MODULE)};\nimport(${JSON.stringify(INSTRUMENTATION_MODULE)}).then(() => import(${JSON.stringify(START_MODULE)}));\n`;
    return { source: first, start: source, imports, imageConfig: defaultImages ? undefined : imageConfig };
  }
  return { source, imports, imageConfig: defaultImages ? undefined : imageConfig };
}

/**
 * A page's entry (and `_app`'s): the page's default export, after imports of the runtime and
 * of `_app`, which do nothing at run time (the client entry loaded them first). They are
 * there for esbuild's code splitting, which puts a module in the chunk of the set of entry
 * points that reach it: with every entry reaching the runtime, React and `_app`, all the
 * client entry loads lands in one shared chunk, rather than one chunk per combination
 * (React alone, Head, Link, `_app`, …), each a gzip stream of its own on a first load
 * (1.8 kB gzip more for the benchmark app's `/`). `app` is false when `_app`'s CSS must not
 * come into the page's stylesheet (see bundleClient). The runtime's own chunks loaded on
 * demand (LAZY_RUNTIME) are wrapped the same way, all their exports passed on.
 */
function pageEntrySource(file: string, runtime: string[], app: string | false): string {
  const exports = file.startsWith(RUNTIME_DIR + path.sep) ? `export * from ${JSON.stringify(file)};` : `export { default } from ${JSON.stringify(file)};`;
  return [...runtime, ...(app ? [app] : [])].map((f) => `import ${JSON.stringify(f)};`).join('\n') + `\n${exports}\n`;
}

/**
 * The app's image settings, set where `<Image>` reads them: image-config.ts is compiled with
 * a call that sets them at its end, so they reach the browser in the chunk of the pages that
 * use `<Image>` (and the same widths as the server's, for identical srcsets), not in every
 * page's first load (≈ 400 B gzip with the module).
 */
function imageConfigPlugin(config: ImageComponentConfig): Plugin {
  return {
    name: 'stratus-image-config',
    setup(b) {
      b.onLoad({ filter: /[\\/]image-config\.ts$/ }, (args) =>
        args.path === IMAGE_CONFIG_FILE ? { contents: `${readFileSync(args.path, 'utf8')}\nsetImageConfig(${JSON.stringify(config)});\n`, loader: 'ts' } : undefined,
      );
    },
  };
}

/** The runtime's own chunks loaded on demand (start-client.tsx's `import()`s), by their import path: wrapped as pages are. */
const LAZY_RUNTIME_IMPORT = /^\.\/(error-ui|route-styles|announcer|client-router)$/;
const LAZY_RUNTIME = new Map(['error-ui.tsx', 'route-styles.ts', 'announcer.ts', 'client-router.ts'].map((file) => [path.join(RUNTIME_DIR, 'browser', file.replace(/\.tsx?$/, '')), path.join(RUNTIME_DIR, 'browser', file)]));

/** The files of LAZY_RUNTIME, for the runtime-size measurement (summarize.ts) to leave out. */
export const LAZY_RUNTIME_FILES = [...LAZY_RUNTIME.values()];

/** `/posts/[slug]` → `page-posts-slug`: URL-safe names for page chunks. */
function chunkName(pattern: string): string {
  const name = pattern.replace(/[[\]. ]/g, '').split('/').filter(Boolean).join('-');
  return `page-${name || 'index'}`;
}

/** Follows static imports of an output chunk, so a page's first load lists every script it needs. */
function closure(metafile: Metafile, output: string, seen = new Set<string>()): string[] {
  if (seen.has(output)) return [];
  seen.add(output);
  const imports = metafile.outputs[output]?.imports ?? [];
  return [output, ...imports.filter((i) => i.kind === 'import-statement' && !i.external).flatMap((i) => closure(metafile, i.path, seen))];
}

export interface ClientBundleOptions {
  appDir: string;
  outDir: string;
  routes: AnalysedRoute[];
  special: ScannedPages['special'];
  plugins?: Plugin[];
  imageConfig: ResolvedImageConfig;
  /** The routing layer: basePath and trailingSlash shape client URLs; rules make navigations ask the server. */
  routing?: ResolvedRouting;
  /** Files go under it (the bucket's keys are URL paths); the manifest's URLs stay without it. @default '' */
  basePath?: string;
  /** `NEXT_PUBLIC_*` variables to inline. @default {} */
  publicEnv?: Record<string, string>;
  /** Sass and the app's PostCSS (stylesheets.ts), for every stylesheet; absent: CSS as written, and no Sass. */
  stylesheets?: Stylesheets;
  /** The config's `turbopack.rules` (loader-rules.ts), for files they turn into code. */
  loaderRules?: LoaderRules;
  /** The app's `compiler.define` (compile-constants.ts). @default {} */
  defines?: Record<string, string>;
  /** The config's `turbopack.resolveAlias` and `resolveExtensions`. */
  resolve?: Pick<TurbopackOptions, 'resolveAlias' | 'resolveExtensions'>;
  /** The config's compiler options (compiler-transforms.ts), applied to pages here as the plugins apply them to the app's other files. */
  compile?: SourceTransform;
  /**
   * `instrumentation-client.ts`'s absolute path (middleware-file.ts finds it): imported first,
   * so it runs in the browser before the app's code and hydration. Its errors are not caught,
   * as under Next: one thrown as it loads stops the page from hydrating.
   */
  instrumentationClient?: string;
}

/** What `stratus dev` changes in the client entry (cli/dev/client-build.ts). */
export interface ClientDevOptions {
  /** A global function `(pattern, load) => load'` through which each page's loader goes. */
  pageLoader: string;
}

/** The esbuild options of the client build and what its outputs are read with (clientOutputsOf). */
export interface ClientBuildPlan {
  options: BuildOptions & { entryPoints: { in: string; out: string }[] };
  entryFile: string;
  appFile?: string;
  /** Page file → route pattern (and `/404`, `/500`, `/_error`). */
  pageFiles: Map<string, string>;
  /** Where the bucket's files go (`<out>/assets[/basePath]`). */
  assetsDir: string;
  staticDir: string;
}

/**
 * The client build's esbuild options. `pagesImportApp`: page entries import `_app`
 * (pageEntrySource); `dev`: the entry of `stratus dev`.
 */
export function planClientBuild(options: ClientBundleOptions, pagesImportApp: boolean, dev?: ClientDevOptions): ClientBuildPlan {
  const { appDir, outDir, special } = options;
  const routes = options.routes.filter((r) => r.kind !== 'api');
  // A virtual module, so that no build-folder path feeds into the chunk hashes.
  const { deviceSizes, imageSizes, quality, qualities, dangerouslyAllowSVG, unoptimized } = options.imageConfig;
  const entry = entrySource(appDir, routes, special, { deviceSizes, imageSizes, quality, qualities: qualities ?? [quality], dangerouslyAllowSVG, ...(unoptimized ? { unoptimized } : {}) }, options.routing, dev, options.instrumentationClient !== undefined);
  const instrumentation = options.instrumentationClient;
  const pageFiles = new Map<string, string>();
  for (const r of routes) pageFiles.set(path.join(path.resolve(appDir), r.file), r.pattern);
  for (const p of ['404', '500', '_error'] as const) if (special[p]) pageFiles.set(path.join(path.resolve(appDir), special[p]!), `/${p}`);
  // _app as an entry of its own too, for its stylesheet alone: the main entry's would hold
  // every page's CSS, since esbuild gathers the CSS of dynamic imports into the importer's.
  const appFile = special._app ? path.join(path.resolve(appDir), special._app) : undefined;
  const entryPlugin: Plugin = {
    name: 'stratus-client-entry',
    setup(b) {
      b.onResolve({ filter: /^stratus:(client-entry|client-start|instrumentation-client|env)$/ }, (args) => ({ path: args.path.slice('stratus:'.length), namespace: 'stratus' }));
      const contents = (name: string) => {
        if (name === 'env') return `globalThis.${BROWSER_ENV} = {};\n`;
        if (name === 'instrumentation-client') return instrumentation && existsSync(instrumentation) ? `import ${JSON.stringify(instrumentation)};\n` : '';
        return name === 'client-start' && entry.start ? entry.start : entry.source;
      };
      b.onLoad({ filter: /.*/, namespace: 'stratus' }, (args) => ({
        contents: contents(args.path),
        loader: 'js',
        resolveDir: path.resolve(appDir),
      }));
      b.onResolve({ filter: new RegExp(`^${PAGE_NAMESPACE}:`) }, (args) => ({ path: args.path.slice(PAGE_NAMESPACE.length + 1), namespace: PAGE_NAMESPACE }));
      b.onResolve({ filter: LAZY_RUNTIME_IMPORT }, (args) => {
        const lazy = args.kind === 'dynamic-import' && LAZY_RUNTIME.get(path.join(args.resolveDir, args.path));
        return lazy ? { path: lazy, namespace: PAGE_NAMESPACE } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: PAGE_NAMESPACE }, (args) => ({
        contents: pageEntrySource(args.path, entry.imports, args.path !== appFile && pagesImportApp && appFile ? appFile : false),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
  const entryFile = 'stratus:client-entry';
  // Workers' URLs are rewritten inside the transform that loads the app's files: pages' (the
  // stripping) and the others' (worker-url.ts). build.ts passes it so wrapped already, for dev's
  // refresh plugin, which loads every file with options.compile; a second wrap finds nothing left.
  const compile = workerUrlTransform(options.compile);
  const aliases = options.resolve?.resolveAlias ? [resolveAliasPlugin(appDir, options.resolve.resolveAlias, { browser: true })] : [];
  const assetsDir = path.join(outDir, 'assets', options.basePath ?? '');
  const staticDir = path.join(assetsDir, STATIC_DIR);
  return {
    entryFile,
    appFile,
    pageFiles,
    assetsDir,
    staticDir,
    options: {
      entryPoints: [
        { in: entryFile, out: 'main' },
        ...(appFile ? [{ in: `${PAGE_NAMESPACE}:${appFile}`, out: 'app' }] : []),
        ...[...pageFiles].map(([file, pattern]) => ({ in: `${PAGE_NAMESPACE}:${file}`, out: chunkName(pattern) })),
      ],
      bundle: true,
      splitting: true,
      ...CLIENT_OPTIONS,
      // Maps for an error tracker, with no sourceMappingURL in the scripts: they are written
      // outside the bucket's folder below, so they are not served publicly.
      sourcemap: 'external',
      define: {
        ...CLIENT_OPTIONS.define,
        ...(options.routing ? { 'process.env.STRATUS_ROUTING': '"on"' } : {}),
        ...(routes.some((route) => route.initialProps) ? { 'process.env.STRATUS_INITIAL_PROPS': '"on"' } : {}),
        ...publicEnvDefines(options.publicEnv ?? {}, 'browser'),
        ...options.defines,
      },
      metafile: true,
      // The metafile's paths are relative to this folder. esbuild's default is the working
      // folder when esbuild was loaded, which a program that changes folder before building
      // no longer has: its script URLs then named folders outside the bucket.
      absWorkingDir: path.resolve(appDir),
      write: false,
      outdir: staticDir,
      outbase: path.resolve(appDir),
      entryNames: 'chunks/[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      assetNames: 'media/[name]-[hash]',
      ...(options.resolve?.resolveExtensions ? { resolveExtensions: withDefaultExtensions(options.resolve.resolveExtensions) } : {}),
      loader: Object.fromEntries(CSS_ASSET_EXTENSIONS.map((extension) => [extension, 'file' as const])),
      publicPath: (options.basePath ?? '') + STATIC_PREFIX,
      plugins: [entryPlugin, ...(entry.imageConfig ? [imageConfigPlugin(entry.imageConfig)] : []), runtimeAliasPlugin(), rootUrlsPlugin(), stripDataFunctionsPlugin(appDir, compile), ...aliases, nodeBuiltinsPlugin(), ...(options.loaderRules ? [loaderRulesPlugin(options.loaderRules, { browser: true }, { dir: path.join(path.resolve(appDir), pagesFolder(appDir) ?? 'pages') + path.sep, strip: stripMadePage })] : []), cssModulesPlugin({ appDir, emitCss: true, stylesheets: options.stylesheets }), globalCssPlugin({ appDir, appFile: special._app }), ...(options.stylesheets ? [globalStylesheetsPlugin(options.stylesheets)] : []), workerUrlPlugin({ appDir, transform: compile, plugins: [...aliases, nodeBuiltinsPlugin(), ...(options.plugins ?? [])] }), ...(options.plugins ?? [])],
    },
  };
}

/** A page a loader made (`pages/about.mdx`), as ESM JavaScript without its data functions. */
function stripMadePage(code: string, loader: 'jsx' | 'tsx' | 'ts'): string {
  return stripDataFunctions(transformSync(code, { loader, jsx: 'automatic', format: 'esm' }).code);
}

/** An output's path from the metafile's spelling, which is relative to the build's working folder. */
export function outputPathOf(plan: ClientBuildPlan, output: string): string {
  return path.resolve(plan.options.absWorkingDir ?? process.cwd(), output);
}

/** An output's URL on the site (`/_app/static/chunks/x.js`) from the metafile's spelling. */
export function outputUrlOf(plan: ClientBuildPlan, output: string): string {
  return '/' + path.relative(plan.assetsDir, outputPathOf(plan, output)).split(path.sep).join('/');
}

/**
 * The manifest's view of a client build: each page's scripts and stylesheet, the entry's
 * scripts, `_app`'s stylesheet. `dropped`: stylesheets not written.
 */
export function clientOutputsOf(metafile: Metafile, plan: ClientBuildPlan, dropped: ReadonlySet<string> = new Set()): Omit<ClientBundle, 'metafile'> {
  const { entryFile, appFile, pageFiles, assetsDir } = plan;
  const pageOf = (entryPoint: string) => (entryPoint.startsWith(`${PAGE_NAMESPACE}:`) ? entryPoint.slice(PAGE_NAMESPACE.length + 1) : undefined);
  const resolve = (output: string) => outputPathOf(plan, output);
  const toUrl = (output: string) => outputUrlOf(plan, output);
  const pageScripts: Record<string, string[]> = {};
  const pageStyles: Record<string, string[]> = {};
  let entryScripts: string[] = [];
  let styles: string[] = [];
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!info.entryPoint || !output.endsWith('.js')) continue;
    const css = info.cssBundle && !dropped.has(resolve(info.cssBundle)) ? [toUrl(info.cssBundle)] : [];
    if (info.entryPoint === entryFile) {
      entryScripts = closure(metafile, output).map(toUrl);
    } else if (appFile && pageOf(info.entryPoint) === appFile) {
      styles = css;
    } else {
      const pattern = pageFiles.get(pageOf(info.entryPoint) ?? '');
      if (!pattern) continue;
      pageScripts[pattern] = closure(metafile, output).map(toUrl);
      if (css.length > 0) pageStyles[pattern] = css;
    }
  }
  return { entryScripts, styles, pageStyles, pageScripts };
}

export async function bundleClient(options: ClientBundleOptions): Promise<ClientBundle> {
  const { appDir, outDir } = options;
  const plan0 = planClientBuild(options, true);
  const { entryFile, appFile, staticDir } = plan0;
  const outputPath = (output: string) => outputPathOf(plan0, output);
  const mapsDir = path.join(outDir, OUTPUT_LAYOUT.browserSourceMaps, STATIC_DIR);

  const compile = (pagesImportApp: boolean) =>
    build(planClientBuild(options, pagesImportApp).options as BuildOptions & { write: false; metafile: true }).catch((error: unknown) => {
      throw fromEsbuildFailure(error, 'Compiling the client bundle failed');
    });

  const pageOf = (entryPoint: string) => (entryPoint.startsWith(`${PAGE_NAMESPACE}:`) ? entryPoint.slice(PAGE_NAMESPACE.length + 1) : undefined);
  /**
   * Page entries import `_app` (pageEntrySource), so each page's stylesheet starts with
   * `_app`'s CSS, which every page links already: cut off here (the file keeps the name
   * esbuild hashed from its whole text). Should a stylesheet not start with it (esbuild
   * merged a rule across the boundary, say), the build runs again with page entries that do
   * not import `_app`: each page's stylesheet is then its own CSS alone.
   */
  function pageCss(result: Awaited<ReturnType<typeof compile>>): Map<string, string | undefined> | undefined {
    // Files by path; `.text` decodes only the stylesheets read here, not every script.
    const files = new Map(result.outputFiles.map((file) => [file.path, file]));
    const text = (file: string) => files.get(outputPath(file))!.text;
    const appCss = Object.values(result.metafile.outputs).find((info) => appFile && info.entryPoint && pageOf(info.entryPoint) === appFile)?.cssBundle;
    const cut = new Map<string, string | undefined>();
    if (!appCss) return cut;
    for (const info of Object.values(result.metafile.outputs)) {
      const file = info.entryPoint && pageOf(info.entryPoint);
      if (!file || file === appFile || !info.cssBundle) continue;
      const own = withoutPrefix(text(info.cssBundle), text(appCss));
      if (own === undefined) return undefined;
      cut.set(outputPath(info.cssBundle), own.trim() === '' ? undefined : own);
    }
    return cut;
  }

  let result = await compile(true);
  let cut = pageCss(result);
  if (!cut) {
    result = await compile(false);
    cut = new Map();
  }
  const metafile = result.metafile;
  const files = new Map(result.outputFiles.map((file) => [file.path, file]));
  /** Output files not written: the entry's stylesheet, and pages' that held `_app`'s CSS alone. */
  const dropped = new Set<string>();
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (info.entryPoint === entryFile && info.cssBundle) dropped.add(outputPath(info.cssBundle));
  }
  for (const [css, own] of cut) if (own === undefined) dropped.add(css);
  rmSync(mapsDir, { recursive: true, force: true });
  for (const file of result.outputFiles) {
    const source = file.path.endsWith('.map') ? file.path.slice(0, -'.map'.length) : file.path;
    if (dropped.has(source)) continue;
    let contents: string | Uint8Array = file.contents;
    const own = cut.get(source);
    if (own !== undefined) {
      if (file.path.endsWith('.map')) {
        const map = JSON.parse(file.text) as { mappings: string };
        const full = files.get(source)!.text;
        map.mappings = cutMappings(map.mappings, full, full.length - own.length);
        contents = JSON.stringify(map);
      } else contents = own;
    }
    const target = file.path.endsWith('.map') ? path.join(mapsDir, path.relative(staticDir, file.path)) : file.path;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, contents);
  }
  // For bundle analysis (esbuild's analyzer reads it): what each input costs in each chunk.
  mkdirSync(path.join(outDir, '.cache'), { recursive: true });
  writeFileSync(path.join(outDir, '.cache', 'client-metafile.json'), JSON.stringify(metafile));
  return { ...clientOutputsOf(metafile, plan0, dropped), metafile };
}
