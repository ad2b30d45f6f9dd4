/**
 * A next.config that requires `webpack`, itself or through a wrapper that does as it loads
 * (next-pwa through workbox-webpack-plugin, @sentry/webpack-plugin), builds and serves: the
 * app's webpack when it has one, else a stand-in whose plugins do nothing
 * (cli/builder/webpack-stand-in.ts); the config's `webpack()` is still only a warning, which
 * says what a known wrapper's does not do. Apps are built and served by `stratus start`, as a
 * user runs it: the stand-in is on Node's own module resolution, which jest replaces in-process.
 */
import { standInFor, STAND_IN_VERSION, webpackStandIn } from '../../../../cli/builder/webpack-stand-in';
import { startLocalServer, type LocalServer } from '../../../helpers/local-server';
import { tempApp } from '../../../helpers/temp-app';

const servers: LocalServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop())));

async function serve(files: Record<string, string>): Promise<{ server: LocalServer; page: string; warnings: string[] }> {
  const server = await startLocalServer(tempApp(files, 'stratus-webpack-'));
  servers.push(server);
  const answer = await fetch(`${server.base}/`);
  expect(answer.status).toBe(200);
  const warnings = server.output().split('\n').filter((line) => line.includes('warning: ')).map((line) => line.trim());
  return { server, page: await answer.text(), warnings };
}

const PAGE = "export default function Home() { return <p id=\"loaded\">{process.env.LOADED}</p>; }\nexport function getServerSideProps() { return { props: {} }; }\n";
const GENERIC = 'warning: next.config.js: webpack has no effect in Stratus (it builds with its own bundler and serves with its own functions); what it does with loaders and aliases goes in turbopack.rules and turbopack.resolveAlias, which Stratus runs';

test("a config that requires webpack and uses its plugins in webpack() (and one at load) builds and serves; webpack() is a warning", async () => {
  const { page, warnings } = await serve({
    'next.config.js': `const webpack = require('webpack');
      // Constructed as the config loads, outside webpack(): the stand-in's plugins construct and do nothing.
      const ignoreLocales = new webpack.IgnorePlugin({ resourceRegExp: /^\\.\\/locale$/, contextRegExp: /moment$/ });
      module.exports = {
        env: { LOADED: 'config loaded with ' + typeof ignoreLocales.apply },
        webpack: (config) => { config.plugins.push(new webpack.DefinePlugin({ __X__: '1' }), ignoreLocales); return config; },
      };`,
    'pages/index.js': PAGE,
  });
  expect(page).toContain('<p id="loaded">config loaded with function</p>');
  expect(warnings).toEqual([GENERIC]);
}, 120_000);

test('a wrapper package that requires webpack, webpack/lib/… and webpack-sources as it loads (next-pwa-like): the app builds and serves, and the warning says no service worker is made', async () => {
  const { page, warnings } = await serve({
    'node_modules/next-pwa/package.json': JSON.stringify({ name: 'next-pwa', version: '5.6.0', main: 'index.js' }),
    // What next-pwa 5, workbox-webpack-plugin 4–7 and @sentry/webpack-plugin read of webpack when they load.
    'node_modules/next-pwa/index.js': `
      const __importDefault = (mod) => (mod && mod.__esModule ? mod : { default: mod });
      const __importStar = (mod) => { if (mod && mod.__esModule) return mod; const result = {}; for (const k in mod) if (k !== 'default' && Object.prototype.hasOwnProperty.call(mod, k)) result[k] = mod[k]; result.default = mod; return result; };
      const webpack_1 = __importDefault(require('webpack'));
      const { RawSource } = webpack_1.default.sources || require('webpack-sources');
      const SingleEntryPlugin = webpack_1.default.EntryPlugin || webpack_1.default.SingleEntryPlugin;
      const LegacyEntryPlugin = require('webpack/lib/SingleEntryPlugin');
      const { ConcatSource } = require('webpack-sources');
      const star = __importStar(require('webpack'));
      const BannerPlugin = star.BannerPlugin || (star.default && star.default.BannerPlugin);
      if (webpack_1.default.version.startsWith('4.')) throw new Error('webpack 4');
      const version = require('webpack/package.json').version.split('.')[0];
      module.exports = (pluginOptions = {}) => (nextConfig = {}) => Object.assign({}, nextConfig, {
        env: { ...nextConfig.env, LOADED: ['webpack ' + version, typeof RawSource, typeof SingleEntryPlugin, typeof LegacyEntryPlugin, typeof ConcatSource, typeof BannerPlugin].join(' ') },
        webpack(config, options) {
          config.plugins.push(new options.webpack.DefinePlugin({ __PWA_SW__: JSON.stringify('/' + (pluginOptions.sw || 'sw.js')) }));
          return config;
        },
      });`,
    'next.config.js': "const withPWA = require('next-pwa')({ dest: 'public' });\nmodule.exports = withPWA({ reactStrictMode: true });\n",
    'pages/index.js': PAGE,
  });
  expect(page).toContain('<p id="loaded">webpack 5 function function function function function</p>');
  expect(warnings).toEqual([
    `${GENERIC}. next-pwa does its work in webpack, so no service worker is generated or registered: put one in public/ (by hand, or generated before \`stratus build\` with workbox-cli's generateSW) and register it from pages/_app (navigator.serviceWorker.register).`,
  ]);
}, 120_000);

