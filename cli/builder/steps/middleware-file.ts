/**
 * Build step: the app's files beside its pages, `middleware.ts` and `instrumentation.ts` (or
 * .js): at the app root, or in `src/` for an app whose pages are in `src/pages/` (as the pages
 * router finds them).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

/** `<base>.ts` (…) at the app root or in `src/`: its absolute path, or undefined. */
function findAppFile(appDir: string, base: string): string | undefined {
  for (const dir of [appDir, path.join(appDir, 'src')]) {
    const name = EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(path.join(dir, file)));
    if (name) return path.join(dir, name);
  }
  return undefined;
}

/** The middleware file's absolute path, or undefined. */
export function findMiddleware(appDir: string): string | undefined {
  return findAppFile(appDir, 'middleware');
}

/** The instrumentation file's absolute path (`register`, `onRequestError`), or undefined. */
export function findInstrumentation(appDir: string): string | undefined {
  return findAppFile(appDir, 'instrumentation');
}
