/**
 * Resolves `react` and `react-dom` (and their subpaths) to the one copy the runtime uses,
 * `stratus/<name>` to the runtime's public entry modules, and `next/<name>` (and
 * `next`) to the same modules under the names pages-router apps and their libraries import,
 * whether or not a `next` package is installed. The public modules are the files at the top
 * of web/runtime; its folders (browser/, shared/, types/) are internals no app can import.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { NODE_MODULES, RUNTIME_DIR } from '../../paths';
import { localFontModule } from './local-font';

const ENTRY_FILE = /^([a-z][a-z-]*)\.tsx?$/;

/** Public module name → file: `link` → `web/runtime/link.tsx`. */
export function publicRuntimeModules(dir = RUNTIME_DIR): Map<string, string> {
  const modules = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const match = entry.isFile() && !entry.name.endsWith('.d.ts') ? ENTRY_FILE.exec(entry.name) : null;
    if (match) modules.set(match[1]!, path.join(dir, entry.name));
  }
  return modules;
}

/** What to use instead of a `next/*` module Stratus does not provide. */
const NOT_PROVIDED: Record<string, string> = {
  'next/headers': 'that is the App Router; read headers from the getServerSideProps context',
  'next/cache': 'that is the App Router; use revalidate in getStaticProps',
  'next/amp': 'AMP is not supported',
};

/** `next/*` modules of the server alone (the render bundle, a Node build), and where to use them instead in browser code. */
const SERVER_ONLY: Record<string, string> = {
  'next/og': "ImageResponse draws images on the server: return it from an API route (pages/api/og.tsx, with or without `export const config = { runtime: 'edge' }`) and name that route in the page's <meta property=\"og:image\">",
};

/** The message for a module the build does not give this code: not provided at all, or server-only in browser code. */
function unavailable(specifier: string): string {
  return SERVER_ONLY[specifier] ? `"${specifier}" is server-only: ${SERVER_ONLY[specifier]}` : `"${specifier}" is not provided by Stratus: ${NOT_PROVIDED[specifier]}`;
}

const NOT_PROVIDED_NAMESPACE = 'stratus-not-provided';

/**
 * A stand-in for an App Router (or server-only) module a library names: every export is a
 * function that throws, saying what to use instead (CommonJS, so any name a library imports or
 * destructures exists).
 */
function notProvidedModule(specifier: string): string {
  const message = unavailable(specifier).replace(/^"([^"]+)"/, '$1');
  // The module's names as own properties too, for an ES import's copy of them.
  return `const message = ${JSON.stringify(message)};
const fail = (name) => function notProvided() { throw new Error(name + '(): ' + message); };
const known = {};
for (const name of ${JSON.stringify(NOT_PROVIDED_EXPORTS[specifier] ?? [])}) known[name] = fail(name);
module.exports = new Proxy(known, {
  get: (target, name) => (typeof name !== 'string' || name === '__esModule' || name === 'then' ? undefined : target[name] ?? fail(name)),
});
`;
}

/** What each App Router module exports, as an ES import of it from a library reads them. */
const NOT_PROVIDED_EXPORTS: Record<string, string[]> = {
  'next/headers': ['headers', 'cookies', 'draftMode'],
  'next/cache': ['revalidatePath', 'revalidateTag', 'updateTag', 'refresh', 'unstable_cache', 'unstable_noStore', 'cacheLife', 'cacheTag'],
  'next/og': ['ImageResponse'],
  'next/amp': ['useAmp'],
};

/** `next/link` → `web/runtime/next/link.ts`; `next` → `web/runtime/next/index.ts`; undefined when there is none. */
export function nextModulePath(specifier: string, dir = path.join(RUNTIME_DIR, 'next')): string | undefined {
  const name = specifier === 'next' ? 'index' : specifier.slice('next/'.length);
  if (!/^[a-z][a-z-]*(\/[a-z][a-z-]*)?$/.test(name)) return undefined;
  return ['.ts', '.tsx'].map((ext) => path.join(dir, name + ext)).find((file) => existsSync(file));
}

/**
 * The `next/dist/*` modules apps, test setups and libraries import, by the file under
 * web/runtime/next that stands for each (`internal/…` for the ones with no public name: a
 * source folder, so not named `dist/`, which the repository keeps for build output). Older
 * names (`next-server/lib/…`, Next 9–10) and the `esm/` copies map the same.
 */
