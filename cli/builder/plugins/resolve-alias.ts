/**
 * esbuild plugin: `turbopack.resolveAlias` of next.config, as `next build` resolves it: an
 * import of a name the config lists (`underscore`, or `underscore/map` below it) loads what
 * it names instead (`lodash`, or a path in the app such as `./lib/shim.js`); a value by
 * condition (`{ browser: './x.js', default: './y.js' }`) gives each bundle its own.
 *
 * @example
 * plugins: [resolveAliasPlugin(appDir, { underscore: 'lodash' }, { browser: true })]
 */
import path from 'node:path';
import type { OnResolveArgs, OnResolveResult, Plugin, PluginBuild } from 'esbuild';
import type { TurbopackOptions } from '../../../contract/config-schema';

/**
 * Turbopack's own module for MDX's components (@next/mdx aliases its provider import to it):
 * the app's `mdx-components` file (at its root or in `src/`), else `@mdx-js/react`, else
 * @next/mdx's empty set, as Turbopack looks for them.
 */
const MDX_IMPORT_SOURCE = '@vercel/turbopack-next/mdx-import-source';

async function mdxImportSource(build: PluginBuild, appDir: string, args: OnResolveArgs): Promise<OnResolveResult> {
  const candidates = [...['src/mdx-components', 'mdx-components'].map((name) => path.join(appDir, name)), '@mdx-js/react', '@next/mdx/mdx-components.js'];
  for (const candidate of candidates) {
    const result = await build.resolve(candidate, { kind: args.kind, resolveDir: appDir, importer: args.importer, pluginData: SELF });
    if (result.errors.length === 0) return { path: result.path, namespace: result.namespace };
  }
  return { errors: [{ text: `An MDX file needs its components: add mdx-components.tsx at the app's root (export function useMDXComponents(components) { return components; }), or install @mdx-js/react.` }] };
}

/** Marks the plugin's own resolve call, so it does not meet itself. */
const SELF = Symbol('stratus-resolve-alias');

/** The target for this bundle: a string, the first of a list, or the value under `browser`/`node`, else `default`. */
function targetOf(value: string | string[] | Record<string, string>, browser: boolean): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value[0];
  return (browser ? value.browser : value.node) ?? value.default;
}

export function resolveAliasPlugin(appDir: string, alias: NonNullable<TurbopackOptions['resolveAlias']>, environment: { browser: boolean }): Plugin {
  const targets = new Map<string, string>();
  for (const [from, to] of Object.entries(alias)) {
    const target = targetOf(to, environment.browser);
    if (target) targets.set(from, target);
  }
  const escaped = [...targets.keys()].map((key) => key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return {
    name: 'stratus-resolve-alias',
    setup(build) {
      if (targets.size === 0) return;
      build.onResolve({ filter: new RegExp(`^(?:${escaped.join('|')})(?:/|$)`) }, async (args) => {
        if (args.pluginData === SELF) return undefined;
        const key = [...targets.keys()].find((name) => args.path === name || args.path.startsWith(`${name}/`));
        if (!key) return undefined;
        const target = targets.get(key)! + args.path.slice(key.length);
        if (target === MDX_IMPORT_SOURCE) return mdxImportSource(build, appDir, args);
        // A path in the app resolves from the app's folder; a package name as any import would.
        const relative = target.startsWith('./') || target.startsWith('../');
        const result = await build.resolve(relative ? path.resolve(appDir, target) : target, { kind: args.kind, resolveDir: relative ? appDir : args.resolveDir, importer: args.importer, pluginData: SELF });
        return result.errors.length > 0 ? { errors: result.errors } : { path: result.path, namespace: result.namespace, external: result.external, sideEffects: result.sideEffects };
      });
    },
  };
}
