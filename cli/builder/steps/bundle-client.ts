/**
 * Build step: the browser bundle. One generated entry (runtime + route table) and one chunk
 * per page, code-split with shared chunks, minified, React in production mode. API routes
 * are server code alone: neither entries nor in the route table, so nothing imports them.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { NODE_MODULES, RUNTIME_DIR } from '../../paths';
import { runtimeAliasPlugin } from '../plugins/runtime-alias';
import { stripDataFunctionsPlugin } from '../plugins/strip-data-functions';
import { cssModulesPlugin } from '../plugins/css-modules';
import { globalCssPlugin } from '../plugins/global-css';
import { postcssPlugin } from '../plugins/postcss';
import type { CssTransform } from './load-postcss';
import { publicEnvDefines } from './load-env';
import type { AnalysedRoute } from './analyse-pages';
import type { ScannedPages } from './scan-pages';
import type { ResolvedImageConfig } from '../../../contract/config';
import { hasRoutingRules, type ResolvedRouting } from '../../../contract/routing';
import type { ImageComponentConfig } from '../../../web/runtime/shared/image-config';
import { fromEsbuildFailure } from '../errors';
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
export const CLIENT_OPTIONS = {
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  // STRATUS_ROUTING: off unless the app uses the routing layer (bundleClient turns it on), so its client code is dropped.
  // STRATUS_INITIAL_PROPS: off unless a page or _app has getInitialProps, so the browser's call of it is dropped too.
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.STRATUS_ROUTING': '"off"', 'process.env.STRATUS_INITIAL_PROPS': '"off"' },
  nodePaths: [NODE_MODULES],
  legalComments: 'none',
  logLevel: 'silent',
} satisfies BuildOptions;

function entrySource(appDir: string, routes: AnalysedRoute[], special: ScannedPages['special'], imageConfig: ImageComponentConfig, routing: ResolvedRouting | undefined): string {
  const abs = (file: string) => JSON.stringify(path.join(path.resolve(appDir), file));
  const lines = [
    `import { startClient } from ${JSON.stringify(path.join(RUNTIME_DIR, 'browser', 'start-client'))};`,
    `import { setImageConfig } from ${JSON.stringify(path.join(RUNTIME_DIR, 'shared', 'image-config'))};`,
    // The same widths as the server, so <Image> hydrates with identical srcsets.
    `setImageConfig(${JSON.stringify(imageConfig)});`,
    `import { setSitePaths } from ${JSON.stringify(path.join(RUNTIME_DIR, 'shared', 'site-paths'))};`,
    // basePath and trailingSlash shape every URL Link and the router write, as on the server.
    `setSitePaths(${JSON.stringify({ basePath: routing?.basePath ?? '', trailingSlash: routing?.trailingSlash ?? false })});`,
    special._app ? `import App from ${abs(special._app)};` : 'const App = undefined;',
    'startClient({ App, routes: [',
    ...routes.map((r) =>
      `  { pattern: ${JSON.stringify(r.pattern)}, kind: ${JSON.stringify(r.kind)},${r.initialProps ? ' initialProps: true,' : ''} load: () => import(${abs(r.file)}) },`,
    ),
    '], errorPages: {',
    ...(['404', '500', '_error'] as const).filter((p) => special[p]).map((p) => `  ${JSON.stringify(p)}: () => import(${abs(special[p]!)}),`),
    `}${hasRoutingRules(routing) ? ', resolveOnServer: true' : ''} });`,
  ];
  return lines.join('\n') + '\n';
}

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

/** Moves every `.map` below `from` to the same place below `to`. */
function moveSourceMaps(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  for (const file of readdirSync(from, { recursive: true }).map(String)) {
    if (!file.endsWith('.map')) continue;
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    renameSync(path.join(from, file), path.join(to, file));
  }
}

