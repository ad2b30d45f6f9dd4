/**
 * next/font/local in Chromium: the page's text is set in the app's own font, which the
 * browser loads (once) from the build's static files; a page reached by a client navigation
 * that uses a font of its own shows it too, without a reload.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const APP = {
  'pages/_app.js': `import localFont from 'next/font/local';
const brand = localFont({ src: '../fonts/Brand.ttf' });
export default function App({ Component, pageProps }) { return <main className={brand.className}><Component {...pageProps} /></main>; }
`,
  'pages/index.js': `import Link from 'next/link';
export default function Home() { return <><p id="text">home</p><Link href="/display">Display</Link></>; }
`,
  'pages/display.js': `import localFont from 'next/font/local';
const display = localFont({ src: '../fonts/Display.ttf', weight: '700' });
export default function Display() { return <h1 id="display" className={display.className}>display</h1>; }
`,
  'public/favicon.ico': '',
};

/** A real TrueType font to load (an undecodable one is fetched again by Chromium): the icon font playwright-core ships. */
function aFont(): Buffer {
  const lib = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib');
  const file = readdirSync(lib, { recursive: true }).map(String).find((name) => /codicon[^/]*\.ttf$/.test(name));
  if (!file) throw new Error(`no .ttf under ${lib} to test with`);
  return readFileSync(path.join(lib, file));
}

const dir = tempApp(APP, 'stratus-local-font-');
mkdirSync(path.join(dir, 'fonts'));
writeFileSync(path.join(dir, 'fonts/Brand.ttf'), aFont());
writeFileSync(path.join(dir, 'fonts/Display.ttf'), aFont());
const env = siteAndBrowser(dir);

test("the page's text is in the app's font, loaded from the build's static files; a font of the next page is declared on the client navigation", async () => {
  const tab = await openTab(env.browser, env.site.url);
  const fonts: { path: string; status: number; bytes: number }[] = [];
  tab.page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.ttf')) fonts.push({ path: pathname, status: response.status(), bytes: (await response.body()).length });
  });
  await tab.goto('/');
  await tab.markWindow();
  const family = (selector: string) => tab.page.evaluate((s) => getComputedStyle(document.querySelector(s)!).fontFamily, selector);
  expect(await family('#text')).toMatch(/^__Brand_[a-z0-9]+, system-ui/);
  await tab.page.waitForFunction(() => [...document.fonts].some((face) => face.family.startsWith('__Brand_') && face.status === 'loaded'));
  await tab.page.waitForTimeout(200);
  expect(fonts).toEqual([{ path: expect.stringMatching(/^\/_app\/static\/media\/Brand\.[0-9a-f]{8}\.ttf$/), status: 200, bytes: aFont().length }]);

  await tab.clickLink('Display');
  await tab.waitForText('display');
  expect(await tab.isMarked()).toBe(true);
  expect(await family('#display')).toMatch(/^__Display_[a-z0-9]+, system-ui/);
  await tab.page.waitForFunction(() => [...document.fonts].some((face) => face.family.startsWith('__Display_') && face.status === 'loaded'));
  await tab.page.waitForTimeout(200);
  expect(fonts.map((font) => font.path)).toEqual([expect.stringMatching(/Brand\./), expect.stringMatching(/^\/_app\/static\/media\/Display\.[0-9a-f]{8}\.ttf$/)]);
  expect(fonts[1]).toMatchObject({ status: 200, bytes: aFont().length });
  await tab.close();
});
