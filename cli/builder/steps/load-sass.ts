/**
 * Build step: Sass (`.scss`, `.sass`, and their `.module.` forms), as `next build` compiles
 * it once the app installs the `sass` package: with the app's own copy (or the package
 * `sassOptions.implementation` names, such as `sass-embedded`), loaded only when a Sass file
 * is met, so apps without one need nothing. `sassOptions` is read as Next passes it on:
 * `additionalData` (or the older `prependData`) goes before every file, `includePaths` are
 * load paths, and the rest are Sass's own options. A `~package/file` or `package/file`
 * import resolves in `node_modules`, as webpack's loader resolved it for the pages router, and
 * a partial's relative `url()` names a file beside the partial (sass-urls.ts).
 *
 * @example
 * const sass = sassCompiler(appDir, config.sassOptions);
 * const { css, loadedFiles } = sass('/app/styles/global.scss');
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BuildError } from '../errors';
import type { SassOptions } from '../../../contract/config-schema';
import { rebaseUrls, type SourceMapLike } from '../sass-urls';

export const SASS_FILE = /\.s[ac]ss$/;

/** One Sass file compiled (from `source` when given, else as on disk): its CSS, and every file it read (for watchers). */
export type SassCompile = (file: string, source?: string) => { css: string; loadedFiles: string[] };

/** What Stratus uses of a Sass implementation (the `sass` and `sass-embedded` packages' API). */
interface SassImplementation {
  compileString(source: string, options: Record<string, unknown>): { css: string; loadedUrls: URL[]; sourceMap?: SourceMapLike };
}

/** A Sass error as both packages throw it. */
interface SassException extends Error {
  sassMessage?: string;
  span?: { url?: URL; start: { line: number; column: number } };
}

/** The folder of `name` in the `node_modules` nearest `from` (walking up), or undefined. */
function packageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * A bare or `~` import (`~bootstrap/scss/bootstrap`, `@fontsource/inter/index.css`) as a file
 * in node_modules; a package named alone gives its package.json's `sass` or `style` file.
 * Sass tries a path relative to the importing file first, so only what is not there gets here.
 */
export function nodeModulesUrl(url: string, containing: string): URL | null {
  const spec = url.startsWith('~') ? url.slice(1) : url;
  if (spec === '' || spec.startsWith('.') || spec.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(spec)) return null;
  const parts = spec.split('/');
  const nameLength = spec.startsWith('@') ? 2 : 1;
  if (parts.length < nameLength || parts.slice(0, nameLength).some((part) => part === '' || part === '..')) return null;
  const dir = packageDir(parts.slice(0, nameLength).join('/'), containing);
  if (!dir) return null;
  const rest = parts.slice(nameLength).join('/');
  if (rest) return pathToFileURL(path.join(dir, rest));
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { sass?: unknown; style?: unknown };
    const entry = typeof manifest.sass === 'string' ? manifest.sass : typeof manifest.style === 'string' ? manifest.style : undefined;
    return entry ? pathToFileURL(path.join(dir, entry)) : pathToFileURL(path.join(dir, 'index'));
  } catch {
    return pathToFileURL(path.join(dir, 'index'));
  }
}

/** The error as the build prints it: the file and line Sass points at, then its message; `prepended` lines of `additionalData` come before the file's own. */
function sassError(error: SassException, appDir: string, file: string, prepended: number): BuildError {
  const message = `${error.sassMessage ?? error.message} (Sass)`;
  const span = error.span;
  const where = span?.url?.protocol === 'file:' ? fileURLToPath(span.url) : file;
  if (!span) return new BuildError(`${path.relative(appDir, file)}: ${message}`);
  const inFile = where !== file ? 0 : prepended;
  if (span.start.line < inFile) return new BuildError(`sassOptions.additionalData (before ${path.relative(appDir, file)}), line ${span.start.line + 1}: ${message}`);
  return new BuildError(`${path.relative(appDir, where)}:${span.start.line - inFile + 1}:${span.start.column + 1}: ${message}`);
}

/** A warning Sass gave: deprecations are counted by kind, so the build says each once. */
interface SassWarning {
  message: string;
  deprecationType?: { id: string };
  span?: { url?: URL; start: { line: number } };
}

