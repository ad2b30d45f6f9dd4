/**
 * `stratus dev` in Chromium, as a developer meets it: a counter at 3 keeps 3 when its
 * component's text is edited (Fast Refresh, no reload), and after a syntax error is
 * fixed (the overlay shows the error meanwhile); a file marked `// @refresh reset`
 * remounts instead; an edit to getServerSideProps shows its data in place, and getStaticProps'
 * data is asked for on each visit; a CSS Module edit restyles the page
 * without a reload, and so does an edit to a Sass partial a `.module.scss` uses; an exception thrown while rendering and one thrown in a click handler
 * each show the overlay with the page's file and line and the code around it; dismissing
 * keeps the page; the page recovers by itself when the file is fixed; a hydration mismatch
 * shows with React's diff; packages of every shape work from the vendor script (or, where
 * they reach the runtime or a stylesheet, from the app's build).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { eventually, launchBrowser, openTab, type Tab } from '../helpers/browser';
import { startDev, type DevServer } from '../helpers/stratus-process';
import { tempApp } from '../helpers/temp-app';

const ROOT = path.resolve(__dirname, '../..');

const COUNTER = `import { useState } from 'react';
import styles from './counter.module.css';

export default function CounterPage() {
  const [count, setCount] = useState(0);
  return <main className={styles.box}><button id="count" onClick={() => setCount(count + 1)}>Clicked {count} times</button></main>;
}
`;
const CLICK = `export default function ClickPage() {
  return <button id="click" onClick={() => { throw new Error('the click handler failed'); }}>Click</button>;
}
`;
const TALLY = `import { useState } from 'react';

export default function TallyPage() {
  const [count, setCount] = useState(0);
  return <button id="tally" onClick={() => setCount(count + 1)}>Tallied {count}</button>;
}
`;
const SERVER_DATA = `import { useState } from 'react';
import Link from 'next/link';

export default function ServerData({ word }: { word: string }) {
  const [bumps, setBumps] = useState(0);
  return <main><p id="word">word {word}</p><button id="bump" onClick={() => setBumps(bumps + 1)}>Bumped {bumps}</button><Link href="/static-data">Static data</Link></main>;
}
export function getServerSideProps() { return { props: { word: 'alpha' } }; }
`;
const STATIC_DATA = `import { readFileSync } from 'fs';
import path from 'path';
import Link from 'next/link';

export default function StaticData({ word }: { word: string }) {
  return <main><p id="static-word">static {word}</p><Link href="/server-data">Server data</Link></main>;
}
export function getStaticProps() { return { props: { word: readFileSync(path.join(process.cwd(), 'words/static.txt'), 'utf8').trim() } }; }
`;
const RENDER = `export default function RenderPage() {
  return <p id="render">renders fine</p>;
}
`;

const MISMATCH = `export default function MismatchPage() {
  return <p id="where">rendered on the {typeof window === 'undefined' ? 'server' : 'client'}</p>;
}
`;
const ATTRIBUTE = `export default function AttributePage() {
  return <p id="attr" title={typeof window === 'undefined' ? 'from the server' : 'from the browser'}>attribute</p>;
}
`;

/** A page over packages of every shape the vendor script meets (cli/dev/vendor-build.ts). */
const PACKAGES = `import { useState } from 'react';
import greet, { loud } from 'cjs-greet';
import tally, { double } from 'esm-tally';
import shout, { whisper } from 'mjs-shout';
import { WhereAmI } from 'router-user';
import { Badge } from 'styled-badge';

export default function PackagesPage() {
  const [n, setN] = useState(0);
  return (
    <main>
      <p id="cjs">{greet('cjs')} {loud('x')}</p>
      <p id="esm">{tally([1, 2])} {double(4)}</p>
      <p id="mjs">{shout('hi')} {whisper('HO')}</p>
      <p id="router"><WhereAmI /></p>
      <Badge />
      <button id="bump" onClick={() => setN(n + 1)}>Bumped {n}</button>
    </main>
  );
}
`;
const PACKAGE_FILES = {
  // CommonJS: a function as module.exports, a name beside it.
  'node_modules/cjs-greet/package.json': JSON.stringify({ name: 'cjs-greet', main: 'index.js' }),
  'node_modules/cjs-greet/index.js': "module.exports = function greet(who) { return 'hello ' + who; };\nmodule.exports.loud = function loud(s) { return s.toUpperCase(); };\n",
  // An ES module package.
  'node_modules/esm-tally/package.json': JSON.stringify({ name: 'esm-tally', type: 'module', exports: './index.js' }),
  'node_modules/esm-tally/index.js': 'export default function tally(xs) { return xs.reduce((a, b) => a + b, 0); }\nexport const double = (n) => n * 2;\n',
  // An ES module package whose entry is .mjs (swr's, next-themes', react-hot-toast's shape).
  'node_modules/mjs-shout/package.json': JSON.stringify({ name: 'mjs-shout', main: 'dist/index.cjs', module: 'dist/index.mjs', exports: { import: './dist/index.mjs', require: './dist/index.cjs' } }),
  'node_modules/mjs-shout/dist/index.mjs': "export default function shout(s) { return s.toUpperCase() + '!'; }\nexport const whisper = (s) => s.toLowerCase();\n",
  'node_modules/mjs-shout/dist/index.cjs': "module.exports = function shout(s) { return s.toUpperCase() + '!'; };\nmodule.exports.whisper = (s) => s.toLowerCase();\n",
  // A library over next/router: it must get the page's own router (the runtime is one instance).
  'node_modules/router-user/package.json': JSON.stringify({ name: 'router-user', main: 'index.js' }),
  'node_modules/router-user/index.js': "const { createElement } = require('react');\nconst { useRouter } = require('next/router');\nexports.WhereAmI = function WhereAmI() { return createElement('span', null, 'at ' + useRouter().pathname); };\n",
  // A library with a stylesheet of its own.
  'node_modules/styled-badge/package.json': JSON.stringify({ name: 'styled-badge', main: 'index.js' }),
  'node_modules/styled-badge/index.js': "import './badge.css';\nimport { createElement } from 'react';\nexport function Badge() { return createElement('span', { id: 'badge', className: 'styled-badge' }, 'badge'); }\n",
  'node_modules/styled-badge/badge.css': '.styled-badge { color: rgb(0, 128, 0); }\n',
};

