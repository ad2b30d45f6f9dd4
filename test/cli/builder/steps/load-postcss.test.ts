/**
 * The app's PostCSS config, as `next build` runs it (Tailwind CSS, autoprefixer): global
 * CSS and CSS Modules go through its plugins, loaded from the app's node_modules with the
 * config's options, in the app's folder. A stand-in `postcss` keeps the test offline.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { loadPostcss } from '../../../../cli/builder/steps/load-postcss';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

/** A postcss with its API's shape (`postcss(plugins).process(css, { from })`), running each plugin's `run`. */
const FAKE_POSTCSS = 'module.exports = (plugins) => ({ process: async (css, options) => ({ css: plugins.reduce((text, plugin) => plugin.run(text, options.from), css) }) });\n';
/** Replaces `brand` with the configured colour and records the folder it ran in. */
const BRAND_PLUGIN =
  'module.exports = (options) => ({ run: (css) => css.replace(/\\bbrand\\b/g, options.color) + `.ran-in{--cwd:"${process.cwd()}"}` });\n';

const APP = {
  'node_modules/postcss/package.json': '{ "name": "postcss", "version": "8.0.0" }\n',
  'node_modules/postcss/index.js': FAKE_POSTCSS,
  'node_modules/postcss-brand/package.json': '{ "name": "postcss-brand", "version": "1.0.0" }\n',
  'node_modules/postcss-brand/index.js': BRAND_PLUGIN,
  'postcss.config.js': "module.exports = { plugins: { 'postcss-brand': { color: 'rgb(1, 2, 3)' } } };\n",
  'styles/globals.css': 'body { color: brand; }\n',
  'styles/Title.module.css': '.title { border-color: brand; }\n',
  'pages/_app.js': "import '../styles/globals.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
  'pages/index.js': "import styles from '../styles/Title.module.css';\nexport default function Home() { return <h1 className={styles.title}>home</h1>; }\n",
};

test("global CSS and CSS Modules go through the config's plugins, with its options, in the app's folder; class names agree with the server's", async () => {
  const dir = tempApp(APP, 'stratus-postcss-');
  const lines: string[] = [];
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (l) => lines.push(l) });
  expect(lines).toContain("  CSS through the app's PostCSS config");
  const css = (url: string) => readFileSync(path.join(outDir, 'assets', url), 'utf8');
  expect(css(manifest.styles[0]!)).toContain('body{color:#010203}');
  expect(css(manifest.styles[0]!)).toContain(`--cwd:"${realpathSync(dir)}"`);
  const moduleCss = css(manifest.pageStyles!['/']![0]!);
  const className = /\.(title_[\w-]+)\{border-color:#010203\}/.exec(moduleCss)?.[1];
  expect(className).toBeDefined();
  const html = prerenderedHtml(outDir, '/');
  expect(html).toContain(`<h1 class="${className}">home</h1>`);
  expect(readdirSync(path.join(outDir, 'lambdas/render')).some((f) => f.endsWith('.css'))).toBe(false);
});

test('a plugin the app has not installed, or no postcss package: the build says what to install', async () => {
  const cache = (dir: string) => path.join(dir, '.cache');
  const missingPlugin = tempApp({ ...APP, 'postcss.config.js': 'module.exports = { plugins: { "postcss-preset-env": {}, autoprefixer: {} } };\n' });
  await expect(loadPostcss(missingPlugin, cache(missingPlugin))).rejects.toThrow(
    `postcss.config.js names the PostCSS plugin "postcss-preset-env", which is not installed in ${missingPlugin}: npm install --save-dev postcss-preset-env.`,
  );
  const noPostcss = tempApp({ 'postcss.config.js': 'module.exports = { plugins: {} };\n' });
  await expect(loadPostcss(noPostcss, cache(noPostcss))).rejects.toThrow('postcss.config.js is there but the app has no postcss package');
  expect(await loadPostcss(tempApp({}), cache(noPostcss))).toBeUndefined();
});
