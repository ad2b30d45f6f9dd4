/**
 * The sample site (web/) in Chromium: every page hydrates without a warning or error,
 * and its links navigate softly everywhere.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { eventually, launchBrowser, newContext, openTab, startSite, type Site, type Tab } from '../helpers/browser';

let site: Site;
let browser: Browser;
let context: BrowserContext;
let tab: Tab;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite('web'), launchBrowser()]);
  context = await newContext(browser);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});
beforeEach(async () => {
  tab = await openTab(context, site.url);
});
afterEach(async () => {
  await tab?.close();
});

const PAGES = [
  '/',
  '/about',
  '/posts/first-frost',
  '/posts/river-walk#comments',
  '/docs/getting-started',
  '/docs/getting-started/install',
  '/shop',
  '/shop/lined',
  '/news',
  '/products/1',
  '/products/3',
  '/authors/ada',
  '/gallery',
  '/fr',
  '/fr/about',
  '/fr/posts/first-frost',
];

test('every sample page hydrates without warnings or errors', async () => {
  const warnings: string[] = [];
  tab.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  for (const path of PAGES) {
    await tab.goto(path);
    await tab.page.waitForTimeout(50);
    expect({ path, errors: tab.errors, warnings }).toEqual({ path, errors: [], warnings: [] });
  }
});

test('the header and page links navigate softly everywhere', async () => {
  await tab.goto('/');
  await tab.markWindow();
  const visit = async (name: string, path: string, heading: string | RegExp) => {
    await tab.clickLink(name);
    await eventually(() => tab.path() === path, `URL ${path} after clicking ${name} (at ${tab.path()})`);
    await tab.page.locator('main h1', { hasText: heading }).waitFor();
  };
  await visit('Notes', '/posts/first-frost', 'First frost');
  await visit('Guides', '/docs/getting-started', 'Guide: getting started');
  await visit('Installing', '/docs/getting-started/install', 'install');
  await visit('Shop', '/shop', 'Shop');
  await visit('Lined', '/shop/lined', 'Shop: lined');
  await visit('News', '/news', 'News');
  await visit('About', '/about', 'About');
  await visit('FR', '/fr/about', 'About');
  expect(await tab.page.getAttribute('html', 'lang')).toBe('fr');
  await visit('EN', '/about', 'About');
  await visit('Field Notes', '/', 'Field Notes');
  await visit('River walk', '/posts/river-walk', 'River walk');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
});
