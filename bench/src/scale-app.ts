/**
 * The scale row's app, written for a page count: one `pages/p/[id].js` whose getStaticPaths
 * returns N paths (about 3 kB of HTML and data a page), a home page and nothing else, in
 * plain JavaScript so that `stratus build` and `next build` build the very same files.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PAGE = (pages: number) => `import { pageProps } from '../../lib/text';

export default function Page({ id, title, paragraphs }) {
  return (
    <main>
      <h1>{title}</h1>
      {paragraphs.map((text, i) => <p key={i}>{text}</p>)}
      <a href={\`/p/\${(Number(id) % ${pages}) + 1}\`}>next page</a>
    </main>
  );
}

export async function getStaticPaths() {
  return { paths: Array.from({ length: ${pages} }, (_, i) => ({ params: { id: String(i + 1) } })), fallback: false };
}

export async function getStaticProps({ params }) {
  return { props: pageProps(params.id, overrides()) };
}

// Data read at build time (not bundled code): a change here changes those pages alone.
let read;
function overrides() {
  return (read ??= JSON.parse(require('node:fs').readFileSync(require('node:path').join(process.cwd(), 'data', 'overrides.json'), 'utf8')));
}
`;

const TEXT = `// A page's props: about 1 kB of text, the same for the same id in every build.
const WORDS = ['river', 'stone', 'harbour', 'lantern', 'meadow', 'copper', 'winter', 'signal', 'orchard', 'ember', 'valley', 'thread'];

export function pageProps(id, overrides = {}) {
  const n = Number(id);
  const word = (i) => WORDS[(n * 7 + i * 13) % WORDS.length];
  const sentence = (i) => Array.from({ length: 14 }, (_, j) => word(i * 14 + j)).join(' ') + '.';
  return { id, title: overrides[id] ?? \`Page \${id}: \${word(0)} \${word(1)}\`, paragraphs: Array.from({ length: 4 }, (_, i) => \`\${sentence(i)} \${sentence(i + 4)}\`) };
}
`;

const HOME = `export default function Home() {
  return <main><h1>Scale</h1><a href="/p/1">first page</a></main>;
}
`;

/**
 * Writes the app into `dir` (emptied first): `pages` prerendered pages under /p/[id], and the
 * home page. `data/overrides.json` maps page ids to other titles (data, read at build time).
 */
export function writeScaleApp(dir: string, pages: number): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'pages', 'p'), { recursive: true });
  mkdirSync(path.join(dir, 'lib'), { recursive: true });
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  writeFileSync(path.join(dir, 'data', 'overrides.json'), '{}');
  writeFileSync(path.join(dir, 'pages', 'p', '[id].js'), PAGE(pages));
  writeFileSync(path.join(dir, 'pages', 'index.js'), HOME);
  writeFileSync(path.join(dir, 'lib', 'text.js'), TEXT);
  return dir;
}
