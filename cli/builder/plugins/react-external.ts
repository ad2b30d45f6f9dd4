/**
 * esbuild plugin for the render bundle of `stratus dev`: React's packages (react,
 * react-dom, scheduler) stay out of the bundle and are required from node_modules by
 * their absolute paths (the very files the runtime's aliases pick), so each save's server
 * build neither compiles nor loads React's development build again: Node keeps one copy for
 * the dev server's whole life, as `next dev` keeps its server's packages external.
 * `stratus build` bundles them, as Lambda needs.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { NODE_MODULES } from '../../paths';

const SELF = Symbol('stratus-react-external');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function reactExternalPlugin(): Plugin {
  const reactFile = new RegExp(`^${escapeRegExp(NODE_MODULES + path.sep)}(?:react|react-dom|scheduler)[\\\\/]`);
  return {
    name: 'stratus-react-external',
    setup(build) {
      // What the other plugins make of the name decides the file (the legacy server renderer, the one React).
      build.onResolve({ filter: /^(react|react-dom|scheduler)(\/.*)?$/ }, async (args) => {
        // Not the resolutions plugins ask for themselves (this one's, the aliases'): they carry their own data.
        if (args.pluginData !== undefined) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, namespace: args.namespace, pluginData: SELF });
        if (resolved.errors.length > 0) return undefined;
        if (resolved.namespace === 'file' && reactFile.test(resolved.path)) return { path: resolved.path, external: true };
        return { path: resolved.path, namespace: resolved.namespace, external: resolved.external, sideEffects: resolved.sideEffects, pluginData: resolved.pluginData };
      });
      // The facades' own `require` of React's files (runtime-alias.ts).
      build.onResolve({ filter: reactFile }, (args) => ({ path: args.path, external: true }));
    },
  };
}
