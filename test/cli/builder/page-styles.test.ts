/**
 * The build splits CSS as the pages router does: `_app`'s CSS in the stylesheet every page
 * links, each page's own CSS in a stylesheet of its own (manifest `pageStyles`), and no
 * stylesheet holding every page's CSS.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { tempApp } from '../../helpers/temp-app';
import { prerenderedHtml } from '../../helpers/prerendered';

test("_app's CSS, then one stylesheet per page that imports CSS; the error pages' too", async () => {
  const dir = tempApp({
    'pages/_app.js': "import '../styles/global.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'styles/global.css': 'body { margin: 3px; }\n',
    'pages/index.js': "import styles from './home.module.css';\nexport default function Home() { return <h1 className={styles.title}>home</h1>; }\n",
    'pages/home.module.css': '.title { color: red; }\n',
    'pages/plain.js': 'export default function Plain() { return <p>plain</p>; }\n',
    'pages/404.js': "import styles from './missing.module.css';\nexport default function Missing() { return <p className={styles.gone}>gone</p>; }\n",
    'pages/missing.module.css': '.gone { color: grey; }\n',
  });
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const chunks = path.join(outDir, 'assets/_app/static/chunks');
  const read = (url: string) => readFileSync(path.join(outDir, 'assets', url), 'utf8');

  expect(manifest.styles).toEqual([expect.stringMatching(/^\/_app\/static\/chunks\/app-\w+\.css$/)]);
  expect(read(manifest.styles[0]!)).toMatch(/^body\{margin:3px\}\s*$/);
  expect(Object.keys(manifest.pageStyles ?? {}).sort()).toEqual(['/', '/404']);
  expect(read(manifest.pageStyles!['/']![0]!)).toMatch(/^\.title_\w+\{color:red\}\s*$/);
  expect(read(manifest.pageStyles!['/404']![0]!)).toMatch(/^\.gone_\w+\{color:gray\}\s*$/);
  // The stylesheets the manifest names are all there is.
  const shipped = readdirSync(chunks).filter((f) => f.endsWith('.css')).map((f) => `/_app/static/chunks/${f}`);
  expect(shipped.sort()).toEqual([...manifest.styles, ...Object.values(manifest.pageStyles!).flat()].sort());

  const html = prerenderedHtml(outDir, '/');
  const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  expect(links).toEqual([manifest.styles[0], manifest.pageStyles!['/']![0]]);
  const plain = prerenderedHtml(outDir, '/plain');
  expect([...plain.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual(manifest.styles);
});

/** The original file and line of a stylesheet's first rule, through its source map. */
function firstRuleSource(outDir: string, url: string): { file: string; line: number } {
  const { SourceMap } = require('node:module') as typeof import('node:module');
  const map = JSON.parse(readFileSync(path.join(outDir, 'sourcemaps', `${url}.map`), 'utf8'));
  const entry = new SourceMap(map).findEntry(0, 0) as { originalSource: string; originalLine: number };
  return { file: path.basename(entry.originalSource), line: entry.originalLine };
}

test("a page's stylesheet leaves out what _app's holds (a library's CSS both import), and its map points at the page's own file", async () => {
  const dir = tempApp({
    'node_modules/widgets/widgets.css': '.widget { padding: 1px; }\n',
    'pages/_app.js': "import 'widgets/widgets.css';\nimport '../styles/global.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'styles/global.css': 'body { margin: 3px; }\n',
    'pages/index.js': "import 'widgets/widgets.css';\nimport styles from './home.module.css';\nexport default function Home() { return <h1 className={styles.title}>home</h1>; }\n",
    'pages/home.module.css': '.title { color: red; }\n',
    'pages/other.js': "import 'widgets/widgets.css';\nexport default function Other() { return <p>other</p>; }\n",
  });
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const read = (url: string) => readFileSync(path.join(outDir, 'assets', url), 'utf8');
  expect(read(manifest.styles[0]!)).toMatch(/^\.widget\{padding:1px\}body\{margin:3px\}\s*$/);
  // /other imports nothing _app does not: no stylesheet of its own.
  expect(Object.keys(manifest.pageStyles ?? {})).toEqual(['/']);
  expect(read(manifest.pageStyles!['/']![0]!)).toMatch(/^\.title_\w+\{color:red\}\s*$/);
  expect(firstRuleSource(outDir, manifest.pageStyles!['/']![0]!)).toEqual({ file: 'home.module.css', line: 0 });
});

test("when a page's stylesheet does not begin with _app's CSS, pages get their own CSS alone all the same", async () => {
  // esbuild keeps one copy of a rule repeated across the files of a stylesheet, the last:
  // in the index page's, _app's `body` rule goes, so that stylesheet does not begin with _app's.
  const dir = tempApp({
    'pages/_app.js': "import '../styles/global.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'styles/global.css': 'body { margin: 3px; }\n.shell { color: blue; }\n',
    'node_modules/reset/reset.css': 'body { margin: 3px; }\n',
    'pages/index.js': "import 'reset/reset.css';\nexport default function Home() { return <h1>home</h1>; }\n",
  });
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const read = (url: string) => readFileSync(path.join(outDir, 'assets', url), 'utf8');
  expect(read(manifest.styles[0]!)).toMatch(/^body\{margin:3px\}\.shell\{color:#00f\}\s*$/);
  expect(read(manifest.pageStyles!['/']![0]!)).toMatch(/^body\{margin:3px\}\s*$/);
  expect(firstRuleSource(outDir, manifest.pageStyles!['/']![0]!)).toEqual({ file: 'reset.css', line: 0 });
});
