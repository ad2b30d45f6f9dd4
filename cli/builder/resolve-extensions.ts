/**
 * `turbopack.resolveExtensions`: the extensions an import without one is tried with, the
 * app's list first. esbuild's own follow, since Stratus's runtime imports its `.ts` and
 * `.tsx` files without extensions whatever the app's list says.
 *
 * @example
 * withDefaultExtensions(['.mdx', '.tsx', '.ts']); // ['.mdx', '.tsx', '.ts', '.jsx', '.js', '.css', '.json']
 */
const ESBUILD_DEFAULTS = ['.tsx', '.ts', '.jsx', '.js', '.css', '.json'];

export function withDefaultExtensions(extensions: readonly string[]): string[] {
  return [...new Set([...extensions, ...ESBUILD_DEFAULTS])];
}
