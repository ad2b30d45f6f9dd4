/**
 * The app's files its server code reads at run time, copied beside the render function, as
 * Next's output tracing ships them: `fs.readdirSync(path.join(process.cwd(), 'posts'))` at a
 * module's top (Next's with-mdx-remote example) runs when the function loads, and a
 * `getServerSideProps` or a regeneration reads its markdown at request time. The paths are
 * found by Vercel's own tracer (@vercel/nft) in the code that went into the render bundle (the
 * app's and its packages') and in the app's config, with `process.cwd()` as the app's folder;
 * they keep their place relative to
 * it, since the function runs with its own folder as the working directory (`/var/task` in
 * Lambda; `stratus serve` does the same). Each source is read through esbuild first, since the
 * tracer reads plain JavaScript and apps write TypeScript and JSX.
 *
 * @example
 * const { copied } = await copyTracedFiles({ appDir, lambdaDir, outDir, sources: serverSourcesOf(metafile, appDir, appDir) });
 * // ['posts/hello.mdx', 'posts/world.mdx']
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { transformSync, type Loader, type Metafile } from 'esbuild';
import { REPO_ROOT } from '../../paths';

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx', '.js': 'jsx', '.mjs': 'jsx', '.cjs': 'js' };
const IN_NODE_MODULES = /(^|[/\\])node_modules([/\\]|$)/;

/**
 * The bundle's code inputs: the app's own files and its packages, wherever they are (a linked
 * or pnpm `node_modules` puts them outside the app's folder), since a package may read the
 * app's files too (next-i18next reads its config and `./public/locales` from the working
 * directory); not Stratus's own runtime, not generated modules.
 */
export function serverSourcesOf(metafile: Metafile, appDir: string, workingDir: string): string[] {
  const root = path.resolve(appDir) + path.sep;
  const stratus = path.resolve(REPO_ROOT) + path.sep;
  return Object.keys(metafile.inputs)
    .filter((input) => !/^[\w-]+:/.test(input))
    .map((input) => path.resolve(workingDir, input))
    .filter((file) => path.extname(file) in LOADERS && (IN_NODE_MODULES.test(file) || file.startsWith(root)))
    .filter((file) => !file.startsWith(stratus) || IN_NODE_MODULES.test(file.slice(stratus.length)));
}

