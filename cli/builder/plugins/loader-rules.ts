/**
 * esbuild plugin: files a `turbopack.rules` rule turns into code (`as: '*.js'`: an SVG as a
 * React component by `@svgr/webpack`, Markdown by a loader, a text file by `raw-loader`) are
 * taken from the rule's loaders rather than loaded as their extension would be (an `.svg`
 * import would otherwise be an image). Stylesheets are left to the CSS plugins, which run the
 * same rules (stylesheets.ts).
 *
 * @example
 * plugins: rules ? [loaderRulesPlugin(rules, { browser: true })] : []
 */
import path from 'node:path';
import type { Loader, Plugin } from 'esbuild';
import type { LoaderRules, RuleEnvironment, RuleOutput } from '../loader-rules';
import { STYLESHEET_FILE } from '../stylesheets';

const NAMESPACE = 'stratus-loader-rule';
/** Marks the plugin's own resolve call, so it does not meet itself. */
const SELF = Symbol('stratus-loader-rules');
const LOADERS: Record<RuleOutput, Loader> = { jsx: 'jsx', tsx: 'tsx', ts: 'ts', json: 'json', text: 'text', binary: 'binary', file: 'file', css: 'css', 'css-module': 'local-css' };
const IMPORTS = new Set(['import-statement', 'require-call', 'dynamic-import', 'require-resolve']);

export function loaderRulesPlugin(
  rules: LoaderRules,
  environment: RuleEnvironment,
  /** The browser build's pages (`pages/about.mdx`): their data functions left out, as for any page. */
  pages?: { dir: string; strip(code: string, loader: 'jsx' | 'tsx' | 'ts'): string },
): Plugin {
  return {
    name: 'stratus-loader-rules',
    setup(build) {
      build.onResolve({ filter: rules.filter }, async (args) => {
        // Only imports as written: another plugin's own resolve call (an alias's target) must not come back
        // here and go to that plugin again, each marking the call as its own (an endless round).
        if (args.pluginData !== undefined || !IMPORTS.has(args.kind)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SELF });
        if (resolved.errors.length > 0 || resolved.external || !path.isAbsolute(resolved.path)) return undefined;
        let output: RuleOutput | undefined;
        try {
          output = rules.outputOf(resolved.path, environment);
        } catch (error) {
          return { errors: [{ text: (error as Error).message }] };
        }
        // Stylesheets go through the CSS plugins, which apply the rules themselves.
        if (output === undefined || ((output === 'css' || output === 'css-module') && STYLESHEET_FILE.test(resolved.path))) return undefined;
        return { path: resolved.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        try {
          const result = (await rules.apply(args.path, environment))!;
          const code = result.output === 'jsx' || result.output === 'tsx' || result.output === 'ts' ? result.output : undefined;
          if (pages && code && args.path.startsWith(pages.dir)) {
            return { contents: pages.strip(result.contents.toString(), code), loader: 'js', resolveDir: path.dirname(args.path), watchFiles: result.dependencies };
          }
          return { contents: result.contents, loader: LOADERS[result.output], resolveDir: path.dirname(args.path), watchFiles: result.dependencies };
        } catch (error) {
          return { errors: [{ text: (error as Error).message }] };
        }
      });
    },
  };
}
