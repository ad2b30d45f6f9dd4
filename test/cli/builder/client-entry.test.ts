/**
 * What the client entry sets before hydrating, and what it leaves to the runtime's defaults
 * (bundle-client.ts, entrySource): the image settings only with `<Image>` and when the config changes them, the
 * site paths only with the routing layer; `process.env` set before any module reads it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { tempApp } from '../../helpers/temp-app';

const page = "import Image from 'stratus/image';\nexport default function Home() { return <Image src=\"/a.jpg\" alt=\"\" width={100} height={100} />; }\n";

/** The first load of the app's `route` (its first route by default): the entry's script alone, and every script. */
async function firstLoad(files: Record<string, string>, basePath = '', route?: string): Promise<{ entry: string; all: string }> {
  const dir = tempApp(files);
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const read = (url: string) => readFileSync(path.join(outDir, 'assets', basePath, url), 'utf8');
  const page = route === undefined ? manifest.routes[0]! : manifest.routes.find((r) => r.pattern === route)!;
  const urls = new Set([...manifest.entryScripts, ...page.scripts]);
  return { entry: read(manifest.entryScripts[0]!), all: [...urls].map(read).join('\n') };
}

test('image settings of the config reach the pages with <Image>, not the others; the defaults are the runtime’s own', async () => {
  const files = { 'pages/index.js': page, 'pages/plain.js': 'export default () => <p>no image</p>;\n', 'stratus.config.ts': 'export default { images: { deviceSizes: [500, 300], imageSizes: [40], qualities: [60, 75] } };' };
  const custom = await firstLoad(files, '', '/');
  expect(custom.entry).not.toContain('deviceSizes');
  expect(custom.all).toContain('deviceSizes:[300,500],imageSizes:[40],quality:75,qualities:[60,75]');
  const plain = await firstLoad(files, '', '/plain');
  expect(plain.all).not.toContain('deviceSizes');
  const defaults = await firstLoad({ 'pages/index.js': page });
  expect(defaults.all).not.toContain('deviceSizes:[');
  // The page itself carries the default widths, with <Image>.
  expect(defaults.all).toContain('3840');
});

test('images.unoptimized reaches the browser as the server has it, so both render the same src', async () => {
  const unoptimized = await firstLoad({ 'pages/index.js': page, 'next.config.js': 'module.exports = { images: { unoptimized: true } };' }, '', '/');
  expect(unoptimized.all).toContain('unoptimized:!0');
});

test('basePath and trailing slashes are set in the entry with the routing layer only', async () => {
  const plain = await firstLoad({ 'pages/index.js': 'export default () => <p>hi</p>;\n' });
  expect(plain.entry).not.toContain('trailingSlash');
  const routed = await firstLoad({ 'pages/index.js': 'export default () => <p>hi</p>;\n', 'stratus.config.ts': "export default { basePath: '/docs', trailingSlash: true };" }, '/docs');
  expect(routed.entry).toMatch(/basePath:"\/docs",trailingSlash:!0/);
});

test('process.env reads as an empty object in the browser, set before any module of the app runs', async () => {
  const { all } = await firstLoad({
    'pages/_app.js': 'const mode = String(process.env.MODE_NOT_SET);\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} mode={mode} />; }\n',
    'pages/index.js': 'export default function Home({ mode }) { return <p>{mode} {Object.keys(process.env).length}</p>; }\n',
  });
  expect(all).not.toMatch(/process\.env/);
  const set = all.indexOf('globalThis.__STRATUS_ENV__={}');
  expect(set).toBeGreaterThan(-1);
  expect(all.indexOf('__STRATUS_ENV__.MODE_NOT_SET')).toBeGreaterThan(set);
});
