/**
 * Web Workers as webpack 5 and Turbopack give them to `next build`:
 * `new Worker(new URL('./worker.ts', import.meta.url))` (or `SharedWorker`, with or without
 * `{ type: 'module' }`) has the worker file bundled as a script of its own, and the URL
 * names that script. esbuild leaves the expression as written, and the browser then asks
 * for the source file's name beside the chunk (a 404).
 *
 * Two parts: a source transform that swaps the string for an import of a
 * `stratus-worker:` module (composed into the `compile` transform the browser build's
 * loaders already apply, so pages through the data-function stripping and, in
 * `stratus dev`, every file through the refresh plugin), and a plugin that loads the app's
 * other files containing a worker through that transform and builds each worker.
 * The app's own files alone: a package ships its workers compiled for its own bundler.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build as esbuild, type BuildOptions, type Plugin } from 'esbuild';
import { outsideEsbuild, type SourceTransform } from '../compiler-transforms';

const NAMESPACE = 'stratus-worker';

/** The cheap test first: most files create no worker. */
const MAY_CREATE_WORKER = /\bnew\s+(?:Shared)?Worker\s*\(/;

/**
 * `new Worker(new URL('<literal>', import.meta.url)`: the text up to the literal (group 1),
 * the constructor (2), the literal with its quotes (3, its text in 4 to 6) and the rest up
 * to the URL's `)` (7).
 * A template literal with `${…}` names no one file, and is left alone as webpack leaves it.
 */
const WORKER_URL = /(\bnew\s+(Worker|SharedWorker)\s*\(\s*new\s+URL\s*\(\s*)('([^'\\\n]+)'|"([^"\\\n]+)"|`([^`\\$]+)`)(\s*,\s*import\.meta\.url\s*\))/g;

/** `, { …, type: 'module', … }` right after the URL: the worker is an ES module. */
const MODULE_OPTIONS = /^\s*,\s*\{[^{}]*\btype\s*:\s*(['"`])module\1[^{}]*\}/;

/** Paths the worker's `new URL` names as a file beside the source (not `/x.js` or `https://…`). */
const isRelative = (spec: string) => !spec.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(spec);

/**
 * `compile`, after each worker URL of the source is pointed at its built script (the
 * worker-url plugin resolves the import it adds, and says so if the file does not exist).
 *
 * @example
 * const transform = workerUrlTransform(compile);
 * transform('/apps/shop/pages/index.js', "new Worker(new URL('../worker.ts', import.meta.url))");
 * // "new Worker(new URL(__stratusWorker0, import.meta.url))\nimport __stratusWorker0 from \"stratus-worker:iife:1:../worker.ts\";\n"
 */
export function workerUrlTransform(compile?: SourceTransform): SourceTransform {
  return (file, source) => {
    const imports: string[] = [];
    const rewritten = !MAY_CREATE_WORKER.test(source)
      ? source
      : source.replace(WORKER_URL, (whole, start: string, _ctor: string, _literal: string, single: string | undefined, double: string | undefined, template: string | undefined, end: string, offset: number) => {
          const spec = single ?? double ?? template!;
          if (!isRelative(spec)) return whole;
          const format = MODULE_OPTIONS.test(source.slice(offset + whole.length)) ? 'esm' : 'iife';
          // The line, for the error should the file not exist.
          const line = source.slice(0, offset).split('\n').length;
          const name = `__stratusWorker${imports.length}`;
          imports.push(`import ${name} from ${JSON.stringify(`${NAMESPACE}:${format}:${line}:${spec}`)};`);
          // Only the literal changes, so the lines below keep their numbers (source maps, errors).
          return `${start}${name}${end}`;
        });
    // At the end, for the same reason: imports are hoisted wherever they stand.
    const withImports = imports.length > 0 ? `${rewritten}\n${imports.join('\n')}\n` : rewritten;
    return compile ? compile(file, withImports) : withImports;
  };
}

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx' } as const;

export interface WorkerUrlOptions {
  appDir: string;
  /** The browser build's transform of the app's files, made by workerUrlTransform. */
  transform: SourceTransform;
  /** Plugins for the worker's own imports (the app's compiler options, image imports, aliases). */
  plugins?: Plugin[];
}

/**
 * esbuild plugin of the browser build. Its onLoad takes the app's files that create a worker
 * and that no earlier plugin loaded (pages go through the data-function stripping first,
 * with the same transform), so it stands before the compiler-options and app-jsx plugins.
 * Each worker is bundled by a build of its own (minified, its imports and TypeScript
 * compiled, the browser build's `define`s) and handed back as a `file`-loader module: esbuild
 * then writes it among the build's outputs (`/_app/static/media/worker-<name>-<hash>.js`,
 * under the basePath) and inlines its URL. Being an output, `stratus build` writes it and
 * `stratus dev` serves it from memory like every other script. A worker's own
 * `new Worker(new URL(…))` is not followed.
 */
export function workerUrlPlugin(options: WorkerUrlOptions): Plugin {
  const root = path.resolve(options.appDir) + path.sep;
  return {
    name: 'stratus-worker-url',
    setup(build) {
      build.onLoad({ filter: /\.(m?js|jsx|tsx?)$/, namespace: 'file' }, async (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${path.sep}node_modules${path.sep}`) || args.path.endsWith('.d.ts')) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!MAY_CREATE_WORKER.test(source)) return undefined;
        const loader = LOADERS[path.extname(args.path) as keyof typeof LOADERS] ?? 'jsx';
        return { contents: await outsideEsbuild(() => options.transform(args.path, source)), loader, resolveDir: path.dirname(args.path) };
      });

      // `stratus-worker:<format>:<line>:<spec>` → a path whose folders say which file and format
      // (a module's identity) and whose name, all esbuild's `file` loader keeps, says what it is.
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => {
        const [, format, line, ...rest] = args.path.split(':');
        const spec = rest.join(':');
        const file = path.resolve(args.resolveDir, spec);
        if (!existsSync(file) || !statSync(file).isFile()) {
          const where = { file: path.relative(build.initialOptions.absWorkingDir ?? process.cwd(), args.importer), line: Number(line), column: 0 };
          return { errors: [{ text: `Worker file not found: new URL(${JSON.stringify(spec)}, import.meta.url) names ${file}, which does not exist`, location: where }] };
        }
        return { path: path.join(file, format!, `worker-${path.parse(file).name}.js`), namespace: NAMESPACE };
      });

      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const format = path.basename(path.dirname(args.path)) as 'esm' | 'iife';
        const file = path.dirname(path.dirname(args.path));
        const initial = build.initialOptions;
        // `process.env` reads a global the page's entry sets (load-env.ts); a worker has no page to set it.
        const env = initial.define?.['process.env'];
        const workerBuild: BuildOptions = {
          entryPoints: [file],
          bundle: true,
          write: false,
          format,
          platform: 'browser',
          target: initial.target,
          minify: initial.minify,
          sourcemap: initial.minify ? false : 'inline',
          jsx: initial.jsx,
          jsxDev: initial.jsxDev,
          define: initial.define,
          nodePaths: initial.nodePaths,
          resolveExtensions: initial.resolveExtensions,
          absWorkingDir: initial.absWorkingDir,
          legalComments: 'none',
          logLevel: 'silent',
          ...(env && /^[A-Za-z_$][\w$]*$/.test(env) ? { banner: { js: `globalThis.${env}||={};` } } : {}),
          plugins: options.plugins,
        };
        try {
          const result = await esbuild({ ...workerBuild, metafile: true });
          // Its inputs, so that `stratus dev`'s rebuilds build it again when one changes.
          const watchFiles = Object.keys(result.metafile!.inputs).filter((input) => !/^[a-z-]+:/.test(input)).map((input) => path.resolve(initial.absWorkingDir ?? process.cwd(), input));
          return { contents: result.outputFiles![0]!.contents, loader: 'file', watchFiles };
        } catch (error) {
          const errors = (error as { errors?: { text: string }[] }).errors;
          if (errors?.length) return { errors: errors.map((e) => ({ ...e, text: `worker ${path.relative(options.appDir, file)}: ${e.text}` })) };
          throw error;
        }
      });
    },
  };
}