let dir: string;
let server: DevServer | undefined;
let base: string;
let browser: Browser;

beforeAll(async () => {
  dir = tempApp({
    'pages/counter.tsx': COUNTER,
    'pages/counter.module.css': '.box { color: rgb(0, 0, 128); }\n',
    'pages/click.tsx': CLICK,
    'pages/tally.tsx': TALLY,
    'pages/server-data.tsx': SERVER_DATA,
    'pages/static-data.tsx': STATIC_DATA,
    'words/static.txt': 'first',
    'pages/reset.tsx': `// @refresh reset\n${TALLY}`,
    'pages/render.tsx': RENDER,
    'pages/mismatch.tsx': MISMATCH,
    'pages/attribute.tsx': ATTRIBUTE,
    'pages/packages.tsx': PACKAGES,
    ...PACKAGE_FILES,
    'pages/sassy.tsx': "import styles from './sassy.module.scss';\nexport default function Sassy() { return <p id=\"sassy\" className={styles.note}>sassy</p>; }\n",
    'pages/sassy.module.scss': "@use 'theme';\n.note { color: theme.$ink; }\n",
    'pages/_theme.scss': '$ink: rgb(0, 0, 128);\n',
    // Chromium asks for it: a 404 would be a console error.
    'public/favicon.ico': '',
  }, 'stratus-dev-browser-');
  // The app's sass: this repository's.
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules/sass'), path.join(dir, 'node_modules/sass'), 'dir');
  let dev: DevServer;
  [dev, browser] = await Promise.all([startDev(dir), launchBrowser()]);
  server = dev;
  base = dev.url;
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(dir, file), change(readFileSync(path.join(dir, file), 'utf8')));

async function overlayText(tab: Tab, selector: string): Promise<string> {
  const locator = tab.page.locator(selector);
  await locator.waitFor({ timeout: 10_000 });
  return (await locator.textContent()) ?? '';
}

test('a counter at 3 keeps 3 when its text is edited, and a CSS Module edit restyles it, without a reload', async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/counter');
  await tab.markWindow();
  for (let i = 0; i < 3; i++) await tab.page.click('#count');
  expect(await tab.page.textContent('#count')).toBe('Clicked 3 times');

  edit('pages/counter.tsx', (text) => text.replace('Clicked', 'Pressed'));
  await tab.waitForText('Pressed 3 times');
  expect(await tab.isMarked()).toBe(true);

  edit('pages/counter.module.css', () => '.box { color: rgb(200, 0, 0); }\n');
  await eventually(async () => (await tab.page.evaluate(() => getComputedStyle(document.querySelector('main')!).color)) === 'rgb(200, 0, 0)', 'the new stylesheet applies', 10_000);
  expect(await tab.page.textContent('#count')).toBe('Pressed 3 times');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test('a syntax error shows the overlay with the file, line and code; the fix updates the page with its state kept, no reload', async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/tally');
  await tab.markWindow();
  for (let i = 0; i < 2; i++) await tab.page.click('#tally');
  expect(await tab.page.textContent('#tally')).toBe('Tallied 2');

  edit('pages/tally.tsx', (text) => text.replace('</button>;', '</button;'));
  expect(await overlayText(tab, '[data-stratus-location]')).toMatch(/^pages\/tally\.tsx:5:\d+$/);
  expect(await overlayText(tab, '[data-stratus-code-frame]')).toContain('> 5 |   return <button id="tally"');

  edit('pages/tally.tsx', () => TALLY.replace('Tallied', 'Counted'));
  await tab.waitForText('Counted 2');
  await eventually(async () => (await tab.page.locator('[data-stratus-overlay]').count()) === 0, 'the overlay clears once the server has the fix', 10_000);
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test('a file marked `// @refresh reset` remounts on an edit: the tally starts again, still without a reload', async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/reset');
  await tab.markWindow();
  for (let i = 0; i < 2; i++) await tab.page.click('#tally');
  expect(await tab.page.textContent('#tally')).toBe('Tallied 2');
  edit('pages/reset.tsx', (text) => text.replace('Tallied', 'Restarted'));
  await tab.waitForText('Restarted 0');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test("an edit to getServerSideProps shows the new data in place, the page's state kept, as next dev refreshes it", async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/server-data');
  await tab.markWindow();
  for (let i = 0; i < 2; i++) await tab.page.click('#bump');
  edit('pages/server-data.tsx', (text) => text.replace("word: 'alpha'", "word: 'beta'"));
  await tab.waitForText('word beta');
  expect(await tab.page.textContent('#bump')).toBe('Bumped 2');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test("getStaticProps' data is asked for again on each navigation, as under next dev: a file it reads, edited, shows on the next visit", async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/server-data');
  await tab.markWindow();
  await tab.clickLink('Static data');
  await tab.waitForText('static first');
  await tab.clickLink('Server data');
  await tab.waitForText('Bumped 0');
  edit('words/static.txt', () => 'second');
  await tab.clickLink('Static data');
  await tab.waitForText('static second');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test('an edit to a Sass partial that a .module.scss uses restyles the page without a reload', async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/sassy');
  await tab.markWindow();
  const color = () => tab.page.evaluate(() => getComputedStyle(document.querySelector('#sassy')!).color);
  expect(await color()).toBe('rgb(0, 0, 128)');
  edit('pages/_theme.scss', () => '$ink: rgb(200, 0, 0);\n');
  await eventually(async () => (await color()) === 'rgb(200, 0, 0)', 'the partial\'s new value applies', 10_000);
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test('an exception in a click handler shows the overlay with the file, line and code; dismissing keeps the page; the fix recovers', async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/click');
  await tab.page.click('#click');
  expect(await overlayText(tab, '[data-stratus-location]')).toMatch(/^pages\/click\.tsx:2:\d+$/);
  expect(await overlayText(tab, '.message')).toBe('Error: the click handler failed');
  expect(await overlayText(tab, '[data-stratus-code-frame]')).toContain("> 2 |   return <button id=\"click\" onClick={() => { throw new Error('the click handler failed'); }}>Click</button>;");

  await tab.page.click('[data-stratus-dismiss]');
  expect(await tab.page.locator('[data-stratus-overlay]').count()).toBe(0);
  expect(await tab.page.textContent('#click')).toBe('Click');
  await tab.markWindow();

  edit('pages/click.tsx', (text) => text.replace("throw new Error('the click handler failed');", "document.title = 'handled';"));
  await eventually(async () => (await tab.page.locator('#__stratus_overlay').count()) === 0, 'the overlay clears once the fix has run', 10_000);
  await tab.page.click('#click');
  await eventually(async () => (await tab.page.title()) === 'handled', 'the fixed handler runs', 5000);
  expect(await tab.isMarked()).toBe(true);
  await tab.close();
});

test('an exception while rendering shows the overlay with the file, line and code, and the page recovers when the file is fixed', async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/render');
  edit('pages/render.tsx', (text) => text.replace("  return <p", "  if (Math.random() >= 0) throw new Error('the render failed');\n  return <p"));
  expect(await overlayText(tab, '[data-stratus-location]')).toMatch(/^pages\/render\.tsx:2:\d+$/);
  expect(await overlayText(tab, '.message')).toBe('Error: the render failed');
  expect(await overlayText(tab, '[data-stratus-code-frame]')).toContain("> 2 |   if (Math.random() >= 0) throw new Error('the render failed');");
  // The app's frame first; React's own frames folded.
  expect(await tab.page.locator('[data-frame=app]').first().textContent()).toMatch(/^RenderPage pages\/render\.tsx:2:\d+$/);

  edit('pages/render.tsx', () => RENDER.replace('renders fine', 'renders again'));
  await tab.waitForText('renders again');
  expect(await tab.page.locator('[data-stratus-overlay]').count()).toBe(0);
  await tab.close();
});

test("a hydration mismatch shows in the overlay with React's diff: of text (React renders again) and of attributes (React leaves them)", async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/mismatch');
  expect(await overlayText(tab, 'h1')).toBe('Hydration mismatch');
  const text = await overlayText(tab, '.message');
  expect(text).toMatch(/\+\s+client\n-\s+server/);
  await tab.goto('/attribute');
  expect(await overlayText(tab, 'h1')).toBe('Hydration mismatch');
  expect(await overlayText(tab, '.message')).toMatch(/\+\s+title="from the browser"\n-\s+title="from the server"/);
  await tab.close();
});

test("packages work as bundled: CommonJS and ES modules (an .mjs entry too), a library over next/router (the page's own router), a library with a stylesheet; state is kept across a save", async () => {
  const tab = await openTab(browser, base);
  await tab.goto('/packages');
  await tab.page.click('#bump');
  await tab.waitForText('Bumped 1');
  expect(await tab.page.textContent('#cjs')).toBe('hello cjs X');
  expect(await tab.page.textContent('#esm')).toBe('3 8');
  expect(await tab.page.textContent('#mjs')).toBe('HI! ho');
  expect(await tab.page.textContent('#router')).toBe('at /packages');
  expect(await tab.page.evaluate(() => getComputedStyle(document.getElementById('badge')!).color)).toBe('rgb(0, 128, 0)');
  // The plain packages came from the vendor script, built once (the other two stay in the app's build).
  const vendor = await tab.page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="/vendor-"]')!.src);
  const vendorCode = await (await fetch(vendor)).text();
  expect(vendorCode).toContain('return "hello " + who;');
  expect(vendorCode).toContain('xs.reduce((a, b) => a + b, 0)');
  await tab.markWindow();
  edit('pages/packages.tsx', (text) => text.replace('Bumped', 'Pushed'));
  await tab.waitForText('Pushed 1');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});
