/**
 * Where the framework lives: the runtime, the Lambda sources and the template are found
 * from here, React from the project. The same in this checkout and in an installed package
 * (`node_modules/stratus`), where the CLI runs bundled from `dist/`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The framework's root: this checkout, or the installed package. bin/stratus.js sets
 * STRATUS_ROOT, since the CLI compiled in a checkout runs from a cache folder; bundled into
 * the package's `dist/`, `..` is the root as well.
 */
export const REPO_ROOT = process.env.STRATUS_ROOT ?? path.resolve(__dirname, '..');
export const RUNTIME_DIR = path.join(REPO_ROOT, 'web', 'runtime');
export const CONTRACT_DIR = path.join(REPO_ROOT, 'contract');

/**
 * The `node_modules` folder holding the React the framework builds with: the checkout's
 * own, or, installed, the project's (React is a peer dependency, so the app and the runtime
 * share one copy). esbuild looks here for what an app outside the project cannot resolve;
 * the caches that depend only on versions (sharp for Lambda) live in its `.cache/stratus`.
 */
export const NODE_MODULES = reactModulesDir(REPO_ROOT);

function reactModulesDir(root: string): string {
  try {
    // react-dom/package.json → react-dom → node_modules
    return path.dirname(path.dirname(require.resolve('react-dom/package.json', { paths: [root] })));
  } catch {
    const own = path.join(root, 'node_modules');
    return existsSync(own) ? own : path.join(root, '..');
  }
}