const NEXT_DIST: Record<string, string> = {
  'shared/lib/router-context.shared-runtime': 'internal/router-context',
  'shared/lib/router-context': 'internal/router-context',
  'next-server/lib/router-context': 'internal/router-context',
  'shared/lib/head-manager-context.shared-runtime': 'internal/head-manager-context',
  'shared/lib/head-manager-context': 'internal/head-manager-context',
  'next-server/lib/head-manager-context': 'internal/head-manager-context',
  'client/router': 'internal/client-router',
  'client/link': 'link',
  'client/image': 'image',
  'client/legacy/image': 'image',
  'shared/lib/image-external': 'image',
  'client/script': 'script',
  'shared/lib/head': 'head',
  'next-server/lib/head': 'head',
  'shared/lib/dynamic': 'dynamic',
  'next-server/lib/dynamic': 'dynamic',
  'shared/lib/utils': 'internal/shared-utils',
  'next-server/lib/utils': 'internal/shared-utils',
  'shared/lib/constants': 'constants',
  'lib/constants': 'constants',
  'pages/_app': 'app',
  'pages/_document': 'document',
  'pages/_error': 'error',
  'compiled/@edge-runtime/cookies': 'internal/request-cookies',
  'server/web/spec-extension/cookies': 'internal/request-cookies',
  'server/web/spec-extension/request': 'internal/spec-request',
  'server/web/spec-extension/response': 'internal/spec-response',
};

/** `next/dist/client/router.js` → the file standing for it; undefined for a module Stratus has no stand-in for. */
export function nextDistModulePath(specifier: string, dir = path.join(RUNTIME_DIR, 'next')): string | undefined {
  const name = specifier.replace(/^next\/dist\/(esm\/)?/, '').replace(/\.js$/, '');
  const file = Object.hasOwn(NEXT_DIST, name) ? NEXT_DIST[name] : undefined;
  return file && ['.ts', '.tsx'].map((ext) => path.join(dir, file + ext)).find((candidate) => existsSync(candidate));
}

/** Marks the plugin's own resolve call, so it does not meet itself. */
const ONE_REACT = Symbol('stratus-one-react');

/** `next/og`'s module, whose @vercel/og is the app's when it installs one. */
const OG_MODULE = path.join(RUNTIME_DIR, 'next', 'og.ts');

const FONT_FALLBACK = path.join(RUNTIME_DIR, 'next', 'font', 'fallback.ts');

