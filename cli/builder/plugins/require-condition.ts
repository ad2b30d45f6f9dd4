/**
 * esbuild plugin for the render bundle: the named packages resolve as `require` resolves them
 * (their CommonJS build, by the `require` condition of their exports). The render function's
 * bundle is CommonJS, which cannot hold top-level `await`; a package whose ESM build uses it
 * (i18next-fs-backend, which next-i18next loads on the server: `await import('node:fs')`)
 * stopped the build, where Turbopack's ESM server chunks take it. The build is tried as it is
 * first, and again with this plugin for the packages the first attempt named.
 *
 * @example
 * plugins: [requireConditionPlugin(new Set(['i18next-fs-backend']))]
 */
import path from 'node:path';
import type { Message, Plugin } from 'esbuild';
import { BuildError } from '../errors';
import { loaderResolver } from '../loader-resolve';
import { packageOfFile } from '../package-paths';

/** esbuild's error for `await` at a module's top in a CommonJS bundle. */
const TOP_LEVEL_AWAIT = 'Top-level await is currently not supported with the "cjs" output format';

/** The package a file in node_modules belongs to (`@scope/name` or `name`). */
const packageNameOfFile = (file: string) => packageOfFile(file)?.name;

/** The packages to resolve as `require` does, when every error of a failed build is a package's top-level await; else undefined. */
export function topLevelAwaitPackages(error: unknown): Set<string> | undefined {
  const errors = (error as { errors?: Message[] }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const packages = new Set<string>();
  for (const message of errors) {
    // A require of a page whose imports reach such a module fails with it: that error follows from the package's.
    if (REQUIRES_TOP_LEVEL_AWAIT.test(message.text)) continue;
    const name = message.text.startsWith(TOP_LEVEL_AWAIT) && message.location ? packageNameOfFile(message.location.file) : undefined;
    if (!name) return undefined;
    packages.add(name);
  }
  return packages.size > 0 ? packages : undefined;
}

/** esbuild's error for a require of such a module, or of one that imports it (the render bundle requires pages on first use). */
const REQUIRES_TOP_LEVEL_AWAIT = /^This require call is not allowed because the (?:imported file|transitive dependency) ".*" contains a top-level await/;

/**
 * The app's own files (not packages) whose top-level await stopped the build, when that is
 * what every error is about; else undefined.
 */
export function topLevelAwaitInApp(error: unknown): string[] | undefined {
  const errors = (error as { errors?: Message[] }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const files = new Set<string>();
  for (const message of errors) {
    if (message.text.startsWith(TOP_LEVEL_AWAIT) && message.location) {
      if (packageNameOfFile(message.location.file) === undefined) files.add(message.location.file);
    } else if (!REQUIRES_TOP_LEVEL_AWAIT.test(message.text)) return undefined;
  }
  return files.size > 0 ? [...files] : undefined;
}

export function requireConditionPlugin(packages: ReadonlySet<string>): Plugin {
  const asRequired = loaderResolver({ conditionNames: ['node', 'require', 'default'], mainFields: ['main'], extensions: ['.js', '.cjs', '.json'] }, { browser: false });
  const escaped = [...packages].map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return {
    name: 'stratus-require-condition',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(?:${escaped.join('|')})(?:/|$)`) }, async (args) => {
        // esbuild's own resolver would still take a "module" condition listed before "require" (i18next-fs-backend lists it first).
        try {
          return { path: await asRequired(args.resolveDir || path.dirname(args.importer), args.path) };
        } catch (error) {
          return { errors: [{ text: (error as Error).message }] };
        }
      });
    },
  };
}

/** The build error for the app's own files awaiting at their top: where the await can go instead. */
export function topLevelAwaitInAppError(files: string[]): BuildError {
  return new BuildError(
    `Compiling the render Lambda failed: ${files.join(', ')} ${files.length === 1 ? 'uses' : 'use'} top-level await, which the render function's bundle (CommonJS) cannot hold. Move the await into getServerSideProps, getStaticProps or a function they call (const value = await load() inside it). (next build takes it: docs/NEXT-COMPAT.md, deliberate differences.)`,
  );
}

/** The build error for packages that await at their top and have no CommonJS build: how to load them instead, and where esbuild met them. */
export function topLevelAwaitPackagesError(packages: ReadonlySet<string>, where: string): BuildError {
  const one = packages.size === 1;
  return new BuildError(
    `Compiling the render Lambda failed: ${[...packages].join(', ')} use${one ? 's' : ''} top-level await in server code and ha${one ? 's' : 've'} no CommonJS build, which the render function's bundle (CommonJS) needs. Load ${one ? 'it' : 'them'} inside the function that uses ${one ? 'it' : 'them'} (const mod = await import('${[...packages][0]}')).\n${where}`,
  );
}
