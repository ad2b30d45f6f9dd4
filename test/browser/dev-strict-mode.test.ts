/**
 * `reactStrictMode: true` in next.config.js, as create-next-app writes it: under `stratus dev`
 * the app runs inside React's StrictMode (an effect runs, is cleaned up and runs again, as
 * under `next dev`); the production build of the same app runs it once.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, openTab, startSite, type Site } from '../helpers/browser';
import { startDev, type DevServer } from '../helpers/stratus-process';
import { tempApp } from '../helpers/temp-app';

const PAGE = `import { useEffect } from 'react';
export default function Effects() {
  useEffect(() => {
    (window as any).__effects = [...((window as any).__effects ?? []), 'run'];
    return () => { (window as any).__effects.push('cleanup'); };
  }, []);
  return <p id="effects">effects</p>;
}
`;

let dir: string;
let dev: DevServer;
let site: Site;
let browser: Browser;

beforeAll(async () => {
  dir = tempApp({ 'next.config.js': 'module.exports = { reactStrictMode: true };\n', 'pages/index.tsx': PAGE, 'public/favicon.ico': '' }, 'stratus-strict-');
  [dev, site, browser] = await Promise.all([startDev(dir), startSite(dir), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([browser?.close(), dev?.close(), site?.close()]);
});

async function effectsAt(url: string): Promise<string[]> {
  const tab = await openTab(browser, url);
  await tab.goto('/');
  await tab.waitForText('effects');
  await tab.page.waitForFunction(() => (window as unknown as { __effects?: string[] }).__effects !== undefined);
  // StrictMode's second run follows the first at once; a moment for anything later.
  await tab.page.waitForTimeout(200);
  const effects = await tab.page.evaluate(() => (window as unknown as { __effects: string[] }).__effects);
  expect(tab.errors).toEqual([]);
  await tab.close();
  return effects;
}

test('under stratus dev, an effect runs, is cleaned up and runs again, as StrictMode does', async () => {
  expect(await effectsAt(dev.url)).toEqual(['run', 'cleanup', 'run']);
  expect(dev.output()).not.toMatch(/reactStrictMode/);
});

test('the production build runs it once', async () => {
  expect(await effectsAt(site.url)).toEqual(['run']);
});
