/**
 * Resolves `stratus/<name>` to the runtime's public entry modules, and React to this
 * checkout's single copy, so an app directory anywhere builds without its own node_modules.
 * The public modules are the files at the top of web/runtime; its folders (browser/,
 * shared/, types/) are internals no app can import.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { RUNTIME_DIR } from '../../paths';

const ENTRY_FILE = /^([a-z][a-z-]*)\.tsx?$/;

/** Public module name → file: `link` → `web/runtime/link.tsx`. */
export function publicRuntimeModules(dir = RUNTIME_DIR): Map<string, string> {
  const modules = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const match = entry.isFile() && !entry.name.endsWith('.d.ts') ? ENTRY_FILE.exec(entry.name) : null;
    if (match) modules.set(match[1]!, path.join(dir, entry.name));
  }
  return modules;
}

export function runtimeAliasPlugin(): Plugin {
  const modules = publicRuntimeModules();
  return {
    name: 'stratus-runtime-alias',
    setup(build) {
      build.onResolve({ filter: /^stratus\/[^/]+$/ }, (args) => {
        const name = args.path.slice('stratus/'.length);
        const file = modules.get(name);
        if (!file) {
          const names = [...modules.keys()].map((m) => `stratus/${m}`).join(', ');
          return { errors: [{ text: `Unknown module "${args.path}": Stratus provides ${names}.` }] };
        }
        return { path: file };
      });
    },
  };
}
