/**
 * Build step: the app's `middleware.ts` (or .js), next to its pages: at the app root, or in
 * `src/` for an app whose pages are in `src/pages/` (as the pages router finds it).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const NAMES = ['middleware.ts', 'middleware.tsx', 'middleware.js', 'middleware.jsx', 'middleware.mjs'];

/** The middleware file's absolute path, or undefined. */
export function findMiddleware(appDir: string): string | undefined {
  for (const dir of [appDir, path.join(appDir, 'src')]) {
    const name = NAMES.find((file) => existsSync(path.join(dir, file)));
    if (name) return path.join(dir, name);
  }
  return undefined;
}