/** A file's text; '' for one that cannot be read (a bundle input esbuild made up): nothing to trace there. */
export function textOf(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** A config that requires or imports a file of the app's (`require('./next-i18next.config')`), or names one by path. */
const NAMES_LOCAL_FILES = /(?:require\(|import\(|from)\s*['"]\.\.?\/|path\.(?:resolve|join)\(/;

/** A source that may read a file: the tracer is not loaded for apps none of whose files could. */
const MAY_READ_FILES = /\bfs\b|readFile|readdir|createReadStream|process\.cwd|__dirname|import\.meta\.url/;

/**
 * The app's files the sources read or load by path, relative to the app: never files of its
 * packages, of the build, of the bundle itself, dot-files, or files outside the app.
 */
export async function traceServerFiles(options: { appDir: string; sources: string[]; outDir: string; configFile?: string }): Promise<string[]> {
  const appDir = path.resolve(options.appDir);
  const outDir = path.resolve(options.outDir);
  // Not the build's own files (the render bundle's entry is written in the build folder).
  const reading = options.sources.filter((file) => !file.startsWith(outDir + path.sep) && MAY_READ_FILES.test(textOf(file)));
  // The app's config too, as Next's server loads it: what it requires and names by path (next-i18next.config.js and its
  // localePath: path.resolve('./public/locales'), as next-i18next asks of serverless apps) is what packages read at run time.
  const config = options.configFile && path.resolve(options.configFile);
  const configText = config ? textOf(config) : '';
  if (config && (MAY_READ_FILES.test(configText) || NAMES_LOCAL_FILES.test(configText))) reading.push(config);
  if (reading.length === 0) return [];
  const bundled = new Set(options.sources);
  const sources = new Set(reading);
  // The app's own code outside node_modules: a file a package loads by path (next-i18next.config.js) must not be ignored.
  const ownFile = (file: string) => file.startsWith(appDir + path.sep) && !IN_NODE_MODULES.test(file.slice(appDir.length));
  // Loaded only for apps whose code may read files (a require: the CLI's module system).
  const { nodeFileTrace } = require('@vercel/nft') as typeof import('@vercel/nft');
  const { fileList, reasons } = await nodeFileTrace(reading, {
    base: appDir,
    processCwd: appDir,
    // Each source that may read files is an entry of its own: the code between them is bundled already, and not followed.
    ignore: (file: string) => {
      const absolute = path.resolve(appDir, file);
      return absolute.startsWith(outDir + path.sep) || (path.extname(absolute) in LOADERS && !sources.has(absolute) && !ownFile(absolute));
    },
    readFile: async (file: string) => {
      try {
        const text = readFileSync(file, 'utf8');
        const loader = file.startsWith(appDir + path.sep) && !IN_NODE_MODULES.test(file) ? LOADERS[path.extname(file)] : undefined;
        // Types and JSX taken out, modules left as written: the tracer follows require() only in CommonJS.
        return loader ? transformSync(text, { loader, jsx: 'automatic', logLevel: 'silent' }).code : text;
      } catch {
        return null;
      }
    },
  });
  return [...fileList]
    .filter((relative) => {
      const file = path.resolve(appDir, relative);
      // The app's own files (not its packages, not outside it) that are not in the bundle: read by path ('asset'), or code
      // loaded by path at run time (a config the app's config requires). Imported stylesheets and images are the bundle's already.
      if (relative.startsWith('..') || IN_NODE_MODULES.test(relative) || sources.has(file) || bundled.has(file) || path.basename(file) === 'package.json') return false;
      if (isDotPath(relative)) return false;
      const reason = reasons.get(relative)?.type ?? [];
      if (!reason.includes('asset') && !(path.extname(file) in LOADERS)) return false;
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

/**
 * Packages known to read the app's files by a path they build at run time, which no tracer can
 * follow: what must ship for them, and how the app makes it traceable.
 */
const RUN_TIME_READERS = [
  {
    name: 'next-i18next',
    // v15's dist/commonjs/…js, v16's dist/pagesRouter/….mjs and .cjs.
    used: /[/\\]next-i18next[/\\]dist[/\\].*serverSideTranslations\.[cm]?js$/,
    shipped: /(^|[/\\])locales[/\\]/,
    // Where it reads by default (its localePath), shipped when the tracer found no other.
    defaultFolder: 'public/locales',
    advice: "next-i18next reads its translations from its localePath (./public/locales by default) when a page renders on the server, and none were found to ship with the render function: set localePath: path.resolve('./public/locales') (or where yours are) in next-i18next.config.js, so the build finds and ships them",
  },
];

/** Never dot-files and dot-folders (.env files, .git, another build's .next): secrets and tooling, not the site's data. */
const isDotPath = (relative: string) => relative.split(/[/\\]/).some((part) => part.startsWith('.'));

const readersUsed = (sources: string[]) => RUN_TIME_READERS.filter((reader) => sources.some((file) => reader.used.test(file)));

/** Warnings for packages in the bundle whose run-time reads were not found, when server-rendered pages may make them. */
export function untracedReads(sources: string[], copied: string[]): string[] {
  return readersUsed(sources).filter((reader) => !copied.some((file) => reader.shipped.test(file))).map((reader) => reader.advice);
}

/**
 * The default folder of each reader in the bundle whose reads the tracer did not find (next-i18next
 * 16 no longer asks for a traceable localePath), when the app has it: its files, relative.
 */
function defaultReads(appDir: string, sources: string[], traced: string[]): string[] {
  const found: string[] = [];
  for (const reader of readersUsed(sources)) {
    if (traced.some((file) => reader.shipped.test(file))) continue;
    const folder = path.join(appDir, reader.defaultFolder);
    let entries: string[];
    try {
      entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const relative = path.join(reader.defaultFolder, entry);
      if (isDotPath(relative)) continue;
      if (statSync(path.join(appDir, relative)).isFile()) found.push(relative);
    }
  }
  return found;
}

/**
 * A path the app writes with i18next's placeholders (`'locales/{{lng}}/{{ns}}.json'`, the
 * loadPath of i18next-fs-backend): the folder before the first placeholder.
 */
const TEMPLATED_PATH = /['"`](?:\.\/|\/)?((?:[\w@.-]+\/)*?[\w@.-]+)\/[^'"`\n]*\{\{\s*\w+\s*\}\}[^'"`\n]*['"`]/g;

/**
 * The files of the folders the app's own server code names in a templated path, when they are
 * in the app (not its packages, not dot-folders): read at run time by a path no tracer can
 * build, so shipped whole, as Next's tracing of a directory read ships it.
 */
function templatedReads(appDir: string, sources: string[]): string[] {
  const root = path.resolve(appDir) + path.sep;
  const folders = new Set<string>();
  for (const file of sources) {
    if (!file.startsWith(root) || IN_NODE_MODULES.test(file.slice(root.length))) continue;
    const text = textOf(file);
    if (!text.includes('{{')) continue;
    for (const match of text.matchAll(TEMPLATED_PATH)) folders.add(match[1]!);
  }
  const found: string[] = [];
  for (const folder of folders) {
    if (isDotPath(folder) || folder.split('/').includes('..') || IN_NODE_MODULES.test(folder)) continue;
    let entries: string[];
    try {
      entries = readdirSync(path.join(appDir, folder), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const relative = path.join(folder, entry);
      if (!isDotPath(relative) && statSync(path.join(appDir, relative)).isFile()) found.push(relative);
    }
  }
  return found;
}

/** What the build writes at the top of the function's folder: an app file of the same name cannot go there. */
const FUNCTION_FILES = /^(?:index\.js|app\.js(?:\.map)?|manifest\.json|app\.[^/\\]+\.cache|lazy)(?:[/\\]|$)/;

/** The traced files copied into the function's folder at their place in the app; those whose place the function's own files take are left out. */
export async function copyTracedFiles(options: { appDir: string; lambdaDir: string; outDir: string; sources: string[]; configFile?: string }): Promise<{ copied: string[]; clashing: string[] }> {
  const traced = [...(await traceServerFiles(options))];
  for (const file of [...defaultReads(options.appDir, options.sources, traced), ...templatedReads(options.appDir, options.sources)]) if (!traced.includes(file)) traced.push(file);
  traced.sort();
  const clashing = traced.filter((relative) => FUNCTION_FILES.test(relative));
  const files = traced.filter((relative) => !FUNCTION_FILES.test(relative));
  for (const relative of files) {
    const target = path.join(options.lambdaDir, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(options.appDir, relative), target);
  }
  return { copied: files, clashing };
}
