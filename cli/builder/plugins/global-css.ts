/**
 * esbuild plugin: the pages router's rule for global CSS. A stylesheet that is not a CSS
 * Module applies to every page, so the app's own global CSS is imported by `pages/_app`
 * alone; any other file importing one fails the build, saying how to fix it. A stylesheet
 * from `node_modules` (a library's CSS) may be imported anywhere, and a library may import
 * its own CSS, as with Next.js: both are outside the rule.
 *
 * @example
 * plugins: [globalCssPlugin({ appDir, appFile: special._app })]
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { CSS_MODULE_FILE, STYLESHEET_FILE } from '../stylesheets';

const IN_NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/** Marks the plugin's own resolve call, so it does not meet itself. */
const SELF = Symbol('stratus-global-css');

/** The build error's text: what imports what, and the two ways out. */
export function globalCssMessage(importer: string, specifier: string, appFile: string | undefined): string {
  const extension = path.posix.extname(specifier);
  const base = path.posix.basename(specifier, extension);
  const app = appFile ?? 'pages/_app.js';
  return (
    `${importer} imports the global stylesheet ${specifier}, and global CSS may only be imported by ${app} (it applies to every page). ` +
    `Move the import into ${app}${appFile ? '' : ' (create it)'}, or rename the file to ${base}.module${extension} and use its class names (a CSS Module, scoped to where it is imported).`
  );
}

export function globalCssPlugin(options: { appDir: string; /** `pages/_app.*`, relative to the app; absent without one. */ appFile?: string }): Plugin {
  const appDir = path.resolve(options.appDir);
  const appFile = options.appFile ? path.join(appDir, options.appFile) : undefined;
  return {
    name: 'stratus-global-css',
    setup(build) {
      build.onResolve({ filter: STYLESHEET_FILE }, async (args) => {
        if (args.pluginData === SELF || CSS_MODULE_FILE.test(args.path) || args.kind === 'import-rule' || args.kind === 'url-token') return undefined;
        if (!args.importer.startsWith(appDir + path.sep) || args.importer.includes(IN_NODE_MODULES) || args.importer === appFile) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SELF });
        if (resolved.errors.length > 0 || resolved.path.includes(IN_NODE_MODULES)) return undefined;
        const importer = path.relative(appDir, args.importer).split(path.sep).join('/');
        return { errors: [{ text: globalCssMessage(importer, args.path, options.appFile) }] };
      });
    },
  };
}
