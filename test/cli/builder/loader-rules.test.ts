/**
 * `turbopack.rules` as `next build` applies them: create-next-app's pages template with
 * Tailwind CSS (`@tailwindcss/turbopack` on `*.css`, the real package), an SVG turned into a
 * component by a loader (`as: '*.js'`) with its options, conditions (`browser`, `foreign`,
 * `path`, `content`), globs on names and on paths, sass-loader's own resolver and logger, and
 * what a missing loader or a failing one says.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { compileLoaderRules } from '../../../cli/builder/loader-rules';
import { tempApp } from '../../helpers/temp-app';
import { prerenderedHtml } from '../../helpers/prerendered';

const ROOT = path.resolve(__dirname, '../../..');

/** The repository's copies of packages, linked into a temporary app's node_modules. */
function link(dir: string, ...packages: string[]): void {
  for (const name of packages) {
    mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  }
}

const readAll = (dir: string, suffix: string) =>
  readdirSync(dir, { recursive: true }).map(String).filter((file) => file.endsWith(suffix)).map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');

test("create-next-app's pages template with Tailwind CSS: @import 'tailwindcss' through @tailwindcss/turbopack gives the classes the pages use, scanned from the app's folder", async () => {
  const dir = tempApp(
    {
      'next.config.ts': "import type { NextConfig } from 'next';\nconst nextConfig: NextConfig = { turbopack: { rules: { '*.css': { loaders: ['@tailwindcss/turbopack'], as: '*.css' } } } };\nexport default nextConfig;\n",
      'src/styles/globals.css': '@import "tailwindcss";\n:root { --background: #ffffff; }\n',
      'src/pages/_app.tsx': "import '@/styles/globals.css';\nimport type { AppProps } from 'next/app';\nexport default function App({ Component, pageProps }: AppProps) { return <Component {...pageProps} />; }\n",
      'src/pages/index.tsx': 'export default function Home() { return <main className="flex max-w-3xl bg-zinc-50">home</main>; }\n',
      'tsconfig.json': JSON.stringify({ compilerOptions: { jsx: 'preserve', strict: true, paths: { '@/*': ['./src/*'] }, moduleResolution: 'bundler', module: 'esnext', esModuleInterop: true, skipLibCheck: true, noEmit: true }, include: ['**/*.ts', '**/*.tsx'] }),
    },
    'stratus-tailwind-',
  );
  link(dir, 'tailwindcss', '@tailwindcss/turbopack');
  // Through the command, in a process of its own: Tailwind registers module hooks, which Jest's sandbox refuses.
  const built = spawnSync(process.execPath, [path.join(ROOT, 'bin/stratus.js'), 'build', dir], { encoding: 'utf8', timeout: 120_000 });
  expect(built.status).toBe(0);
  const outDir = path.join(dir, '.stratus');
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'lambdas/render/manifest.json'), 'utf8')) as { styles: string[] };
  const css = readFileSync(path.join(outDir, 'assets', manifest.styles[0]!), 'utf8');
  expect(css).toContain('.flex{display:flex}');
  expect(css).toMatch(/\.max-w-3xl\{max-width:var\(--container-3xl\)\}/);
  expect(css).toMatch(/\.bg-zinc-50\{background-color:var\(--color-zinc-50\)\}/);
  // Only what the app uses: a class no file of the app names is not there.
  expect(css).not.toContain('.grid-cols-7');
  expect(prerenderedHtml(outDir, '/')).toContain('<main class="flex max-w-3xl bg-zinc-50">home</main>');
});

/** A loader of the app's own: an SVG as a component, its options read through getOptions(). */
const SVG_LOADER = `module.exports = function (source) {
  const { label } = this.getOptions();
  const inner = JSON.stringify(source.replace(/<\\/?svg[^>]*>/g, '').trim());
  return 'export default function Svg() { return <svg data-label=' + JSON.stringify(label) + ' dangerouslySetInnerHTML={{ __html: ' + inner + ' }} />; }';
};
`;
/** Marks what it ran on, and in which bundle (async, as many loaders are). */
const MARK_LOADER = `module.exports = function (source) {
  const done = this.async();
  setTimeout(() => done(null, source.replace('MARK', this.getOptions().mark)), 1);
};
`;

