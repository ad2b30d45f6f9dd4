/**
 * Packages the Lambda code requires only on first use (ipaddr.js in
 * lambdas/shared/public-address.ts, path-to-regexp in lambdas/render/routing/path-patterns.ts),
 * written as files of their own beside the function's bundle (`app.js` for the render function, `index.js` for the image function) rather than inside it. V8
 * reads the whole text of a script when it loads it, so a package inside the bundle costs
 * every cold start even when no request needs it: ipaddr.js (12.8 kB minified) cost the
 * render function ≈ 3M instructions of its ≈ 110M above bare Node, though only proxied
 * rewrites and remote images use it.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { NODE_MODULES } from '../paths';
import { fromEsbuildFailure } from './errors';

/** Packages the Lambda code requires only on first use. */
export const LAZY_PACKAGES: readonly string[] = ['ipaddr.js', 'path-to-regexp'];

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
  return {
    name: 'stratus-lazy-packages',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: lazyRequirePath(args.path), external: true }));
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
