/**
 * Resolves `stratus/link`, `stratus/router`, `stratus/head`, `stratus/image` and
 * `stratus/config` to this checkout's runtime, and React to this checkout's single copy,
 * so an app directory anywhere builds without its own node_modules.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { RUNTIME_DIR } from '../../paths';

export const STRATUS_MODULES = ['link', 'router', 'head', 'image', 'config'];

export function runtimeModulePath(name: string): string {
  for (const ext of ['.tsx', '.ts']) {
    const file = path.join(RUNTIME_DIR, name + ext);
    if (existsSync(file)) return file;
  }
  throw new Error(`stratus/${name} is missing from ${RUNTIME_DIR}`);
}

export function runtimeAliasPlugin(): Plugin {
  return {
    name: 'stratus-runtime-alias',
    setup(build) {
      build.onResolve({ filter: /^stratus\/[a-z-]+$/ }, (args) => {
        const name = args.path.slice('stratus/'.length);
        if (!STRATUS_MODULES.includes(name)) {
          return { errors: [{ text: `Unknown module "${args.path}": Stratus provides ${STRATUS_MODULES.map((m) => `stratus/${m}`).join(', ')}.` }] };
        }
        return { path: runtimeModulePath(name) };
      });
    },
  };
}
