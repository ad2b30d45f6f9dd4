/**
 * The first load's scripts: the client entry and one chunk with all it loads (runtime, React,
 * `_app` and what it imports), plus the page's own chunk; not a chunk per combination of
 * pages sharing modules (bundle-client.ts, pageEntrySource); React's production build, no dev pieces.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { tempApp } from '../../helpers/temp-app';

test('every page loads the entry, one shared chunk and its own chunk', async () => {
  const dir = tempApp({
    'pages/_app.js': "import Link from 'stratus/link';\nexport default function App({ Component, pageProps }) { return <><nav><Link href=\"/\">home</Link></nav><Component {...pageProps} /></>; }\n",
    'pages/index.js': "import Head from 'stratus/head';\nimport Link from 'stratus/link';\nexport default function Home() { return <><Head><title>home</title></Head><Link href=\"/a\">a</Link></>; }\n",
    'pages/a.js': "import Head from 'stratus/head';\nexport default function A() { return <Head><title>a</title></Head>; }\n",
    'pages/b.js': "import { useRouter } from 'stratus/router';\nexport default function B() { return <p>{useRouter().pathname}</p>; }\n",
    'pages/_error.js': 'export default function Failed() { return <p>failed</p>; }\n',
  });
  const { manifest } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  expect(manifest.entryScripts).toEqual([expect.stringMatching(/\/main-\w+\.js$/), expect.stringMatching(/\/chunk-\w+\.js$/)]);
  const shared = manifest.entryScripts[1];
  for (const route of manifest.routes) expect(route.scripts).toEqual([expect.stringMatching(/\/page-[\w-]+\.js$/), shared]);
  expect(manifest.errorScripts['/_error']).toEqual([expect.stringMatching(/\/page-_error-\w+\.js$/), shared]);
  // stratus build ships React's production build and none of stratus dev's pieces.
  const chunks = path.join(dir, '.stratus', 'assets', '_app', 'static', 'chunks');
  const code = readdirSync(chunks).filter((file) => file.endsWith('.js')).map((file) => readFileSync(path.join(chunks, file), 'utf8')).join('\n');
  expect(code).not.toMatch(/React DevTools|react-refresh|__STRATUS_HOT__|RefreshReg|sourceMappingURL/);
});

test('a program that changes folder before building still gets script URLs inside the bucket', async () => {
  // esbuild takes its default working folder when it is loaded (here, at import); a build
  // from a folder at another depth used to resolve the metafile's relative paths against the
  // new one and name scripts outside the assets folder (`/../../tmp/…/main-….js`).
  // With stylesheets, _app's and a page's own, whose text the build reads back by path.
  const dir = tempApp({
    'pages/_app.js': "import '../styles/global.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'styles/global.css': 'body { margin: 0; }\n',
    'pages/index.js': "import styles from './index.module.css';\nexport default function Home() { return <p className={styles.home}>home</p>; }\n",
    'pages/index.module.css': '.home { color: teal; }\n',
  });
  const elsewhere = path.join(dir, 'a', 'b', 'c', 'd', 'e');
  mkdirSync(elsewhere, { recursive: true });
  const before = process.cwd();
  process.chdir(elsewhere);
  try {
    const outDir = path.join(dir, 'out');
    const { manifest } = await build({ appDir: dir, outDir, imageLambda: false });
    expect(manifest.entryScripts.length).toBeGreaterThan(0);
    const styles = [...manifest.styles, ...Object.values(manifest.pageStyles ?? {}).flat()];
    expect(styles).toHaveLength(2);
    for (const url of [...manifest.entryScripts, ...manifest.routes.flatMap((route) => route.scripts), ...styles]) {
      expect(url).toMatch(/^\/_app\/static\/chunks\/[\w-]+\.(js|css)$/);
      expect(existsSync(path.join(outDir, 'assets', url))).toBe(true);
    }
  } finally {
    process.chdir(before);
  }
});
