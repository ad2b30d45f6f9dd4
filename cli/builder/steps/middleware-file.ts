/** Build step: the app's `middleware.ts` (or .js), at the app root next to `pages/`, when it has one. */
import { existsSync } from 'node:fs';
import path from 'node:path';

const NAMES = ['middleware.ts', 'middleware.tsx', 'middleware.js', 'middleware.jsx', 'middleware.mjs'];

/** The middleware file's absolute path, or undefined. */
export function findMiddleware(appDir: string): string | undefined {
  const name = NAMES.find((file) => existsSync(path.join(appDir, file)));
  return name && path.join(appDir, name);
}
