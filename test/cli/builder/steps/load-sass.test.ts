/**
 * Sass, as `next build` compiles it once the app installs `sass`: global `.scss`/`.sass` from
 * `_app`, `.module.scss` with class names the server and the browser agree on, `:export`ed
 * variables, partials, imports from node_modules (`~pkg/…` and `pkg/…`), `sassOptions`
 * (`additionalData`, `includePaths`, `implementation`), and errors that say where and how
 * to fix. The app's `sass` is this repository's, linked into the temporary app.
 */
import { readFileSync, symlinkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { nodeModulesUrl, sassCompiler } from '../../../../cli/builder/steps/load-sass';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

const SASS = path.join(__dirname, '../../../../node_modules/sass');

/** A temporary app whose node_modules holds the real `sass` (unless `withSass` is false). */
function sassApp(files: Record<string, string>, withSass = true): string {
  const dir = tempApp(files, 'stratus-sass-');
  if (withSass) {
    mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
    symlinkSync(SASS, path.join(dir, 'node_modules/sass'), 'dir');
  }
  return dir;
}

const APP = {
  'pages/_app.js': "import '../styles/global.scss';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
  'styles/global.scss': "@use 'sass:math';\n@import 'theme/colors';\n@import '~fake-ui/scss/reset';\n$pad: 8px;\nbody { padding: math.div($pad, 2); nav { color: $brand; } }\n",
  'styles/theme/_colors.scss': '$brand: rgb(1, 2, 3);\n.dotted { background: url(./dot.png); }\n',
  // A partial's url() names a file beside the partial (bytes the file loader copies as they are).
  'styles/theme/dot.png': 'dot bytes',
  'node_modules/fake-ui/package.json': '{ "name": "fake-ui", "version": "1.0.0" }\n',
  'node_modules/fake-ui/scss/_reset.scss': '.fake-reset { margin: 0; }\n',
  'pages/index.js':
    "import styles from './home.module.scss';\nimport vars from '../styles/vars.module.sass';\n" +
    'export default function Home() { return <main><h1 className={styles.title}>home</h1><p data-accent={vars.accent}>{vars.gap}</p></main>; }\n',
  'pages/home.module.scss': "@import '../styles/theme/colors';\n.title { color: $brand; &:hover { color: blue; } }\n",
  'styles/vars.module.sass': '$accent: #64ff00\n:export\n  accent: $accent\n  gap: 12px\n',
};

test('global Sass from _app and Sass CSS Modules build, with partials, node_modules imports and :export; the server names classes as the browser does', async () => {
  const dir = sassApp(APP);
  const lines: string[] = [];
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (line) => lines.push(line) });
  // Sass's deprecation of @import, said once for its places (the module's counted once, though both bundles compile it), with how to hide it.
  expect(lines.filter((line) => line.includes('Sass:'))).toEqual([
    "  warning: Sass: Sass @import rules are deprecated and will be removed in Dart Sass 3.0.0. (at pages/home.module.scss:1, styles/global.scss:2, styles/global.scss:3; sassOptions.silenceDeprecations: ['import'] hides it)",
  ]);
  const css = (url: string) => readFileSync(path.join(outDir, 'assets', url), 'utf8');
  const global = css(manifest.styles[0]!);
  expect(global).toContain('body{padding:4px}');
  expect(global).toContain('body nav{color:#010203}');
  expect(global).toContain('.fake-reset{margin:0}');
  const media = /\.dotted\{background:url\("(\/_app\/static\/media\/dot-\w+\.png)"\)\}/.exec(global)?.[1];
  expect(media && readFileSync(path.join(outDir, 'assets', media), 'utf8')).toBe('dot bytes');
  const pageCss = css(manifest.pageStyles!['/']![0]!);
  const className = /\.(title_[\w-]+)\{color:#010203\}/.exec(pageCss)?.[1];
  expect(className).toBeDefined();
  expect(pageCss).toContain(`.${className}:hover{color:#00f}`);
  expect(pageCss).not.toContain(':export');
  const html = prerenderedHtml(outDir, '/');
  expect(html).toContain(`<h1 class="${className}">home</h1>`);
  expect(html).toContain('<p data-accent="#64ff00">12px</p>');
});