test("an SVG through a loader as '*.js' (with its options) is a component on the server and in the browser; browser and node conditions pick each bundle's rule; a path glob and a content condition narrow a rule", async () => {
  const dir = tempApp({
    'loaders/svg-loader.js': SVG_LOADER,
    'loaders/mark-loader.js': MARK_LOADER,
    'next.config.js': `const path = require('path');
module.exports = { turbopack: { rules: {
  '*.svg': { loaders: [{ loader: path.join(__dirname, 'loaders/svg-loader.js'), options: { label: 'from-loader' } }], as: '*.js' },
  '*.txt': [
    { condition: 'browser', loaders: [{ loader: path.join(__dirname, 'loaders/mark-loader.js'), options: { mark: 'in-the-browser' } }], as: '*.js' },
    { condition: { not: 'browser' }, loaders: [{ loader: path.join(__dirname, 'loaders/mark-loader.js'), options: { mark: 'on-the-server' } }], as: '*.js' },
  ],
  'data/**/*.md': { condition: { content: /# heading/ }, loaders: [{ loader: path.join(__dirname, 'loaders/mark-loader.js'), options: { mark: 'headed' } }], as: '*.js' },
} } };
`,
    'icons/star.svg': '<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1"/></svg>\n',
    'notes/where.txt': "export default 'MARK';\n",
    'data/posts/first.md': "// # heading\nexport default 'MARK';\n",
    'pages/index.js':
      "import Star from '../icons/star.svg';\nimport where from '../notes/where.txt';\nimport first from '../data/posts/first.md';\n" +
      'export default function Home() { return <main><Star /><p id="where">{where}</p><p id="md">{first}</p></main>; }\n',
  });
  const lines: string[] = [];
  const { outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (line) => lines.push(line) });
  const html = prerenderedHtml(outDir, '/');
  expect(html).toContain('<svg data-label="from-loader"><path d="M1 1"/></svg>');
  expect(html).toContain('<p id="where">on-the-server</p>');
  expect(html).toContain('<p id="md">headed</p>');
  const browserCode = readAll(path.join(outDir, 'assets/_app/static'), '.js');
  expect(browserCode).toContain('in-the-browser');
  expect(browserCode).not.toContain('on-the-server');
  expect(browserCode).toContain('from-loader');
  // The SVG was not taken as an image (no file emitted for it).
  expect(readdirSync(path.join(outDir, 'assets/_app/static'), { recursive: true }).map(String).some((file) => file.includes('star'))).toBe(false);
  expect(lines.filter((line) => line.includes('warning'))).toEqual([]);
});