/**
 * Sass's warnings gathered, for the build to print once it is done: each deprecation once,
 * with how many times and where first, and how to hide it; other warnings (`@warn`) each.
 */
export class SassWarnings {
  /** Deprecation kind → its first line and the places it was met. */
  private readonly deprecations = new Map<string, { text: string; places: Set<string> }>();
  private readonly others = new Set<string>();
  constructor(private readonly appDir: string) {}

  add(warning: SassWarning, file: string): void {
    const url = warning.span?.url;
    const where = `${path.relative(this.appDir, url?.protocol === 'file:' ? fileURLToPath(url) : file)}${warning.span ? `:${warning.span.start.line + 1}` : ''}`;
    const kind = warning.deprecationType?.id;
    if (!kind) {
      this.others.add(`${where}: ${warning.message}`);
      return;
    }
    const seen = this.deprecations.get(kind) ?? { text: warning.message.split('\n')[0]!, places: new Set<string>() };
    // A Set: the browser's and the server's bundles each compile a CSS Module, and say it once.
    seen.places.add(where);
    this.deprecations.set(kind, seen);
  }

  /** One line each, in an order that does not depend on which file compiled first; empties the list. */
  take(): string[] {
    const lines = [...this.deprecations].sort(([a], [b]) => a.localeCompare(b)).map(([kind, { text, places }]) => {
      const sorted = [...places].sort();
      const shown = sorted.slice(0, 3).join(', ') + (sorted.length > 3 ? ` and ${sorted.length - 3} more` : '');
      return `Sass: ${text} (at ${shown}; sassOptions.silenceDeprecations: ['${kind}'] hides it)`;
    });
    lines.push(...[...this.others].sort().map((other) => `Sass: ${other}`));
    this.deprecations.clear();
    this.others.clear();
    return lines;
  }
}

export function sassCompiler(appDir: string, options: SassOptions = {}, warnings = new SassWarnings(appDir)): SassCompile {
  const { implementation: name = 'sass', additionalData, prependData, includePaths, loadPaths, ...sassOwn } = options;
  const prepend = additionalData ?? prependData;
  let implementation: SassImplementation | undefined;
  const load = (file: string): SassImplementation => {
    if (implementation) return implementation;
    // The app's own copy, found from its folder as Node would (and never the build tool's).
    const dir = packageDir(name, appDir);
    if (!dir) throw new BuildError(`${path.relative(appDir, file)} is a Sass stylesheet, and compiling it needs the ${name} package in the app: npm install --save-dev ${name}`);
    const loaded = createRequire(path.join(appDir, 'package.json'))(dir) as SassImplementation & { default?: SassImplementation };
    implementation = typeof loaded.compileString === 'function' ? loaded : loaded.default!;
    return implementation;
  };
  const importer = { findFileUrl: (url: string, context: { containingUrl: URL | null }) => nodeModulesUrl(url, context.containingUrl?.protocol === 'file:' ? path.dirname(fileURLToPath(context.containingUrl)) : appDir) };
  return (file, given) => {
    const sass = load(file);
    const source = given ?? readFileSync(file, 'utf8');
    const before = typeof prepend === 'function' ? prepend(source, { resourcePath: file, rootContext: appDir }) : prepend;
    try {
      const result = sass.compileString(before ? `${before}\n${source}` : source, {
        logger: { warn: (message: string, details: Omit<SassWarning, 'message'>) => warnings.add({ message, ...details }, file) },
        ...sassOwn,
        url: pathToFileURL(file),
        syntax: file.endsWith('.sass') ? 'indented' : 'scss',
        loadPaths: [...(loadPaths ?? []), ...(includePaths ?? [])].map((dir) => path.resolve(appDir, dir)),
        importers: [importer],
        // Which file wrote each part: relative url()s of partials are rebased by it (sass-urls.ts).
        sourceMap: true,
      });
      const loadedFiles = result.loadedUrls.filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url));
      const css = result.sourceMap && loadedFiles.some((loaded) => loaded !== file) ? rebaseUrls(result.css, result.sourceMap, file) : result.css;
      return { css, loadedFiles };
    } catch (error) {
      if (error instanceof BuildError) throw error;
      throw sassError(error as SassException, appDir, file, before ? before.split('\n').length : 0);
    }
  };
}
