/**
 * `import(`../components/${name}`)` as `next build` resolves it: webpack and Turbopack make
 * a context of the folder whose keys are the files' paths with and without their extension
 * (and a folder's own path for its `index` file), so `name = 'red-button'` loads
 * `red-button.tsx`, and a name that is in none of them rejects the import's promise with
 * "Cannot find module". esbuild compiles such an import into a map keyed by the files' full
 * names, whose lookup throws synchronously on a miss. The build rewrites the import into a
 * call of this function (cli/builder/import-context.ts), which tries the path as written,
 * then with each of the build's resolve extensions, then as a folder's `index`.
 */

/** The start of the error esbuild's lookup throws for a path not in its map. */
const NOT_IN_BUNDLE = 'Module not found in bundle: ';

/**
 * `load` is the import with its `${…}` parts as parameters; `parts` their values.
 * `extensions`: the suffixes to try on the last part, given when the path ends with it
 * (`../components/${name}`); absent, the path is looked up as written.
 *
 * @example
 * importContext((a) => import(`../components/${a}`), [name], ['.tsx', '.ts', '.jsx', '.js']);
 */
export function importContext(load: (...parts: unknown[]) => Promise<unknown>, parts: unknown[], extensions?: string[]): Promise<unknown> {
  const last = parts.length - 1;
  let missed: unknown;
  for (const suffix of extensions ? ['', ...extensions, ...extensions.map((extension) => '/index' + extension)] : ['']) {
    try {
      return load(...parts.slice(0, last), suffix ? `${parts[last]}${suffix}` : parts[last]);
    } catch (error) {
      // Not in the bundle under this name: the next.
      missed ??= error;
    }
  }
  const message = missed instanceof Error ? missed.message : '';
  if (!message.startsWith(NOT_IN_BUNDLE)) return Promise.reject(missed);
  return Promise.reject(Object.assign(new Error(`Cannot find module '${message.slice(NOT_IN_BUNDLE.length)}'`), { code: 'MODULE_NOT_FOUND' }));
}