test("sass-loader through a rule: its imports resolve with the loader's own resolver (a package's sass field, a folder's _index partial), and its warnings reach the build's log", async () => {
  const dir = tempApp({
    'next.config.js': "module.exports = { turbopack: { rules: { '*.scss': { loaders: ['sass-loader'], as: '*.css' } } } };\n",
    'node_modules/theme-pkg/package.json': JSON.stringify({ name: 'theme-pkg', version: '1.0.0', sass: '_theme.scss', main: 'index.js' }),
    'node_modules/theme-pkg/_theme.scss': '$brand: rgb(1, 2, 3);\n',
    'styles/parts/_index.scss': '.part { margin: 0; }\n',
    'styles/site.scss': "@use 'theme-pkg' as theme;\n@use 'parts';\n.brand { color: theme.$brand; }\n@warn 'from the stylesheet';\n",
    'pages/_app.js': "import '../styles/site.scss';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'pages/index.js': 'export default function Home() { return <p className="brand">x</p>; }\n',
  });
  link(dir, 'sass-loader', 'sass');
  const lines: string[] = [];
  const { outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (line) => lines.push(line) });
  const css = readAll(path.join(outDir, 'assets/_app/static'), '.css');
  expect(css).toMatch(/\.brand\{color:#010203\}/);
  expect(css).toMatch(/\.part\{margin:0\}/);
  expect(lines.join('\n')).toContain('from the stylesheet');
});

test('a loader the app has not installed, or one that throws, stops the build saying which rule and how to fix it', async () => {
  const missing = tempApp({
    'next.config.js': "module.exports = { turbopack: { rules: { '*.svg': { loaders: ['@svgr/webpack'], as: '*.js' } } } };\n",
    'icons/star.svg': '<svg/>',
    'pages/index.js': "import Star from '../icons/star.svg';\nexport default function Home() { return <Star />; }\n",
  });
  await expect(build({ appDir: missing, outDir: path.join(missing, '.stratus'), imageLambda: false })).rejects.toThrow(
    /turbopack\.rules\["\*\.svg"\] names the loader @svgr\/webpack, which is not installed in the app: npm install --save-dev @svgr\/webpack/,
  );
  const throwing = tempApp({
    'loaders/bad.js': "module.exports = function () { throw new Error('cannot read this file'); };\n",
    'next.config.js': "const path = require('path');\nmodule.exports = { turbopack: { rules: { '*.txt': { loaders: [path.join(__dirname, 'loaders/bad.js')], as: '*.js' } } } };\n",
    'notes/a.txt': 'x',
    'pages/index.js': "import a from '../notes/a.txt';\nexport default function Home() { return <p>{a}</p>; }\n",
  });
  await expect(build({ appDir: throwing, outDir: path.join(throwing, '.stratus'), imageLambda: false })).rejects.toThrow(
    /notes\/a\.txt: the loader of turbopack\.rules\["\*\.txt"\] failed \(loaders\/bad\.js\): cannot read this file/,
  );
});

test('what a rule makes, and which rules match: a glob without / matches the name, one with / the path in the app; foreign is node_modules; every matching rule runs in order', () => {
  const rules = compileLoaderRules(
    '/app',
    {
      rules: {
        '*.svg': { loaders: [], as: '*.js' },
        'assets/**/*.txt': { type: 'raw' },
        '*.yaml': { condition: { not: 'foreign' }, loaders: [], as: '*.json' },
        '*.ts': { condition: 'development', loaders: [] },
      },
    },
    { development: false, warn: () => undefined },
  )!;
  const browser = { browser: true };
  expect(rules.outputOf('/app/deep/icons/a.svg', browser)).toBe('jsx');
  expect(rules.outputOf('/app/assets/x/y.txt', browser)).toBe('text');
  expect(rules.outputOf('/app/other/assets/y.txt', browser)).toBeUndefined();
  expect(rules.outputOf('/app/config/site.yaml', browser)).toBe('json');
  expect(rules.outputOf('/app/node_modules/pkg/site.yaml', browser)).toBeUndefined();
  expect(rules.outputOf('/app/lib/a.ts', browser)).toBeUndefined();
  expect(rules.touchesCss).toBe(false);
  // A content condition reads the file: plain.md lacks the heading.
  const dir = tempApp({ 'data/headed.md': '# heading\n', 'data/plain.md': 'text\n' });
  const byContent = compileLoaderRules(dir, { rules: { '*.md': { condition: { content: /^# heading/ }, loaders: [], as: '*.js' } } }, { development: true, warn: () => undefined })!;
  expect(byContent.outputOf(path.join(dir, 'data/headed.md'), browser)).toBe('jsx');
  expect(byContent.outputOf(path.join(dir, 'data/plain.md'), browser)).toBeUndefined();
  // Every matching rule runs, in order; within a rule, loaders run last to first, as webpack runs them.
  const chain = tempApp({ 'append.js': 'module.exports = function (source) { return source + this.getOptions().add; };\n', 'notes/a.txt': 'x' });
  const append = (add: string) => ({ loader: path.join(chain, 'append.js'), options: { add } });
  const chained = compileLoaderRules(chain, { rules: { '*.txt': { loaders: [append('1')] }, 'notes/*.txt': { loaders: [append('3'), append('2')], as: '*.js' } } }, { development: false, warn: () => undefined })!;
  return chained.apply(path.join(chain, 'notes/a.txt'), browser).then((result) => {
    expect(result).toMatchObject({ contents: 'x123', output: 'jsx' });
    expect(result!.dependencies).toContain(path.join(chain, 'notes/a.txt'));
  });
});

test('globs of plain extensions narrow what the bundler asks about', () => {
  // Globs that are all plain `*.ext` give the bundler a filter of their extensions; others, every file.
  const plain = compileLoaderRules('/app', { rules: { '*.svg': { loaders: [] }, '*.module.yaml': { loaders: [] } } }, { development: false, warn: () => undefined })!;
  expect([plain.filter.test('a.svg'), plain.filter.test('b.module.yaml'), plain.filter.test('c.js')]).toEqual([true, true, false]);
  const rules = compileLoaderRules('/app', { rules: { 'assets/**/*.txt': { type: 'raw' } } }, { development: false, warn: () => undefined })!;
  expect(rules.filter.test('c.js')).toBe(true);
});
