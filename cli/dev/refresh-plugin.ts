/**
 * esbuild plugin for `stratus dev`'s browser build: each of the app's own modules goes
 * through React Refresh's transform, so that an edited component is swapped in place with
 * its state kept (hot-update.ts decides when that is possible).
 *
 * Per module: esbuild strips the types (JSX kept, so the app's tsconfig and esbuild's
 * TypeScript are the same as in `stratus build`), SWC compiles the JSX for React's
 * development runtime and adds the refresh registrations (`$RefreshReg$`, `$RefreshSig$`),
 * a page loses its data functions (page-source.ts, lines kept), and a few lines at the end
 * bind the registrations to the dev client (web/runtime/browser/dev/hot-client.ts) under the
 * module's id, its path in the app. Each step's source map is carried into the next, and the
 * result carries it inline for esbuild to compose: the browser's stacks name the app's files.
 *
 * Results are kept per file until it changes (mtime and size), so a rebuild transforms the
 * saved file alone.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { transform as esbuildTransform, type Loader, type Plugin } from 'esbuild';
import type * as Swc from '@swc/core';
import { stripDataFunctions } from '../builder/page-source';
import { HOT_GLOBAL } from '../../web/runtime/shared/dev-hooks';

const LOADERS: Record<string, Loader> = { '.tsx': 'tsx', '.ts': 'ts', '.jsx': 'jsx', '.js': 'jsx', '.mjs': 'jsx', '.cjs': 'jsx', '.mts': 'ts', '.cts': 'ts' };
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;

/** What the plugin knows of one module after its last transform. */
export interface ModuleVersion {
  /** The module's id: its path in the app, `/`-separated (`pages/index.tsx`). */
  id: string;
  /** Hash of the file as saved. */
  sourceHash: string;
  /** Hash of the code the browser runs: equal across a save that changed only a page's data functions. */
  clientHash: string;
}

export interface RefreshPluginOptions {
  appDir: string;
  /** The pages folder (`<app>/pages` or `<app>/src/pages`): its modules lose their data functions. */
  pagesDir: string;
  /** `jsxImportSource` from the app's tsconfig, when it sets one (Emotion, say). */
  jsxImportSource?: string;
  /** The config's compiler options (cli/builder/compiler-transforms.ts), applied to the source first, as `stratus build` applies them. */
  compile?: (file: string, source: string) => string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);

let swc: typeof Swc | undefined;
/** SWC's native module loads on the first transform (≈ 60 ms), not with the CLI. */
const loadSwc = () => (swc ??= require('@swc/core') as typeof Swc);

/** The code appended to each module: its refresh registrations and its arrival, under its id. */
function epilogue(id: string, clientHash: string): string {
  const hot = `globalThis.${HOT_GLOBAL}`;
  return [
    '',
    `function $RefreshReg$(type, name) { ${hot} && ${hot}.register(type, ${JSON.stringify(id)} + " " + name); }`,
    `function $RefreshSig$() { return ${hot} ? ${hot}.signature() : function (type) { return type; }; }`,
    `${hot} && ${hot}.arrived(${JSON.stringify(id)}, ${JSON.stringify(clientHash)});`,
  ].join('\n');
}

/** Fast Refresh's `// @refresh reset`: the file's components remount on every edit (state reset), as in Next. */
const RESET_DIRECTIVE = /(?:\/\/|\/\*)\s*@refresh reset\b/;

/** Turns a failure of a step into esbuild's message form, with the file and line when known. */
function failure(file: string, error: unknown) {
  const errors = (error as { errors?: { text: string; location?: { line: number; column: number; lineText: string } | null }[] }).errors;
  if (errors?.length) return { errors: errors.map((e) => ({ text: e.text, location: e.location ? { file, line: e.location.line, column: e.location.column, lineText: e.location.lineText } : undefined })) };
  return { errors: [{ text: (error as Error).message ?? String(error), location: { file } }] };
}

/**
 * The plugin, and the versions of the modules it transformed (read by hot-update.ts after
 * each build).
 */
export function refreshPlugin(options: RefreshPluginOptions): { plugin: Plugin; versions: Map<string, ModuleVersion> } {
  const appDir = path.resolve(options.appDir);
  const pagesDir = path.resolve(options.pagesDir) + path.sep;
  const versions = new Map<string, ModuleVersion>();
  const cache = new Map<string, { key: string; contents: string }>();

  async function transformModule(file: string, source: string): Promise<{ contents: string; version: ModuleVersion }> {
    const id = path.relative(appDir, file).split(path.sep).join('/');
    const compiled0 = options.compile ? options.compile(file, source) : source;
    const typesOff = await esbuildTransform(compiled0, { loader: LOADERS[path.extname(file)] ?? 'tsx', jsx: 'preserve', sourcemap: 'external', sourcefile: file, format: 'esm', target: 'es2022', logLevel: 'silent' });
    // esbuild drops comments; SWC reads the directive from a comment before the code.
    const code0 = RESET_DIRECTIVE.test(source) ? `/* @refresh reset */ ${typesOff.code}` : typesOff.code;
    const compiled = await loadSwc().transform(code0, {
      filename: id,
      swcrc: false,
      configFile: false,
      isModule: true,
      sourceMaps: true,
      inputSourceMap: typesOff.map,
      jsc: {
        parser: { syntax: 'ecmascript', jsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic', development: true, refresh: true, ...(options.jsxImportSource ? { importSource: options.jsxImportSource } : {}) } },
      },
    });
    const code = file.startsWith(pagesDir) ? stripDataFunctions(compiled.code, { keepLines: true }) : compiled.code;
    const clientHash = hash(code);
    const map = JSON.parse(compiled.map!) as { sources: string[]; sourcesContent?: string[] };
    map.sources = [file];
    map.sourcesContent = [source];
    const inline = Buffer.from(JSON.stringify(map)).toString('base64');
    return {
      contents: `${code}\n${epilogue(id, clientHash)}\n//# sourceMappingURL=data:application/json;base64,${inline}\n`,
      version: { id, sourceHash: hash(source), clientHash },
    };
  }

  const plugin: Plugin = {
    name: 'stratus-dev-refresh',
    setup(build) {
      // The app's files alone: esbuild calls a plugin for every file its filter matches, on every rebuild.
      const ownFiles = new RegExp(`^${escapeRegExp(appDir + path.sep)}.*${SOURCE_FILE.source}`);
      build.onLoad({ filter: ownFiles, namespace: 'file' }, async (args) => {
        const file = args.path;
        if (!file.startsWith(appDir + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`) || file.endsWith('.d.ts')) return undefined;
        const info = await stat(file);
        const key = `${info.mtimeMs}:${info.size}`;
        const cached = cache.get(file);
        if (cached?.key === key) return { contents: cached.contents, loader: 'js', resolveDir: path.dirname(file) };
        const source = await readFile(file, 'utf8');
        try {
          const { contents, version } = await transformModule(file, source);
          cache.set(file, { key, contents });
          versions.set(file, version);
          return { contents, loader: 'js', resolveDir: path.dirname(file) };
        } catch (error) {
          return failure(path.relative(appDir, file), error);
        }
      });
    },
  };
  return { plugin, versions };
}
