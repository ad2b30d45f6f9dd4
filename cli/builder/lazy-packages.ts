/**
 * Packages the Lambda code requires only on first use (ipaddr.js in
 * lambdas/shared/public-address.ts, path-to-regexp in lambdas/render/routing/path-patterns.ts,
 * the OpenTelemetry API once a tracer provider is registered, lambdas/shared/tracing/otel.ts),
 * and modules of Stratus's own loaded only when asked for (the tracing SDK),
 * written as files of their own beside the function's bundle (`app.js` for the render function, `index.js` for the image function) rather than inside it. V8
 * reads the whole text of a script when it loads it, so a package inside the bundle costs
 * every cold start even when no request needs it: ipaddr.js (12.8 kB minified) cost the
 * render function ≈ 3M instructions of its ≈ 110M above bare Node, though only proxied
 * rewrites and remote images use it.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { NODE_MODULES, REPO_ROOT } from '../paths';
import { fromEsbuildFailure } from './errors';

/** Packages the Lambda code requires only on first use. */
export const LAZY_PACKAGES: readonly string[] = ['ipaddr.js', 'path-to-regexp', '@opentelemetry/api'];

/**
 * Stratus's own modules required only on first use, each written beside the bundle as a file
 * of its own under `name` (with the lazy packages it uses required from their files there).
 */
export const LAZY_MODULES: readonly { name: string; source: string }[] = [
  // What the functions do with spans (~6 kB): loaded once a tracer provider is registered.
  { name: 'stratus-tracing', source: path.join(REPO_ROOT, 'lambdas', 'shared', 'tracing', 'traced.ts') },
  // Stratus's tracer provider and exporters (~55 kB): only a site that asks for traces loads it.
  { name: 'stratus-tracing-sdk', source: path.join(REPO_ROOT, 'lambdas', 'shared', 'tracing', 'sdk.ts') },
];

/** The folder beside a function's bundle that holds them. */
export const LAZY_DIR = 'lazy';

/**
 * What the bundle requires in place of a lazy package: its file in LAZY_DIR.
 *
 * @example
 * lazyRequirePath('ipaddr.js'); // './lazy/ipaddr.js'
 * lazyRequirePath('@scope/name'); // './lazy/@scope__name.js'
 */
export function lazyRequirePath(name: string): string {
  const file = name.replace('/', '__');
  return `./${LAZY_DIR}/${file.endsWith('.js') ? file : `${file}.js`}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Keeps the lazy packages out of a Lambda bundle: each require of one becomes a require of its file beside the bundle. */
export function lazyPackagesPlugin(): Plugin {
  const filter = new RegExp(`^(?:${LAZY_PACKAGES.map(escapeRegExp).join('|')})$`);
  const moduleFilter = new RegExp(`(?:^|/)(?:${LAZY_MODULES.map((m) => escapeRegExp(path.basename(m.source, '.ts'))).join('|')})$`);
  return {
    name: 'stratus-lazy-packages',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: lazyRequirePath(args.path), external: true }));
      build.onResolve({ filter: moduleFilter }, (args) => {
        const resolved = path.resolve(args.resolveDir, args.path);
        const lazy = LAZY_MODULES.find((m) => m.source === resolved || m.source === `${resolved}.ts`);
        return lazy ? { path: lazyRequirePath(lazy.name), external: true } : undefined;
      });
    },
  };
}

/** Within the lazy folder, a lazy package is a file beside the one that requires it. */
function siblingPackagesPlugin(): Plugin {
  const filter = new RegExp(`^(?:${LAZY_PACKAGES.map(escapeRegExp).join('|')})$`);
  return {
    name: 'stratus-lazy-siblings',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: lazyRequirePath(args.path).replace(`./${LAZY_DIR}/`, './'), external: true }));
    },
  };
}

/**
 * Writes each lazy package that a bundle built with lazyPackagesPlugin requires (as its
 * `metafile` says) into `<lambdaDir>/lazy`, bundled and minified as the bundle is. A
 * bundle that requires none gets no folder. Returns the packages written.
 *
 * @example
 * await writeLazyPackages(result.metafile, '.stratus/lambdas/render'); // ['ipaddr.js']
 */
export async function writeLazyPackages(metafile: Metafile, lambdaDir: string): Promise<string[]> {
  rmSync(path.join(lambdaDir, LAZY_DIR), { recursive: true, force: true });
  const required = new Set(Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)));
  const written: string[] = [];
  for (const lazy of LAZY_MODULES) {
    const file = lazyRequirePath(lazy.name);
    if (!required.has(file)) continue;
    mkdirSync(path.join(lambdaDir, LAZY_DIR), { recursive: true });
    const result = await build({
      entryPoints: [lazy.source],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      // The packages' ES builds: esbuild keeps only what the module uses of them.
      mainFields: ['module', 'main'],
      // import('http') (the OTLP exporter's) as a require: one module system in the function.
      supported: { 'dynamic-import': false },
      nodePaths: [NODE_MODULES],
      outfile: path.join(lambdaDir, file),
      metafile: true,
      plugins: [siblingPackagesPlugin()],
      legalComments: 'none',
      logLevel: 'silent',
    }).catch((error: unknown) => {
      throw fromEsbuildFailure(error, `Compiling ${lazy.name} for the Lambda failed`);
    });
    // The packages it requires beside it are written below, as the bundle's are.
    for (const output of Object.values(result.metafile.outputs)) for (const i of output.imports) if (i.external) required.add(i.path.replace('./', `./${LAZY_DIR}/`));
    written.push(lazy.name);
  }
  for (const name of LAZY_PACKAGES) {
    const file = lazyRequirePath(name);
    if (!required.has(file)) continue;
    mkdirSync(path.join(lambdaDir, LAZY_DIR), { recursive: true });
    await build({
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: lambdaDir, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      nodePaths: [NODE_MODULES],
      outfile: path.join(lambdaDir, file),
      legalComments: 'none',
      logLevel: 'silent',
    }).catch((error: unknown) => {
      throw fromEsbuildFailure(error, `Compiling ${name} for the Lambda failed`);
    });
    written.push(name);
  }
  return written;
}
