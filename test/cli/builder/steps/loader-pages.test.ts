/**
 * Pages a `turbopack.rules` loader makes, as @next/mdx gives them to next build (the real
 * @next/mdx, @mdx-js/loader and @mdx-js/react, linked into the app): `pages/*.mdx` are pages,
 * with their components, `mdx-components.tsx`'s overrides and data functions; they hydrate in
 * Chromium. A page extension nothing compiles is a warning that says what would.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { eventually, openTab, siteAndBrowser } from '../../../helpers/browser';
import { prerenderedHtml } from '../../../helpers/prerendered';
import { tempApp } from '../../../helpers/temp-app';

const ROOT = path.resolve(__dirname, '../../../..');

function mdxApp(extra: Record<string, string> = {}): string {
  const dir = tempApp({
    'next.config.mjs': "import createMDX from '@next/mdx';\nexport default createMDX({})({ pageExtensions: ['js', 'jsx', 'mdx', 'ts', 'tsx'] });\n",
    'components/counter.js': "import { useState } from 'react';\nexport function Counter() { const [n, setN] = useState(0); return <button id=\"c\" onClick={() => setN(n + 1)}>clicked {n}</button>; }\n",
    'mdx-components.tsx': "export function useMDXComponents(components: Record<string, unknown>) { return { ...components, h1: (props: { children?: unknown }) => <h1 className=\"fancy\">{props.children as string}</h1> }; }\n",
    'pages/index.mdx': "import { Counter } from '../components/counter'\n\n# Hello from MDX\n\nSome *emphasis* and a [link](/about).\n\n<Counter />\n",
    'pages/post.mdx': "export function getStaticProps() { return { props: { name: 'from getStaticProps' } } }\n\n# Post\n\nThe name is {props.name}.\n",
    'pages/about.js': 'export default function About() { return <p>about</p>; }\n',
    'public/favicon.ico': '',
    ...extra,
  }, 'stratus-mdx-');
  for (const name of ['@next/mdx', '@mdx-js/loader', '@mdx-js/react']) {
    mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  }
  return dir;
}

describe('an app with @next/mdx', () => {
  const dir = mdxApp();
  const env = siteAndBrowser(dir);

  test('an .mdx page renders with its components and the overrides of mdx-components.tsx, and hydrates', async () => {
    const tab = await openTab(env.browser, env.site.url);
    await tab.goto('/');
    expect(await tab.page.innerHTML('#__next')).toMatch(/^<h1 class="fancy">Hello from MDX<\/h1>\s*<p>Some <em>emphasis<\/em> and a <a href="\/about">link<\/a>\.<\/p>/);
    await tab.page.click('#c');
    await eventually(async () => (await tab.page.textContent('#c')) === 'clicked 1', 'the counter counts once hydrated');
    expect(tab.errors).toEqual([]);
    await tab.close();
  });

  test("an .mdx page's getStaticProps gives its props, as for any page", async () => {
    const html = await (await fetch(`${env.site.url}/post`)).text();
    expect(html).toContain('<p>The name is <!-- -->from getStaticProps<!-- -->.</p>');
    // Left out of the browser's code, as for any page.
    const script = /href="(\/_app\/static\/chunks\/page-post-\w+\.js)"/.exec(html)![1]!;
    expect(await (await fetch(`${env.site.url}${script}`)).text()).not.toContain('getStaticProps');
  });
});

test('a page extension no loader compiles is a warning saying what would; its files are not pages', async () => {
  const dir = mdxApp({ 'next.config.mjs': "export default { pageExtensions: ['js', 'mdx'] };\n", 'pages/index.js': 'export default function Home() { return <p>home</p>; }\n' });
  const lines: string[] = [];
  const { outDir, manifest } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines).toContain('  warning: next.config.mjs: pageExtensions "mdx": files ending in .mdx are not pages: Stratus compiles .tsx, .ts, .jsx, .js, and no turbopack.rules loader makes code of them (@next/mdx adds one for .mdx)');
  expect(manifest.routes.map((route) => route.pattern).sort()).toEqual(['/', '/about']);
  expect(prerenderedHtml(outDir, '/')).toContain('<p>home</p>');
});