test("an app that installs webpack gets its own, for the config and the packages it loads; a file its webpack lacks is not found", async () => {
  const { page, warnings } = await serve({
    'node_modules/webpack/package.json': JSON.stringify({ name: 'webpack', version: '5.1.0', main: 'lib/index.js' }),
    'node_modules/webpack/lib/index.js': "module.exports = { whose: \"the app's\", DefinePlugin: class DefinePlugin {} };",
    'node_modules/next-pwa/package.json': JSON.stringify({ name: 'next-pwa', version: '5.6.0', main: 'index.js' }),
    'node_modules/next-pwa/index.js': `const webpack = require('webpack');
      module.exports = () => (nextConfig = {}) => ({ ...nextConfig, webpack: (config) => config, env: { ...nextConfig.env, WRAPPER_SAW: webpack.whose } });`,
    'next.config.js': `const webpack = require('webpack');
      let missing = 'found';
      try { require('webpack/lib/NotInTheAppsWebpack'); } catch (error) { missing = error.code; }
      const withPWA = require('next-pwa')({ dest: 'public' });
      module.exports = withPWA({ env: { CONFIG_SAW: webpack.whose + ', ' + missing } });`,
    'pages/index.js': "export default function Home() { return <p id=\"loaded\">{process.env.CONFIG_SAW} / {process.env.WRAPPER_SAW}</p>; }\nexport function getServerSideProps() { return { props: {} }; }\n",
  });
  expect(page).toMatch(/<p id="loaded">the app&#x27;s, MODULE_NOT_FOUND(<!-- -->)? \/ (<!-- -->)?the app&#x27;s<\/p>/);
  // The wrapper's webpack() has no effect with the app's webpack either: the warning says what it does not do.
  expect(warnings).toEqual([expect.stringMatching(/^warning: next\.config\.js: webpack has no effect in Stratus .*\. next-pwa does its work in webpack, so no service worker is generated or registered: /)]);
}, 120_000);

describe('the stand-in', () => {
  test("is webpack 5 to a wrapper: its version, plugin classes that construct and apply nothing, namespaces, and one class by each name whichever way it is required", () => {
    const webpack = webpackStandIn as unknown as Record<string, any>;
    expect(webpack.version).toBe(STAND_IN_VERSION);
    expect(webpack.webpack).toBe(webpack);
    const plugin = new webpack.DefinePlugin({ X: '1' });
    expect(plugin.constructor.name).toBe('DefinePlugin');
    expect(plugin.apply({ hooks: {} })).toBeUndefined();
    for (const name of ['ProvidePlugin', 'IgnorePlugin', 'NormalModuleReplacementPlugin', 'ContextReplacementPlugin', 'EnvironmentPlugin', 'BannerPlugin']) {
      expect(typeof webpack[name]).toBe('function');
      expect(Object.keys(webpack)).toContain(name);
    }
    // A plugin a newer webpack adds, and the namespaces' classes.
    expect(new webpack.SomeFuturePlugin()).toBeInstanceOf(webpack.SomeFuturePlugin);
    expect(typeof webpack.sources.RawSource).toBe('function');
    expect(typeof webpack.optimize.LimitChunkCountPlugin).toBe('function');
    expect(webpack.ModuleFilenameHelpers.matchPart('static/chunks/a.js', /\.js$/)).toBe(true);
    // Not a promise, not an ES module: `await` and interop helpers take it as it is.
    expect(webpack.then).toBeUndefined();
    expect(webpack.__esModule).toBeUndefined();
    expect(standInFor('webpack/lib/DefinePlugin')).toBe(webpack.DefinePlugin);
    expect(standInFor('webpack/lib/optimize/LimitChunkCountPlugin.js')).toBe(webpack.optimize.LimitChunkCountPlugin);
    expect(standInFor('webpack/lib/webpack.js')).toBe(webpack);
    expect(standInFor('webpack/package.json')).toMatchObject({ name: 'webpack', version: STAND_IN_VERSION });
    expect(standInFor('webpack-sources')).toBe(webpack.sources);
    expect(standInFor('webpack-sources/lib/RawSource')).toBe(webpack.sources.RawSource);
    expect(standInFor('webpackbar')).toBeUndefined();
  });

  test('running webpack itself throws, saying why', () => {
    expect(() => (webpackStandIn as unknown as (options: object) => void)({ entry: './sw.js' })).toThrow(/Stratus does not bundle with webpack: `webpack` here is a stand-in .* Install webpack in the app if the config must run it\./);
  });
});
