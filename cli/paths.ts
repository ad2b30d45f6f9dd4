/** Where this checkout lives: the runtime, React and the Lambda sources are found from here. */
import path from 'node:path';

/** bin/stratus.js sets STRATUS_ROOT, since the bundled CLI runs from a cache folder. */
export const REPO_ROOT = process.env.STRATUS_ROOT ?? path.resolve(__dirname, '..');
export const RUNTIME_DIR = path.join(REPO_ROOT, 'web', 'runtime');
/** The sample site, which `stratus build` and `stratus start` use when given no folder. */
export const DEFAULT_APP_DIR = path.join('web', 'site');
export const CONTRACT_DIR = path.join(REPO_ROOT, 'contract');
export const NODE_MODULES = path.join(REPO_ROOT, 'node_modules');
