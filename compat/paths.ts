/** Where the compat apps live and where their builds go (git-ignored). */
import path from 'node:path';

export const REPO = process.env.STRATUS_ROOT ?? path.resolve(__dirname, '..');
export const COMPAT_DIR = path.join(REPO, 'compat');
export const APPS_DIR = path.join(COMPAT_DIR, 'apps');
/** Builds of the runner: `stratus-<app>/` and `next-<app>/` (Next builds a copy of the app there). */
export const BUILDS_DIR = path.join(COMPAT_DIR, '.builds');
/** The benchmark's Next.js app, whose node_modules the compat apps build with. */
export const NEXT_APP = path.join(REPO, 'bench', 'next-app');
/** The Next observations the jest tests compare Stratus with. */
export const OBSERVED_DIR = path.join(REPO, 'test', 'compat', 'observed');

export const appDir = (name: string) => path.join(APPS_DIR, name);
