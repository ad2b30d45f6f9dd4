/**
 * An app written in Next's idiom (next/app as a class, next/link, next/router with
 * withRouter, next/head, next/image, next/dynamic, next/script, next/error, types from
 * "next") builds unmodified and behaves in Chromium as a pages-router app does.
 */
import { eventually, openTab, siteAndBrowser, type Tab } from '../helpers/browser';

const env = siteAndBrowser('test/fixtures/apps/next-idiom');
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

const read = (expression: string) => tab.page.evaluate(expression);

test('hydrates cleanly: the code-split component rendered on the server is there before hydration, the client-only one appears after', async () => {
  await tab.goto('/');
  await tab.waitForText('Hello from pages router');
  await tab.waitForText('rendered in the browser at client');
  expect(await tab.page.getByText('loading greeting').count()).toBe(0);
  expect(tab.errors).toEqual([]);
});

test('scripts: the inline one runs once, the external one loads once and calls onLoad, also after navigating away and back', async () => {
  await tab.goto('/');
  await eventually(async () => (await read('window.externalLoaded')) === true, 'onLoad of /external.js');
  expect(await read('window.inlineRuns')).toBe(1);
  await tab.markWindow();
  await tab.clickLink('Widgets');
  await tab.waitForText('Widgets at /widgets');
  await tab.clickLink('Home');
  await tab.waitForText('Hello from pages router');
  expect(await tab.isMarked()).toBe(true);
  expect(await read('window.inlineRuns')).toBe(1);
  expect(await read('window.externalRuns')).toBe(1);
  expect(tab.errors).toEqual([]);
});

test("_app is given the router as a prop, as the pages router gives it: on the server's HTML and after a client navigation", async () => {
  const html = await (await fetch(`${env.site.url}/widgets`)).text();
  expect(html).toContain('_app sees <!-- -->/widgets');
  await tab.goto('/');
  expect(await tab.page.textContent('#app-route')).toBe('_app sees /');
  await tab.clickLink('Item 7');
  await tab.waitForText('_app sees /items/[id]');
  expect(tab.errors).toEqual([]);
});

test('withRouter, a Link with an href object, next/image and next/error', async () => {
  await tab.goto('/widgets');
  await tab.waitForText('Widgets at /widgets');
  await tab.markWindow();
  await tab.clickLink('Item 7');
  // The nav link says "Item 7" too: wait for the page's own heading.
  await tab.page.waitForSelector('h1:has-text("Item 7")');
  expect(tab.path()).toBe('/items/7');
  expect(await tab.isMarked()).toBe(true);
  expect(await tab.page.locator('img[alt="dot"]').getAttribute('src')).toMatch(/^\/_app\/image\?url=%2Fdot\.png&w=\d+&q=75$/);
  await tab.goto('/widgets?gone=1');
  expect(await tab.page.title()).toBe('404: This page could not be found');
  await tab.waitForText('This page could not be found.');
  expect(tab.errors).toEqual([]);
});

test('Link with legacyBehavior and passHref gives its own <a> the href and navigates softly; replace and scroll={false}', async () => {
  await tab.goto('/widgets');
  await tab.waitForText('Widgets at /widgets');
  expect(await tab.page.locator('a.legacy').getAttribute('href')).toBe('/items/9');
  expect(await tab.page.locator('a a').count()).toBe(0);
  await tab.markWindow();
  await tab.page.click('a.legacy');
  await tab.page.waitForSelector('h1:has-text("Item 9")');
  expect(tab.path()).toBe('/items/9');
  expect(await tab.isMarked()).toBe(true);
  await tab.page.goBack();
  await tab.waitForText('Widgets at /widgets');
  const length = await read('history.length');
  await tab.clickLink('Home, replacing');
  await tab.waitForText('Hello from pages router');
  expect(await read('history.length')).toBe(length);
  expect(tab.errors).toEqual([]);
});