/** The family names a file imports from next/font/google (`import { Inter, Roboto_Mono as mono }`). */
export function googleFamiliesImported(source: string): string[] {
  const names = new Set<string>();
  for (const found of source.matchAll(/import\s*(?:type\s+)?\{([^}]*)\}\s*from\s*['"]next\/font\/google['"]/g)) {
    for (const part of found[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!.trim();
      if (/^[A-Z][A-Za-z0-9_]*$/.test(name)) names.add(name);
    }
  }
  return [...names];
}

/** Files that imported next/font/google in this process's builds: the build warns once about them. */
export const fontImporters = new Set<string>();

/** React's CommonJS modules that server code imports on every render path. */
const FACADED = new Set(['react', 'react/jsx-runtime']);
const FACADE_NAMESPACE = 'stratus-esm-facade';

/**
 * An ES module over a CommonJS one: its exports read once, at load. esbuild reaches a
 * CommonJS module's named imports through a getter per use (`(0, r.jsx)(…)`, every JSX
 * element and hook call of a render: ~2 % of the server's time on a page of 50 rows).
 */
function facadeSource(file: string): string {
  const names = Object.keys(require(file) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  return [`const m = require(${JSON.stringify(file)});`, 'export default m;', names.length > 0 ? `export const { ${names.join(', ')} } = m;` : ''].join('\n');
}

/**
 * @param options.esmFacades ES-module facades over React's CommonJS entry points for the
 * app's and the runtime's `import`s (the render bundle; the browser build leaves them out:
 * a few more bytes for no gain there).
 */
export function runtimeAliasPlugin(options: { esmFacades?: boolean } = {}): Plugin {
  const modules = publicRuntimeModules();
  return {
    name: 'stratus-runtime-alias',
    setup(build) {
      // The render bundle (and any Node build of server code): it has the server-only modules.
      const server = build.initialOptions.platform === 'node';
      // One React for the runtime, the app and its libraries: an app folder with its own
      // react in node_modules (as every pages-router app has) would otherwise bundle a second
      // copy beside the runtime's, and hooks in its libraries (swr) fail: "reading 'useContext'".
      // styled-jsx too: the registry the server renders a page in is the one its `<style jsx>` find.
      build.onResolve({ filter: /^(react|react-dom|scheduler|styled-jsx)(\/.*)?$/ }, (args) =>
        args.pluginData === ONE_REACT
          ? undefined
          : build.resolve(args.path, { kind: args.kind, resolveDir: path.dirname(NODE_MODULES), importer: args.importer, pluginData: ONE_REACT }).then((r) => {
              if (r.errors.length > 0 || r.external) return undefined;
              // `require` keeps the module itself (React's own packages require each other), so there is
              // still one React. Libraries keep CommonJS' leniency: a name React lacks is undefined
              // there, not a build error (some import names only newer Reacts have).
              if (options.esmFacades && args.kind === 'import-statement' && FACADED.has(args.path) && !args.importer.includes(`${path.sep}node_modules${path.sep}`)) {
                return { path: r.path, namespace: FACADE_NAMESPACE };
              }
              return { path: r.path, sideEffects: r.sideEffects };
            }),
      );
      if (options.esmFacades) {
        build.onLoad({ filter: /.*/, namespace: FACADE_NAMESPACE }, (args) => ({ contents: facadeSource(args.path), loader: 'js', resolveDir: path.dirname(args.path) }));
      }
      build.onResolve({ filter: /^stratus\/[^/]+$/ }, (args) => {
        const name = args.path.slice('stratus/'.length);
        const file = modules.get(name);
        if (!file) {
          const names = [...modules.keys()].map((m) => `stratus/${m}`).join(', ');
          return { errors: [{ text: `Unknown module "${args.path}": Stratus provides ${names}.` }] };
        }
        return { path: file };
      });
      // next/font: stand-ins that give the family with a system fallback (fonts are not
      // fetched at build time). next/font/google exports a function per family, so the module
      // made for each importer exports the families that importer names.
      build.onResolve({ filter: /^next\/font\/(google|local)$/ }, (args) => {
        if (args.path === 'next/font/google') fontImporters.add(args.importer);
        return { path: `${args.path}:${args.importer}`, namespace: 'stratus-next-font' };
      });
      build.onLoad({ filter: /.*/, namespace: 'stratus-next-font' }, async (args) => {
        const fallback = JSON.stringify(FONT_FALLBACK);
        if (args.path.startsWith('next/font/local:')) {
          // The importer's font files, emitted by fontFilePlugin (local-font.ts), which both builds have.
          const importer = args.path.slice('next/font/local:'.length);
          return { contents: localFontModule(importer, await readFile(importer, 'utf8'), FONT_FALLBACK), loader: 'js', resolveDir: path.dirname(FONT_FALLBACK), watchFiles: [importer] };
        }
        const importer = args.path.slice('next/font/google:'.length);
        const families = googleFamiliesImported(await readFile(importer, 'utf8'));
        const lines = [`import { fontFor } from ${fallback};`, ...families.map((name) => `export const ${name} = (options) => fontFor(${JSON.stringify(name.replace(/_/g, ' '))}, options);`)];
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(FONT_FALLBACK) };
      });
      // URLPattern's polyfill is pure (it sets no global itself): bundled only where a middleware uses it.
      build.onResolve({ filter: /^urlpattern-polyfill\/urlpattern$/ }, (args) =>
        args.pluginData === ONE_REACT
          ? undefined
          : build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: ONE_REACT }).then((r) => (r.errors.length > 0 ? undefined : { path: r.path, sideEffects: false })),
      );
      // next/og's package: the app's own @vercel/og (its version), else Stratus's (nodePaths).
      build.onResolve({ filter: /^@vercel\/og$/ }, (args) =>
        args.importer !== OG_MODULE || args.pluginData === ONE_REACT
          ? undefined
          : build.resolve(args.path, { kind: args.kind, resolveDir: build.initialOptions.absWorkingDir ?? process.cwd(), importer: args.importer, pluginData: ONE_REACT }).then((r) => (r.errors.length > 0 ? undefined : { path: r.path, sideEffects: r.sideEffects })),
      );
      build.onResolve({ filter: /^next\/dist\// }, (args) => {
        const file = nextDistModulePath(args.path);
        if (file) return { path: file };
        const known = Object.keys(NEXT_DIST).filter((name) => !name.startsWith('next-server/')).map((name) => `next/dist/${name}`).join(', ');
        return { errors: [{ text: `"${args.path}" is one of Next's internal modules, which Stratus does not provide; it provides ${known}, and the public next/* modules. Import the public module (next/router, next/head, …) instead.` }] };
      });
      build.onResolve({ filter: /^next(\/.*)?$/ }, (args) => {
        // `next/router.js`, as ES-module packages spell it (nuqs, @vercel/analytics).
        const specifier = args.path.replace(/\.js$/, '');
        const unprovided = NOT_PROVIDED[specifier] !== undefined || (SERVER_ONLY[specifier] !== undefined && !server);
        const file = unprovided ? undefined : nextModulePath(specifier);
        if (file) return { path: file };
        // A library's App Router code path (next-auth's route handler requires next/headers), or its server-only one in
        // the browser: a module whose functions say so if called, as pages never reach it. The app's own import is an error now.
        if (unprovided && args.importer.includes(`${path.sep}node_modules${path.sep}`)) return { path: specifier, namespace: NOT_PROVIDED_NAMESPACE };
        if (unprovided) return { errors: [{ text: `${unavailable(specifier).replace(specifier, args.path)}.` }] };
        const provided = 'Stratus provides next/link, next/router, next/compat/router, next/navigation (its pages-router hooks), next/head, next/image, next/legacy/image, next/dynamic, next/script, next/app, next/document, next/error, next/config, next/server, next/og (server code) and the types of "next"';
        return { errors: [{ text: `"${args.path}" is not provided by Stratus: ${provided}.` }] };
      });
      build.onLoad({ filter: /.*/, namespace: NOT_PROVIDED_NAMESPACE }, (args) => ({ contents: notProvidedModule(args.path), loader: 'js' }));
    },
  };
}
