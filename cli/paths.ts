/** Where this checkout lives: the runtime, React and the Lambda sources are found from here. */
import path from 'node:path';

/** bin/stratus.js sets STRATUS_ROOT, since the bundled CLI runs from a cache folder. */
export const REPO_ROOT = process.env.STRATUS_ROOT ?? path.resolve(__dirname, '..');
export const RUNTIME_DIR = path.join(REPO_ROOT, 'web', 'runtime');
export const NODE_MODULES = path.join(REPO_ROOT, 'node_modules');
