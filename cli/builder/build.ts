/**
 * `stratus build`: the whole pipeline, one named step per line, ending with the manifest.
 */
import { existsSync, mkdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { BuildError } from './errors';
import path from 'node:path';
import { MANIFEST_VERSION, readManifest, type Manifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';
import { describeRouting } from './steps/routing-rules';
import { fontImporters } from './plugins/runtime-alias';
import { APP_PREFIX, assetKey, DATA_PREFIX, MEDIA_PREFIX, PAGES_PREFIX, STATIC_PREFIX } from '../../contract/urls';
import { edgeBehaviours, selectBehaviour } from '../../contract/edge-behaviours';
import { analysePages } from './steps/analyse-pages';
import { computeBuildId } from './steps/build-id';
import { appJsxPlugin } from './plugins/app-jsx';
import { imageImportPlugin } from './plugins/image-import';
import { fontFilePlugin, localFontMisses } from './plugins/local-font';
import { imageLoaderPlugin } from './plugins/image-loader';
import { bundleClient, type ClientBundle, type ClientBundleOptions } from './steps/bundle-client';
import { findInstrumentationClient } from './steps/middleware-file';
import { bundleImageLambda } from './steps/bundle-image';
import { bundleRender } from './steps/bundle-render';
import { copyPublic } from './steps/copy-public';
import { loadConfig } from './steps/load-config';
import { loadEnv, type LoadedEnv } from './steps/load-env';
import { loadPostcss } from './steps/load-postcss';
import { sassCompiler, SassWarnings } from './steps/load-sass';
import { stylesheets } from './stylesheets';
import { compileLoaderRules } from './loader-rules';
import { loaderPagesOf } from './steps/loader-pages';
import { pagesFolder } from './steps/scan-pages';
import { inAppFolder, inBuildPhase } from './app-folder';
import { loadRenderBundle, prerender, type PrerenderResult } from './steps/prerender';
import { scanPages } from './steps/scan-pages';
import { typeCheck } from './steps/type-check';
import { compilerPlugin, compilerTransform } from './compiler-transforms';
import { loadBabelConfig } from './babel-config';
import { appDefines } from './compile-constants';
import { workerUrlTransform } from './plugins/worker-url';
import { foldTypeofWindow } from './typeof-window';
import { resolveTemplateImports } from './import-context';
import { appImportMeta } from './app-import-meta';
import { withDefaultExtensions } from './resolve-extensions';
import { formatSummary, measure, type BuildSummary } from './steps/summarize';
import { PageLists, writeFunctionManifest } from './steps/write-manifest';
import { checkDeployLimits } from './steps/deploy-limits';
import { formatCount, progressTo, type Progress } from './progress';
import { BUCKET_PAGE_DATA, IMMUTABLE, PUBLIC_FILE, staticCacheControl } from '../../lambdas/shared/cache-control';

export interface BuildOptions {
  appDir: string;
  /** @default `<appDir>/.stratus` */
  outDir?: string;
  /** Also bundle the image Lambda with sharp for Lambda's platform. @default true */
  imageLambda?: boolean;
  /** The functions' CPU architecture (the stack's `architecture`): which sharp binary the image function ships. @default 'arm64' */
  arch?: 'arm64' | 'x64';
  /**
   * Make the render bundle's large CommonJS modules compile eagerly (cli/builder/eager-modules.ts):
   * a parse of the whole bundle (≈ 0.1–0.5 s) that only a cold start pays back. @default true
   */
  eagerModules?: boolean;
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
  /**
   * How long steps show their progress (prerendering): a line rewritten in place on a
   * terminal (`progressTo(process.stdout, log)`). @default - a line through `log` every few seconds
   */
  progress?: Progress;
  /**
   * `stratus dev`: React's development build on the server, unminified server code, the
   * given browser build (cli/dev/client-build.ts) instead of bundleClient, a fixed build id
   * (pages keep fetching their data across rebuilds), no size summary.
   */
  dev?: { client: (options: ClientBundleOptions) => Promise<ClientBundle>; buildId: string };
}

export interface BuildResult {
  /** The manifest as written (every prerendered page listed), read from the file when first asked for. */
  readonly manifest: Manifest;
  outDir: string;
  /** Absent in dev. */
  summary?: BuildSummary;
  summaryText?: string;
}

export const S3_CACHE_CONTROL = [
  // Content-hashed names: a changed file gets a new name, so caches may keep these forever.
  { prefix: assetKey(STATIC_PREFIX), cacheControl: IMMUTABLE },
  // Page data and the pages CloudFront answers from the bucket. A redeploy of the same build, or
  // a page regenerated on demand, rewrites them in place, so neither is immutable: the pages as
  // the render function answers a static page (the browser asks again, an ETag makes it a 304),
  // the data kept a minute by the browser (cache-control.ts); the edge keeps both until the
  // deploy (or the regeneration) invalidates them.
  { prefix: assetKey(DATA_PREFIX), cacheControl: BUCKET_PAGE_DATA },
  { prefix: assetKey(PAGES_PREFIX), cacheControl: staticCacheControl(false) },
  // public/ files keep their names: browsers recheck hourly, the edge daily (a deploy invalidates it).
  { prefix: '', cacheControl: PUBLIC_FILE },
];

/**
 * CloudFront sends public files' paths to the bucket (one behaviour per top-level folder,
 * and per top-level file or, past the quota, per extension); a page at a top-level file's
 * path, or at a file's own path under a folder, would never be reached, so the build says so.
 */
function checkRoutesReachable(routes: { pattern: string; file: string; segments: { type: string }[] }[], publicFiles: string[]): void {
  let behaviours: ReturnType<typeof edgeBehaviours>;
  try {
    behaviours = edgeBehaviours(publicFiles);
  } catch (error) {
    throw new BuildError(`CloudFront would refuse the distribution: ${(error as Error).message}`);
  }
  for (const route of routes) {
    if (route.segments.some((s) => s.type !== 'static')) continue;
    const behaviour = selectBehaviour(behaviours, route.pattern);
    // Under a public folder the bucket is asked first and the render function gets what it lacks
    // (EdgeBehaviour.filesFirst): only a page at a file's own path is never reached.
    if (behaviour.origin === 'assets' && (!behaviour.failoverOrigin || publicFiles.includes(route.pattern))) {
      throw new BuildError(
        `${route.file}: ${route.pattern} would be served from the bucket, since public/ files are served at ${behaviour.pathPattern}; move those files into a folder of public/, or rename the page.`,
      );
    }
  }
}

/**
 * The result with the manifest read from its file on first use: the build holds no list of
 * every page, and a caller that needs the manifest gets exactly what was written.
 */
function withManifest(result: Omit<BuildResult, 'manifest'>): BuildResult {
  let manifest: Manifest | undefined;
  return Object.defineProperty(result, 'manifest', {
    enumerable: true,
    get: () => (manifest ??= readManifest(path.join(result.outDir, OUTPUT_LAYOUT.manifest))),
  }) as BuildResult;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  // As `next build` does when it is unset: the app's configs (next.config.js, PostCSS, Tailwind's purge) run in the
  // build process and branch on it. A value the caller set is kept (`stratus dev` sets development).
  const nodeEnvUnset = process.env.NODE_ENV === undefined;
  if (nodeEnvUnset) process.env.NODE_ENV = 'production';
  const env = loadEnv(path.resolve(options.appDir));
  try {
    return await buildWithEnv(options, env);
  } finally {
    env.restore();
    if (nodeEnvUnset) delete process.env.NODE_ENV;
  }
}

async function buildWithEnv(options: BuildOptions, env: LoadedEnv): Promise<BuildResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  // Its real path: esbuild and Node report files by theirs, and an app reached through a
  // symbolic link would otherwise not be recognised as the app's own (its JSX in .js, its data functions).
  const given = path.resolve(options.appDir);
  const appDir = existsSync(given) ? realpathSync(given) : given;
  const outDir = path.resolve(options.outDir ?? path.join(appDir, '.stratus'));
  const assetsDir = path.join(outDir, OUTPUT_LAYOUT.assets);
  const renderDir = path.join(outDir, OUTPUT_LAYOUT.renderLambda);
  const imageDir = path.join(outDir, OUTPUT_LAYOUT.imageLambda);

  if (!existsSync(appDir) || !statSync(appDir).isDirectory()) {
    throw new BuildError(`${appDir} is not a folder: give the app directory (the one holding pages/), for example \`stratus build web\`.`);
  }
  log(`Building ${path.relative(process.cwd(), appDir) || '.'} → ${path.relative(process.cwd(), outDir)}`);
  const loadedConfig = await loadConfig(appDir, path.join(outDir, '.cache'));
  const { config } = loadedConfig;
  for (const warning of loadedConfig.warnings) log(`  warning: ${warning}`);
  // The app's type check runs beside the bundling (its own process); the build waits for it before prerendering.
  // Not in dev, as `next dev` does not either: a save would wait seconds for tsc, and a type error would stop the page.
  const typesChecked = (options.dev ? Promise.resolve() : typeCheck(appDir, loadedConfig.typescript ?? {}, log, { workDir: path.join(outDir, '.cache'), outDir })).then(
    () => undefined,
    (error: unknown) => error,
  );
  // NEXT_PUBLIC_* variables and the config's own \`env\` are inlined into server and browser code.
  const inlinedEnv = { ...env.publicEnv, ...loadedConfig.env };
  const loaderRules = compileLoaderRules(appDir, loadedConfig.turbopack, { development: options.dev !== undefined, warn: (message) => log(`  warning: ${message}`) });
  // Pages a loader makes code of (`.mdx` with @next/mdx) are pages like any other.
  const loaderPages = loaderPagesOf(appDir, loaderRules);
  for (const warning of loaderPages.uncompiled(loadedConfig.pageExtensions, pagesFolder(appDir))) log(`  warning: ${loadedConfig.file ? `${loadedConfig.file}: ` : ''}${warning}`);
  const scanned = scanPages(appDir, loadedConfig.pageExtensions, loaderRules && loaderPages.isCode);
  const routes = analysePages(appDir, scanned, loaderRules && (await loaderPages.made(scanned)));
  log(`  found ${routes.length} routes (${config.locales.join(', ')})`);
  if (env.files.length > 0) log(`  environment from ${env.files.join(', ')}`);
  if (env.serverOnly.length > 0) {
    // Next's server reads .env files again when it starts; the render function does not ship them.
    log(`  warning: ${env.serverOnly.join(', ')} from ${env.files.join(', ')}: seen while building (prerendering), not by getServerSideProps or API routes at request time; set them as the render function's environment or secrets (README, "Your own CDK app")`);
  }
  if (config.routing) log(`  routing: ${describeRouting(config.routing)}`);

  rmSync(assetsDir, { recursive: true, force: true });
  rmSync(renderDir, { recursive: true, force: true });
  rmSync(path.join(outDir, OUTPUT_LAYOUT.pages), { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  mkdirSync(renderDir, { recursive: true });
  mkdirSync(imageDir, { recursive: true });
  // A site under a basePath keeps its files under it too: the bucket's keys are the URL paths.
  const basePath = config.routing?.basePath ?? '';
  const siteAssetsDir = path.join(assetsDir, basePath);
  // styled-jsx and the config's compiler options on the app's own files (a file that needs none is one text search).
  const appBabel = loadBabelConfig(appDir, { cacheDir: path.join(outDir, '.cache'), development: options.dev !== undefined });
  if (appBabel) log(`  the app's files through Babel with ${appBabel.file}`);
  const compile = compilerTransform(appDir, loadedConfig.compiler, appBabel);
  // `typeof window` is a constant of each bundle (typeof-window.ts), so each has its own transform.
  // `import(`../components/${name}`)` resolved with the build's extensions, as Next resolves it (import-context.ts).
  const extensions = withDefaultExtensions(loadedConfig.turbopack?.resolveExtensions ?? []);
  const browserCompile = resolveTemplateImports(foldTypeofWindow(compile, 'browser'), extensions);
  const serverCompile = appImportMeta(resolveTemplateImports(foldTypeofWindow(compile, 'server'), extensions), appDir);
  const loaderFile = loadedConfig.imageLoaderFile && path.resolve(appDir, loadedConfig.imageLoaderFile);
  if (loaderFile && !existsSync(loaderFile)) throw new BuildError(`images.loaderFile: ${loadedConfig.imageLoaderFile} is not there (a path from the app's folder, such as './image-loader.js').`);
  const assetPlugins = [imageImportPlugin({ assetsDir, publicPath: basePath + MEDIA_PREFIX }), fontFilePlugin({ assetsDir, publicPath: basePath + MEDIA_PREFIX }), appJsxPlugin(appDir), ...(loaderFile ? [imageLoaderPlugin(loaderFile)] : [])];
  const browserPlugins = [compilerPlugin(appDir, browserCompile), ...assetPlugins];
  const serverPlugins = [compilerPlugin(appDir, serverCompile), ...assetPlugins];
  const transformCss = await loadPostcss(appDir, path.join(outDir, '.cache'));
  if (transformCss) log("  CSS through the app's PostCSS config");
  const sassWarnings = new SassWarnings(appDir);
  const sheets = stylesheets(transformCss, sassCompiler(appDir, loadedConfig.sassOptions, sassWarnings), loaderRules);

  fontImporters.clear();
  localFontMisses.clear();
  const compileClient = () => (options.dev?.client ?? bundleClient)({ appDir, outDir, routes, special: scanned.special, plugins: browserPlugins, imageConfig: config.images, routing: config.routing, basePath, publicEnv: inlinedEnv, defines: { ...appDefines(loadedConfig.compiler, 'browser'), ...(options.dev && loadedConfig.reactStrictMode ? { 'process.env.STRATUS_STRICT_MODE': '"on"' } : {}) }, stylesheets: sheets, loaderRules, resolve: loadedConfig.turbopack, compile: workerUrlTransform(browserCompile), instrumentationClient: findInstrumentationClient(appDir) });
  const compileRender = () => bundleRender({ appDir, outDir, lambdaDir: renderDir, routes, special: scanned.special, plugins: serverPlugins, publicEnv: inlinedEnv, defines: appDefines(loadedConfig.compiler, 'server'), stylesheets: sheets, loaderRules, resolve: loadedConfig.turbopack, eagerModules: options.eagerModules, development: options.dev !== undefined, log, serverExternalPackages: loadedConfig.serverExternalPackages, arch: options.arch, configFile: loadedConfig.file && path.resolve(appDir, loadedConfig.file) });
  let client: ClientBundle;
  let renderBundle: string;
  if (options.dev) {
    // `stratus dev`'s start: both at once (its browser build is mostly made already on a save).
    log('  compiling client bundle and render Lambda…');
    [client, renderBundle] = await Promise.all([compileClient(), compileRender()]);
  } else {
    log('  compiling client bundle…');
    client = await compileClient();
    log('  compiling render Lambda…');
    renderBundle = await compileRender();
  }
  for (const warning of sassWarnings.take()) log(`  warning: ${warning}`);
  const fontFiles = [...fontImporters].filter((file) => file.startsWith(appDir + path.sep)).map((file) => path.relative(appDir, file));
  if (fontFiles.length > 0) {
    log(`  warning: next/font/google: fonts are not downloaded at build time; ${[...new Set(fontFiles)].sort().join(', ')} get each family's name with a system fallback (the page shows the fallback). To show the font, put its files in the app and load them with next/font/local, or declare them with @font-face in _app's CSS.`);
  }
  const unfound = [...localFontMisses].filter((file) => file.startsWith(appDir + path.sep)).map((file) => path.relative(appDir, file));
  if (unfound.length > 0) {
    log(`  warning: next/font/local: ${[...new Set(unfound)].sort().join(', ')} names no font file the build found (a src is a path from the file calling localFont, such as './fonts/Brand.woff2'); the page shows a system fallback.`);
  }
  const publicFiles = copyPublic(appDir, siteAssetsDir, (message) => log(`  warning: ${message}`));
  checkRoutesReachable(routes, publicFiles);

  const buildId = options.dev?.buildId ?? computeBuildId({ dirs: [path.join(siteAssetsDir, assetKey(APP_PREFIX))], files: [renderBundle], config });
  // The manifest as it stands before prerendering: the render app prerenders over it.
  const beforePrerender: Manifest = {
    version: MANIFEST_VERSION,
    buildId,
    config,
    routes: routes.map((r) => ({
      pattern: r.pattern,
      file: r.file,
      segments: r.segments,
      kind: r.kind,
      fallback: false,
      prerendered: [],
      scripts: client.pageScripts[r.pattern] ?? [],
      ...(r.initialProps ? { initialProps: r.initialProps } : {}),
    })),
    entryScripts: client.entryScripts,
    errorScripts: Object.fromEntries(['/404', '/500', '/_error'].filter((p) => client.pageScripts[p]).map((p) => [p, client.pageScripts[p]!])),
    styles: client.styles,
    pageStyles: client.pageStyles,
    publicFiles,
    s3CacheControl: basePath ? S3_CACHE_CONTROL.map((rule) => ({ ...rule, prefix: `${assetKey(basePath)}/${rule.prefix}` })) : S3_CACHE_CONTROL,
  };

  const typeErrors = await typesChecked;
  if (typeErrors) throw typeErrors;
  // `stratus dev` renders static pages on request, each time (lambdas/render/static/static-pages.ts), as `next dev` does.
  if (!options.dev) log('  prerendering static pages…');
  const lists = new PageLists(path.join(outDir, '.page-lists'));
  // Data functions run in the app's folder, as under `next build`: path.join(process.cwd(), '_posts') finds the app's files;
  // and in its phase, which apps read to skip runtime-only work while building.
  const found: PrerenderResult = options.dev
    ? { routes: new Map(), rendered: 0, written: 0, fromBucket: 0, warnings: [] }
    : await inBuildPhase(() => inAppFolder(appDir, () =>
        prerender({
          bundle: loadRenderBundle(renderBundle),
          manifest: beforePrerender,
          outDir,
          assetsDir: siteAssetsDir,
          progress: options.progress ?? progressTo(undefined, log),
          onPage: (routeIndex, page) => lists.add(routeIndex, page),
        }),
      ));
  if (!options.dev && found.rendered === 0) log('  no static pages to prerender');
  else if (!options.dev) log(`  prerendered ${formatCount(found.rendered)} ${found.rendered === 1 ? 'page' : 'pages'}: ${formatCount(found.written)} written, ${formatCount(found.fromBucket)} answered by CloudFront from the bucket`);
  for (const warning of found.warnings) log(`  warning: ${warning}`);

  // Each route's fallback, as prerendering found it; the lists of pages go into the build folder's manifest only.
  const manifest: Manifest = {
    ...beforePrerender,
    routes: beforePrerender.routes.map((r) => {
      const facts = found.routes.get(r.pattern);
      return facts ? { ...r, fallback: facts.fallback } : r;
    }),
  };
  lists.writeManifest(path.join(outDir, OUTPUT_LAYOUT.manifest), manifest);
  lists.remove();
  writeFunctionManifest(path.join(renderDir, 'manifest.json'), manifest);
  writeFunctionManifest(path.join(imageDir, 'manifest.json'), manifest);

  if (options.imageLambda !== false) {
    const arch = options.arch ?? 'arm64';
    log(`  bundling image Lambda (sharp for linux-${arch})…`);
    await bundleImageLambda(outDir, { arch });
  }

  if (options.dev) return withManifest({ outDir });
  checkDeployLimits(outDir, manifest, { render: renderDir, image: options.imageLambda !== false ? imageDir : undefined });
  const summary = measure(manifest, siteAssetsDir, renderBundle, (pattern) => found.routes.get(pattern)?.pages ?? 0);
  const summaryText = formatSummary(summary, buildId, (performance.now() - started) / 1000);
  log(summaryText);
  return withManifest({ outDir, summary, summaryText });
}
