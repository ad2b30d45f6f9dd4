/**
 * esbuild plugin for the browser build: Node's modules that the pages router lets browser
 * code import (`url`, `path`, `stream`, `crypto`, `zlib`, `http`, … the list below) resolve to
 * the browser versions Next ships for them (`native-url`, `stream-browserify`,
 * `crypto-browserify`, …), Stratus's copies, bundled only into apps that import one. A
 * library's import goes where its own package.json's `browser` field sends it first (`"crypto":
 * false`), as webpack's fallbacks apply only where nothing else resolves. Any other Node module
 * imported by the app's browser code fails the build saying where it may be used instead
 * (data functions and API routes run on the server).
 *
 * @example
 * plugins: [nodeBuiltinsPlugin()]
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { NODE_MODULES } from '../../paths';

/** Node module → the package that stands for it in the browser, as Next's build maps them. */
export const BROWSER_VERSIONS: ReadonlyMap<string, string> = new Map([
  ['url', 'native-url'],
  ['path', 'path-browserify'],
  ['querystring', 'querystring-es3'],
  ['events', 'events/'],
  ['util', 'util/'],
  ['buffer', 'buffer/'],
  ['process', 'process/browser.js'],
  ['string_decoder', 'string_decoder/'],
  ['punycode', 'punycode/'],
  ['assert', 'assert/'],
  ['constants', 'constants-browserify'],
  ['crypto', 'crypto-browserify'],
  ['domain', 'domain-browser'],
  ['http', 'stream-http'],
  ['https', 'https-browserify'],
  ['os', 'os-browserify/browser.js'],
  ['stream', 'stream-browserify'],
  ['sys', 'util/'],
  ['timers', 'timers-browserify'],
  ['tty', 'tty-browserify'],
  ['vm', 'vm-browserify'],
  ['zlib', 'browserify-zlib'],
]);

const BUILTIN = new Set(builtinModules);
/** Marks the plugin's own resolve call, so it does not meet itself. */
const SELF = Symbol('stratus-node-builtins');

export function nodeBuiltinsPlugin(): Plugin {
  const names = [...BUILTIN].filter((name) => !name.startsWith('_')).map((name) => name.replace(/[/]/g, '\\/'));
  return {
    name: 'stratus-node-builtins',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(?:node:)?(?:${names.join('|')})$`) }, async (args) => {
        if (args.pluginData === SELF) return undefined;
        const name = args.path.replace(/^node:/, '');
        const stand = BROWSER_VERSIONS.get(name);
        const library = args.importer.includes(`${path.sep}node_modules${path.sep}`);
        if (stand && library) {
          // The library's own mapping (its `browser` field), else the browser version.
          const own = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SELF });
          if (own.errors.length === 0) return undefined;
        }
        if (stand) {
          const resolved = await build.resolve(stand, { kind: args.kind, resolveDir: path.dirname(NODE_MODULES), importer: args.importer, pluginData: SELF });
          return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
        }
        // A library's own imports keep esbuild's handling (its package.json's "browser" field may map them away).
        if (library) return undefined;
        return {
          errors: [
            {
              text: `"${args.path}" is a Node.js module, and this file is part of the browser's code. Use it in getStaticProps, getServerSideProps or an API route (code there stays on the server), or a package made for the browser. (Node modules with a browser version here: ${[...BROWSER_VERSIONS.keys()].join(', ')}.)`,
            },
          ],
        };
      });
    },
  };
}
