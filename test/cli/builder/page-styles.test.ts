/**
 * The build splits CSS as the pages router does: `_app`'s CSS in the stylesheet every page
 * links, each page's own CSS in a stylesheet of its own (manifest `pageStyles`), and no
 * stylesheet holding every page's CSS.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { tempApp } from '../../helpers/temp-app';

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

  const html = readFileSync(path.join(outDir, 'lambdas/render/prerendered/en/index.html'), 'utf8');
  const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  expect(links).toEqual([manifest.styles[0], manifest.pageStyles!['/']![0]]);
  const plain = readFileSync(path.join(outDir, 'lambdas/render/prerendered/en/plain.html'), 'utf8');
  expect([...plain.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual(manifest.styles);
});
