/**
 * A page's own CSS in Chromium, as the pages router handles it: linked in the first load's
 * HTML after `_app`'s, loaded on a soft navigation and applied in the commit that shows the
 * page (never an unstyled frame), removed when the page leaves. Covers CSS Modules and a
 * library's global stylesheet imported by a page (from node_modules, which the rule allows),
 * and a file a stylesheet's url() names (emitted with the build's files, as next build does).
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { eventually, openTab, siteAndBrowser, type Tab } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const nav = `<nav><Link href="/">Home</Link> | <Link href="/red">Red</Link> | <Link href="/blue">Blue</Link></nav>`;
const dir = tempApp(
  {
    'pages/_app.js': `import Link from 'next/link';\nimport '../styles/global.css';\nexport default function App({ Component, pageProps }) { return <>${nav}<Component {...pageProps} /></>; }\n`,
    'styles/global.css': 'body { background-color: rgb(250, 250, 240); }\n#__next { padding-top: 7px; }\nnav { background-image: url(./img/dot.png); }\n',
    'pages/index.js': 'export default function Home() { return <><h1>Plain home</h1><p>text</p></>; }\n',
    'pages/red.js': `import styles from '../styles/Red.module.css';\nimport 'quote-lib/quote.css';\nexport default function Red() { return <><h1 className={styles.title}>Red page</h1><p>text</p></>; }\n`,
    'styles/Red.module.css': '.title { color: rgb(200, 0, 0); }\n',
    'pages/blue.js': `import styles from '../styles/Blue.module.css';\nexport default function Blue() { return <><h1 className={styles.title}>Blue page</h1><p>text</p></>; }\n`,
    'styles/Blue.module.css': '.title { color: rgb(0, 0, 200); }\n',
    'public/favicon.ico': '',
    'node_modules/quote-lib/package.json': '{ "name": "quote-lib", "version": "1.0.0" }\n',
    'node_modules/quote-lib/quote.css': 'p { font-style: italic; }\n',
  },
  'stratus-page-styles-',
);
mkdirSync(path.join(dir, 'styles/img'));
copyFileSync(path.join(__dirname, '../fixtures/routing-app/public/files/dot.png'), path.join(dir, 'styles/img/dot.png'));
const env = siteAndBrowser(dir);
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

/** What the visitor sees: the heading's colour, whether text is italic, the page background. */
const looks = () =>
  tab.page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return { h1: style('h1').color, p: style('p').fontStyle, body: style('body').backgroundColor };
  });
/** The stylesheets that apply, by the name the build gave them (`app`, `page-red`); with `inactive`, those loaded ahead (prefetched). */
const sheets = (inactive = false) =>
  tab.page.evaluate(
    (inactive) =>
      [...document.querySelectorAll('link[rel=stylesheet]')]
        .filter((l) => (l.getAttribute('media') === 'not all') === inactive)
        .map((l) => l.getAttribute('href')!.replace(/^.*\/([a-z-]+)-[A-Z0-9]+\.css$/, '$1')),
    inactive,
  );
/** Records the heading's colour in the same task as React inserts it, before any paint. */
const watchHeading = () =>
  tab.page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __seen: string[] }).__seen = []);
    new MutationObserver(() => {
      const h1 = document.querySelector('h1');
      if (h1) seen.push(`${h1.textContent}: ${getComputedStyle(h1).color}`);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
const seenHeadings = () => tab.page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.filter((entry, i, all) => entry !== all[i - 1]));

const RED = 'rgb(200, 0, 0)';
const BLUE = 'rgb(0, 0, 200)';
const BACKGROUND = 'rgb(250, 250, 240)';

test("a first load links _app's stylesheet, then the page's own (its CSS Modules and the library CSS it imports)", async () => {
  await tab.goto('/red');
  expect(await sheets()).toEqual(['app', 'page-red']);
  expect(await looks()).toEqual({ h1: RED, p: 'italic', body: BACKGROUND });
  // The page's container is #__next, as apps' CSS expects.
  expect(await tab.page.evaluate(() => getComputedStyle(document.getElementById('__next')!).paddingTop)).toBe('7px');
  await tab.goto('/');
  expect(await sheets()).toEqual(['app']);
  expect(await looks()).toEqual({ h1: 'rgb(0, 0, 0)', p: 'normal', body: BACKGROUND });
  expect(tab.errors).toEqual([]);
});

test("a file named by url() in _app's CSS is served from the build's files, as an image", async () => {
  await tab.goto('/');
  const image = await tab.page.evaluate(async () => {
    const url = /url\("(.+)"\)/.exec(getComputedStyle(document.querySelector('nav')!).backgroundImage)?.[1] ?? '';
    const response = await fetch(url);
    return { path: new URL(url).pathname, status: response.status, type: response.headers.get('content-type'), bytes: (await response.arrayBuffer()).byteLength };
  });
  expect(image).toEqual({ path: expect.stringMatching(/^\/_app\/static\/media\/dot-\w+\.png$/), status: 200, type: 'image/png', bytes: statSync(path.join(dir, 'styles/img/dot.png')).size });
  expect(tab.errors).toEqual([]);
});

test("soft navigations load the next page's stylesheet before showing it and remove the last page's", async () => {
  await tab.goto('/');
  await tab.markWindow();
  await watchHeading();
  await tab.clickLink('Red');
  await tab.waitForText('Red page');
  expect(await looks()).toEqual({ h1: RED, p: 'italic', body: BACKGROUND });
  await eventually(async () => (await sheets()).join() === 'app,page-red', "only the red page's sheet beside _app's");

  await tab.clickLink('Blue');
  await tab.waitForText('Blue page');
  // The red page's library CSS left with it: text is no longer italic.
  expect(await looks()).toEqual({ h1: BLUE, p: 'normal', body: BACKGROUND });
  await eventually(async () => (await sheets()).join() === 'app,page-blue', "the red page's sheet removed");

  await tab.page.goBack();
  await tab.waitForText('Red page');
  expect(await looks()).toEqual({ h1: RED, p: 'italic', body: BACKGROUND });
  // Every heading was styled from the moment it was in the document.
  expect(await seenHeadings()).toEqual([`Red page: ${RED}`, `Blue page: ${BLUE}`, `Red page: ${RED}`]);
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
});

test('links in view prefetch their pages\' stylesheets without applying them', async () => {
  await tab.goto('/');
  await eventually(async () => (await sheets(true)).sort().join() === 'page-blue,page-red', 'both sheets loaded, inactive');
  expect(await sheets()).toEqual(['app']);
  expect(await looks()).toEqual({ h1: 'rgb(0, 0, 0)', p: 'normal', body: BACKGROUND });
  await tab.clickLink('Blue');
  await tab.waitForText('Blue page');
  expect(await looks()).toEqual({ h1: BLUE, p: 'normal', body: BACKGROUND });
  expect(await sheets()).toEqual(['app', 'page-blue']);
  expect(tab.errors).toEqual([]);
});
