/**
 * The sample site (web/site/) in Chromium: every page hydrates without a warning or error,
 * its links navigate softly everywhere, and the gallery loads srcset candidates.
 */
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { eventually, siteAndBrowser, newContext, openTab, type Tab } from '../helpers/browser';

const env = siteAndBrowser('web/site');
let context: BrowserContext;
let tab: Tab;

beforeAll(async () => {
  context = await newContext(env.browser);
});
beforeEach(async () => {
  tab = await openTab(context, env.site.url);
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

test("the built-in 404 page: its metrics are taken as the /_error route's, nothing else fails on it or on leaving it", async () => {
  await tab.goto('/no/such/page');
  await tab.page.waitForTimeout(100);
  await tab.goto('/about');
  await tab.page.waitForTimeout(100);
  expect(tab.errors.filter((text) => !/status of 404/.test(text))).toEqual([]);
  expect(env.site.logs()).toContain('"route":"/_error"');
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

test('the gallery: the browser picks a srcset candidate and loads it through the image handler', async () => {
  await tab.goto('/gallery');
  const loaded = (img: HTMLImageElement) =>
    img.complete && img.naturalWidth > 0 ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
  const hero = tab.page.getByAltText('Ridges at dusk under a full moon');
  await hero.evaluate(loaded);
  const currentSrc = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  const url = new URL(currentSrc);
  expect(url.pathname).toBe('/_app/image');
  // A 1000 px viewport at DPR 1 with sizes="(max-width: 768px) 100vw, 46rem" needs 736 px: the 750 candidate.
  expect(url.searchParams.get('w')).toBe('750');
  const response = await tab.page.request.get(currentSrc, { headers: { accept: 'image/avif,image/webp,*/*' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/avif');
  const meta = await sharp(await response.body()).metadata();
  expect([meta.width, meta.height]).toEqual([750, 500]);
  // The fixed-width thumbnail: its 1x candidate at DPR 1, once scrolled into view (lazy).
  const thumb = tab.page.getByAltText('Hills at noon');
  await thumb.scrollIntoViewIfNeeded();
  await thumb.evaluate(loaded);
  expect(new URL(await thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).searchParams.get('w')).toBe('384');
});