export async function bundleClient(options: {
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
  /** The app's PostCSS (load-postcss.ts), for every stylesheet; none without a config. */
  transformCss?: CssTransform;
}): Promise<ClientBundle> {
  const { appDir, outDir, special } = options;
  const routes = options.routes.filter((r) => r.kind !== 'api');
  // A virtual module, so that no build-folder path feeds into the chunk hashes.
  const { deviceSizes, imageSizes, quality, dangerouslyAllowSVG } = options.imageConfig;
  const entrySourceText = entrySource(appDir, routes, special, { deviceSizes, imageSizes, quality, dangerouslyAllowSVG }, options.routing);
  const entryPlugin: Plugin = {
    name: 'stratus-client-entry',
    setup(b) {
      b.onResolve({ filter: /^stratus:client-entry$/ }, () => ({ path: 'client-entry', namespace: 'stratus' }));
      b.onLoad({ filter: /.*/, namespace: 'stratus' }, () => ({ contents: entrySourceText, loader: 'js', resolveDir: path.resolve(appDir) }));
    },
  };
  const entryFile = 'stratus:client-entry';
  const assetsDir = path.join(outDir, 'assets', options.basePath ?? '');
  const pageFiles = new Map<string, string>();
  for (const r of routes) pageFiles.set(path.join(path.resolve(appDir), r.file), r.pattern);
  for (const p of ['404', '500', '_error'] as const) if (special[p]) pageFiles.set(path.join(path.resolve(appDir), special[p]!), `/${p}`);
  // _app as an entry of its own too, for its stylesheet alone: the main entry's would hold
  // every page's CSS, since esbuild gathers the CSS of dynamic imports into the importer's.
  const appFile = special._app ? path.join(path.resolve(appDir), special._app) : undefined;

  const result = await build({
    entryPoints: [
      { in: entryFile, out: 'main' },
      ...(appFile ? [{ in: appFile, out: 'app' }] : []),
      ...[...pageFiles].map(([file, pattern]) => ({ in: file, out: chunkName(pattern) })),
    ],
    bundle: true,
    splitting: true,
    ...CLIENT_OPTIONS,
    // Maps for an error tracker, with no sourceMappingURL in the scripts: they are moved out
    // of the bucket's folder below, so they are not served publicly.
    sourcemap: 'external',
    define: {
      ...CLIENT_OPTIONS.define,
      ...(options.routing ? { 'process.env.STRATUS_ROUTING': '"on"' } : {}),
      ...(routes.some((route) => route.initialProps) ? { 'process.env.STRATUS_INITIAL_PROPS': '"on"' } : {}),
      ...publicEnvDefines(options.publicEnv ?? {}, 'browser'),
    },
    metafile: true,
    write: true,
    outdir: path.join(assetsDir, STATIC_DIR),
    outbase: path.resolve(appDir),
    entryNames: 'chunks/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    publicPath: (options.basePath ?? '') + STATIC_PREFIX,
    plugins: [entryPlugin, runtimeAliasPlugin(), stripDataFunctionsPlugin(appDir), cssModulesPlugin({ appDir, emitCss: true, transformCss: options.transformCss }), globalCssPlugin({ appDir, appFile: special._app }), ...(options.transformCss ? [postcssPlugin(options.transformCss)] : []), ...(options.plugins ?? [])],
  }).catch((error: unknown) => {
    throw fromEsbuildFailure(error, 'Compiling the client bundle failed');
  });
  const metafile = result.metafile;
  moveSourceMaps(path.join(assetsDir, STATIC_DIR), path.join(outDir, OUTPUT_LAYOUT.browserSourceMaps, STATIC_DIR));
  // For bundle analysis (esbuild's analyzer reads it): what each input costs in each chunk.
  mkdirSync(path.join(outDir, '.cache'), { recursive: true });
  writeFileSync(path.join(outDir, '.cache', 'client-metafile.json'), JSON.stringify(metafile));
  const toUrl = (output: string) => '/' + path.relative(assetsDir, path.resolve(output)).split(path.sep).join('/');
  const pageScripts: Record<string, string[]> = {};
  const pageStyles: Record<string, string[]> = {};
  let entryScripts: string[] = [];
  let styles: string[] = [];
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!info.entryPoint || !output.endsWith('.js')) continue;
    if (info.entryPoint === 'stratus:client-entry') {
      entryScripts = closure(metafile, output).map(toUrl);
      // Every page's CSS together (see appFile above): linked by no page, so not shipped.
      if (info.cssBundle) {
        const relative = path.relative(path.join(assetsDir, STATIC_DIR), path.resolve(info.cssBundle));
        rmSync(path.resolve(info.cssBundle));
        rmSync(path.join(outDir, OUTPUT_LAYOUT.browserSourceMaps, STATIC_DIR, `${relative}.map`), { force: true });
      }
    } else if (appFile && path.resolve(info.entryPoint) === appFile) {
      if (info.cssBundle) styles = [toUrl(info.cssBundle)];
    } else {
      const pattern = pageFiles.get(path.resolve(info.entryPoint));
      if (!pattern) continue;
      pageScripts[pattern] = closure(metafile, output).map(toUrl);
      if (info.cssBundle) pageStyles[pattern] = [toUrl(info.cssBundle)];
    }
  }
  return { entryScripts, styles, pageStyles, pageScripts, metafile };
}
