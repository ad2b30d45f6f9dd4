/**
 * Names the build replaces in the app's code, as `next build` defines them: the ones Next
 * gives every app (libraries test them: next-i18next leaves `fs` out of the browser by
 * `process.browser`, an `instrumentation.ts` loads its Node half when `process.env.NEXT_RUNTIME`
 * is `'nodejs'`), and the app's own `compiler.define` (both bundles) and
 * `compiler.defineServer` (the render bundle), each value a string of text, as Next writes it.
 *
 * @example
 * define: { ...SERVER_OPTIONS.define, ...appDefines(config.compiler, 'server') }
 */
import type { CompilerOptions } from '../../contract/config-schema';
import { BuildError } from './errors';

/** What Next's build defines for a browser or a server bundle, in esbuild's terms (code). */
export const NEXT_CONSTANTS = {
  // Node's `global` is the global object in the browser too, as webpack gives it: older packages (and apps) read it.
  browser: { 'process.browser': 'true', 'process.env.NEXT_RUNTIME': '""', global: 'globalThis' },
  // The render function runs pages, API routes and middleware in Node: 'nodejs' for all three.
  server: { 'process.browser': 'false', 'process.env.NEXT_RUNTIME': '"nodejs"' },
} as const satisfies Record<'browser' | 'server', Record<string, string>>;

/** Names only the build sets: an app's define of one would silently change Stratus's or Next's meaning. */
const RESERVED = /^process\.(?:browser|env(?:\.(?:NODE_ENV|NEXT_RUNTIME|STRATUS_\w*|__STRATUS\w*))?)$/;

/** The app's `compiler.define` (and `defineServer` for the server) as esbuild `define`s. */
export function appDefines(compiler: CompilerOptions | undefined, target: 'browser' | 'server'): Record<string, string> {
  const defines: Record<string, string> = {};
  const sources = target === 'server' ? (['define', 'defineServer'] as const) : (['define'] as const);
  for (const option of sources) {
    for (const [name, value] of Object.entries(compiler?.[option] ?? {})) {
      if (RESERVED.test(name)) throw new BuildError(`compiler.${option}: ${name} is set by the build itself and cannot be redefined; choose another name (such as process.env.APP_${name.split('.').pop()!.toUpperCase()})`);
      defines[name] = JSON.stringify(value);
    }
  }
  return defines;
}
