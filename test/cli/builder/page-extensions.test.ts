/**
 * `pageExtensions`, from next.config.js or stratus.config.ts: only files ending in one of
 * them are pages (special pages and API routes included), and route names drop it.
 */
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { loadConfig } from '../../../cli/builder/steps/load-config';
import { pageName } from '../../../cli/builder/steps/scan-pages';
import { buildApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

const PAGES: Record<string, string> = {
  'pages/_app.page.tsx':
    "import type { AppProps } from 'next/app';\nexport default function App({ Component, pageProps }: AppProps) { return <main id=\"layout\"><Component {...pageProps} /></main>; }\n",
  'pages/index.page.tsx': "import { Badge } from './badge';\nexport default function Home() { return <h1>Home <Badge /></h1>; }\n",
  'pages/badge.tsx': 'export function Badge() { return <b>badge</b>; }\n',
  'pages/badge.test.tsx': 'test("not a page", () => undefined);\n',
  'pages/posts/[slug].page.tsx':
    'export default function Post({ slug }: { slug: string }) { return <p>post {slug}</p>; }\nexport function getServerSideProps({ params }: { params: { slug: string } }) { return { props: { slug: params.slug } }; }\n',
  'pages/api/hello.page.ts': "export default function handler(_req: unknown, res: { json: (v: unknown) => void }) { res.json({ hello: 'world' }); }\n",
  'pages/api/util.ts': 'export const notARoute = 1;\n',
};

async function get(handler: (e: ReturnType<typeof functionUrlEvent>) => Promise<unknown>, url: string) {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    return (await handler(functionUrlEvent(url))) as { statusCode: number; body: string };
  } finally {
    write.mockRestore();
  }
}

test('pageName: the longest matching extension is dropped; other files are not pages', () => {
  expect(pageName('about.page.tsx', ['page.tsx', 'tsx'])).toBe('about');
  expect(pageName('about.tsx', ['page.tsx', 'tsx'])).toBe('about');
  expect(pageName('blog/index.page.ts', ['page.tsx', 'page.ts'])).toBe('blog/index');
  expect(pageName('about.tsx', ['page.tsx', 'page.ts'])).toBeUndefined();
  expect(pageName('notes.mdx', ['mdx', 'tsx'])).toBeUndefined();
  expect(pageName('about.page.tsx', ['tsx'])).toBe('about.page');
});

test("next.config.js pageExtensions ['page.tsx', 'page.ts']: only *.page.* files are pages, _app and API routes included", async () => {
  const dir = tempApp({ ...PAGES, 'next.config.js': "module.exports = { pageExtensions: ['page.tsx', 'page.ts'] };" }, 'stratus-page-ext-');
  const lines: string[] = [];
  const app = await buildApp(dir, { log: (l) => lines.push(l) });
  try {
    expect(lines.filter((l) => l.includes('warning'))).toEqual([]);
    expect(app.manifest.routes.map((r) => [r.pattern, r.file])).toEqual(
      expect.arrayContaining([
        ['/', 'pages/index.page.tsx'],
        ['/posts/[slug]', 'pages/posts/[slug].page.tsx'],
        ['/api/hello', 'pages/api/hello.page.ts'],
      ]),
    );
    expect(app.manifest.routes).toHaveLength(3);
    const home = await get(app.handler, '/');
    expect(home.body).toContain('<main id="layout"><h1>Home <b>badge</b></h1></main>');
    expect((await get(app.handler, '/posts/first')).body).toContain('post <!-- -->first');
    expect((await get(app.handler, '/badge')).statusCode).toBe(404);
    expect((await get(app.handler, '/api/util')).statusCode).toBe(404);
    expect(JSON.parse((await get(app.handler, '/api/hello')).body)).toEqual({ hello: 'world' });
  } finally {
    app.cleanup();
  }
});

test('stratus.config.ts pageExtensions works the same way', async () => {
  const dir = tempApp(
    { 'stratus.config.ts': "export default { pageExtensions: ['page.tsx'] };", 'pages/index.page.tsx': 'export default () => <p>hi</p>;\n', 'pages/other.tsx': 'export default () => <p>no</p>;\n' },
    'stratus-page-ext-',
  );
  const result = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  expect(result.manifest.routes.map((r) => r.pattern)).toEqual(['/']);
});

test('a bad pageExtensions value names the file and shows the expected form; an extension the bundler does not compile is read as written (the build says whether a loader makes pages of it: loader-pages.test.ts)', async () => {
  const load = (dir: string) => loadConfig(dir, path.join(dir, '.cache'));
  await expect(load(tempApp({ 'next.config.js': 'module.exports = { pageExtensions: [] };' }))).rejects.toThrow(
    "next.config.js: pageExtensions must be a non-empty array of extensions, such as ['page.tsx', 'page.ts']; got [].",
  );
  await expect(load(tempApp({ 'next.config.js': "module.exports = { pageExtensions: ['.tsx'] };" }))).rejects.toThrow(
    'next.config.js: pageExtensions: write "tsx" without the leading dot',
  );
  const loaded = await load(tempApp({ 'next.config.mjs': "export default { pageExtensions: ['mdx', 'tsx'] };" }));
  expect(loaded.pageExtensions).toEqual(['mdx', 'tsx']);
  expect(loaded.warnings).toEqual([]);
});
