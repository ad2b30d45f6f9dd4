/**
 * File conventions pages-router apps rely on: JSX in `.js` files, parameter names such as
 * `[123]` and `[hello-world]`, and a page that re-exports another page.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';
import { prerenderedHtml } from '../../helpers/prerendered';

const FILES: Record<string, string> = {
  'pages/index.js': "import { Greeting } from '../components/greeting';\nexport default function Home() { return <Greeting name=\"js\" />; }\n",
  'components/greeting.js': 'export function Greeting({ name }) { return <h1>Hello {name}</h1>; }\n',
  'pages/n/[123].jsx': 'export default function P() { return <p>n</p>; }\nexport function getServerSideProps({ params }) { return { props: { v: params["123"] } }; }\n',
  'pages/w/[hello-world].tsx':
    "export default function P({ v }: { v: string }) { return <p>word {v}</p>; }\nexport function getServerSideProps({ params }: { params: Record<string, string> }) { return { props: { v: params['hello-world'] } }; }\n",
  'pages/original.tsx':
    "import { readFileSync } from 'node:fs';\nexport default function Original({ text }: { text: string }) { return <p>original {text}</p>; }\nexport function getStaticProps() { return { props: { text: String(readFileSync.length) } }; }\n",
  'pages/alias.tsx': "export { default, getStaticProps } from './original';\n",
};

let app: BuiltApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-conventions-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  app = await buildApp(dir);
});
afterAll(() => {
  app?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** One request through the built handler, its log line kept out of the test output. */
async function get(url: string): Promise<{ statusCode: number; body: string }> {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    return (await app.handler(functionUrlEvent(url))) as { statusCode: number; body: string };
  } finally {
    write.mockRestore();
  }
}

test('JSX in .js and .jsx files, pages and the modules they import', async () => {
  expect((await get('/')).body).toContain('<h1>Hello <!-- -->js</h1>');
});

test('parameter names that are not identifiers', async () => {
  expect(app.manifest.routes.map((r) => r.pattern)).toEqual(expect.arrayContaining(['/n/[123]', '/w/[hello-world]']));
  const numbered = await get('/w/abc');
  expect(numbered.statusCode).toBe(200);
  expect(numbered.body).toContain('word <!-- -->abc');
  expect((await get('/n/7')).statusCode).toBe(200);
});

test('a page re-exporting another page and its getStaticProps is prerendered, and the browser copy has no data function', async () => {
  const page = await get('/alias');
  expect(page.statusCode).toBe(200);
  expect(page.body).toMatch(/<p>original <!-- -->\d+<\/p>/);
  const chunks = path.join(app.outDir, 'assets/_app/static/chunks');
  expect(readdirSync(chunks).some((f) => f.startsWith('page-alias'))).toBe(true);
  for (const file of readdirSync(chunks).filter((f) => f.endsWith('.js'))) {
    expect(readFileSync(path.join(chunks, file), 'utf8')).not.toMatch(/node:fs|readFileSync|getStaticProps/);
  }
});

test('getStaticPaths returning a path a static page serves fails the build, naming both files', async () => {
  const conflict = mkdtempSync(path.join(os.tmpdir(), 'stratus-conflict-'));
  const files: Record<string, string> = {
    'pages/blog/first.js': 'export default function First() { return <p>static first</p>; }\n',
    'pages/blog/[slug].js':
      "export default function Post({ slug }) { return <p>{slug}</p>; }\nexport function getStaticPaths() { return { paths: [{ params: { slug: 'first' } }, { params: { slug: 'second' } }], fallback: false }; }\nexport function getStaticProps({ params }) { return { props: { slug: params.slug } }; }\n",
  };
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(conflict, file)), { recursive: true });
      writeFileSync(path.join(conflict, file), text);
    }
    await expect(buildApp(conflict)).rejects.toThrow('pages/blog/[slug].js: getStaticPaths returned /blog/first, which pages/blog/first.js serves (it takes precedence over /blog/[slug]); remove /blog/first from the paths, or the other page.');
  } finally {
    rmSync(conflict, { recursive: true, force: true });
  }
});

test("src/pages is the pages folder when the app has no pages/, with create-next-app's @/ alias to src", async () => {
  const dir = tempApp({
    'tsconfig.json': JSON.stringify({ compilerOptions: { jsx: 'react-jsx', paths: { '@/*': ['./src/*'] } } }),
    'src/styles/globals.css': 'body { margin: 0; }\n',
    'src/pages/_app.tsx': "import '@/styles/globals.css';\nexport default function App({ Component, pageProps }: any) { return <main id=\"src-app\"><Component {...pageProps} /></main>; }\n",
    'src/components/title.tsx': 'export function Title({ text }: { text: string }) { return <h1>{text}</h1>; }\n',
    'src/pages/posts/[id].tsx':
      "import { readFileSync } from 'node:fs';\nimport { Title } from '@/components/title';\nexport default function Post({ id }: { id: string }) { return <Title text={`post ${id}`} />; }\nexport function getStaticPaths() { return { paths: [{ params: { id: '1' } }], fallback: false }; }\nexport function getStaticProps({ params }: any) { return { props: { id: params.id + String(typeof readFileSync) } }; }\n",
  });
  const src = await buildApp(dir);
  try {
    expect(src.manifest.routes.map((r) => [r.pattern, r.file])).toEqual([['/posts/[id]', 'src/pages/posts/[id].tsx']]);
    const html = prerenderedHtml(src.outDir, '/posts/1');
    expect(html).toContain('<main id="src-app"><h1>post 1function</h1></main>');
    const chunks = path.join(src.outDir, 'assets/_app/static/chunks');
    for (const file of readdirSync(chunks).filter((f) => f.endsWith('.js'))) expect(readFileSync(path.join(chunks, file), 'utf8')).not.toMatch(/node:fs|readFileSync/);
  } finally {
    src.cleanup();
  }
});

test("data functions run in the app's folder while prerendering, as under next build (path.join(process.cwd(), '_posts'))", async () => {
  const dir = tempApp({
    '_posts/first.md': 'hello from a post\n',
    'pages/index.js':
      "import fs from 'fs';\nimport path from 'path';\nexport default function Home({ text }) { return <p>{text}</p>; }\nexport function getStaticProps() { return { props: { text: fs.readFileSync(path.join(process.cwd(), '_posts', 'first.md'), 'utf8').trim() } }; }\n",
  });
  const before = process.cwd();
  const built = await buildApp(dir);
  try {
    expect(process.cwd()).toBe(before);
    expect(prerenderedHtml(built.outDir, '/')).toContain('<p>hello from a post</p>');
  } finally {
    built.cleanup();
  }
});
