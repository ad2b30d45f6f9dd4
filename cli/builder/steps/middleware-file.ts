/**
 * Build step: the app's files beside its pages, `middleware.ts`, `instrumentation.ts` and
 * `instrumentation-client.ts` (or .js, …): at the app root, or in `src/` (where an app with
 * `src/pages/` has them), as Next finds them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

/** `<base>.ts` (…) in the first of `dirs` (the app root, then `src/`, unless said otherwise) that has one: its absolute path, or undefined. */
function findAppFile(appDir: string, base: string, dirs: readonly string[] = ['.', 'src']): string | undefined {
  for (const dir of dirs.map((name) => path.join(appDir, name))) {
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

/**
 * The browser's instrumentation file (`instrumentation-client.ts`, run before the app's code
 * and hydration), or undefined. `src/` first: Next's bundlers look there before the app root.
 */
export function findInstrumentationClient(appDir: string): string | undefined {
  return findAppFile(appDir, 'instrumentation-client', ['src', '.']);
}