test("sassOptions: additionalData before every file, includePaths for imports, another implementation by name; prependData is additionalData's older name", async () => {
  const files = {
    'next.config.js':
      "const path = require('path');\nmodule.exports = { sassOptions: { additionalData: '$accent: rgb(4, 5, 6);', includePaths: [path.join(__dirname, 'shared')], implementation: 'sass-alias' } };\n",
    'shared/_mixins.scss': '@mixin boxed { border: 1px solid $accent; }\n',
    'pages/_app.js': "import '../styles/global.scss';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'styles/global.scss': "@import 'mixins';\n.box { @include boxed; }\n",
    'pages/index.js': 'export default function Home() { return <p>home</p>; }\n',
    // `implementation` names a package the app has: here one that forwards to sass and says it ran.
    'node_modules/sass-alias/package.json': '{ "name": "sass-alias", "version": "1.0.0" }\n',
    'node_modules/sass-alias/index.js': "const sass = require('sass');\nmodule.exports = { compileString: (s, o) => { const r = sass.compileString(s, o); return { ...r, css: r.css + '.via-alias{order:1}' }; } };\n",
  };
  const dir = sassApp(files);
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const global = readFileSync(path.join(outDir, 'assets', manifest.styles[0]!), 'utf8');
  expect(global).toContain('.box{border:1px solid rgb(4,5,6)}');
  expect(global).toContain('.via-alias{order:1}');

  const older = sassApp({ ...files, 'next.config.js': "module.exports = { sassOptions: { prependData: '$accent: red;', includePaths: ['shared'] } };\n" });
  const built = await build({ appDir: older, outDir: path.join(older, '.stratus'), imageLambda: false });
  expect(readFileSync(path.join(built.outDir, 'assets', built.manifest.styles[0]!), 'utf8')).toContain('.box{border:1px solid red}');
});

test('without the sass package, a Sass file stops the build saying what to install; an app without Sass files needs none', async () => {
  const dir = sassApp(APP, false);
  await expect(build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false })).rejects.toThrow(
    /styles\/global\.scss is a Sass stylesheet, and compiling it needs the sass package in the app: npm install --save-dev sass/,
  );
  const plain = sassApp({ 'pages/index.js': 'export default function Home() { return <p>home</p>; }\n' }, false);
  await expect(build({ appDir: plain, outDir: path.join(plain, '.stratus'), imageLambda: false })).resolves.toBeDefined();
});

test("a Sass error names the file and line (in the app's own numbering, after additionalData) and the message", async () => {
  const dir = sassApp({ ...APP, 'pages/home.module.scss': '.title {\n  color: $missing;\n}\n' });
  await expect(build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false })).rejects.toThrow(/pages\/home\.module\.scss:2:10: Undefined variable\. \(Sass\)/);
  const compile = sassCompiler(dir, { additionalData: '$a: 1;\n$b: 2;' });
  expect(() => compile(path.join(dir, 'pages/home.module.scss'))).toThrow(/^pages\/home\.module\.scss:2:10: Undefined variable/);
  const badPrefix = sassCompiler(dir, { additionalData: '$a: ;' });
  expect(() => badPrefix(path.join(dir, 'styles/theme/_colors.scss'))).toThrow(/^sassOptions\.additionalData \(before styles\/theme\/_colors\.scss\), line 1: /);
});

test('a global Sass file imported outside _app is refused as global CSS is, with the .module.scss fix', async () => {
  const dir = sassApp({ ...APP, 'pages/index.js': "import '../styles/global.scss';\nexport default function Home() { return <p>home</p>; }\n" });
  await expect(build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false })).rejects.toThrow(/rename the file to global\.module\.scss/);
});

test('node_modules imports: ~ and bare package paths, a package alone by its sass or style field; relative, absolute and URL imports are left to Sass', () => {
  const dir = sassApp({
    ...APP,
    'node_modules/@scope/kit/package.json': '{ "name": "@scope/kit", "sass": "src/kit.scss" }\n',
    'node_modules/styled-only/package.json': '{ "name": "styled-only", "style": "dist/all.css" }\n',
  });
  const from = path.join(dir, 'styles');
  expect(nodeModulesUrl('~fake-ui/scss/reset', from)?.pathname).toBe(path.join(dir, 'node_modules/fake-ui/scss/reset'));
  expect(nodeModulesUrl('fake-ui/scss/reset', from)?.pathname).toBe(path.join(dir, 'node_modules/fake-ui/scss/reset'));
  expect(nodeModulesUrl('~@scope/kit', from)?.pathname).toBe(path.join(dir, 'node_modules/@scope/kit/src/kit.scss'));
  expect(nodeModulesUrl('styled-only', from)?.pathname).toBe(path.join(dir, 'node_modules/styled-only/dist/all.css'));
  for (const left of ['./local', '../up', '/abs/file', 'https://example.com/x.css', 'not-installed/x', '~', '@scope', '~@scope/../../etc']) {
    expect(nodeModulesUrl(left, from)).toBeNull();
  }
});
