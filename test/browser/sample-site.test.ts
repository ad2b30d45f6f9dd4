/**
 * The sample site in web/, in Chromium: every page hydrates without errors, the nav
 * navigates softly, and the gallery's images are picked from their srcset and loaded
 * through the image handler.
 */
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, openTab, startSite, type Site, type Tab } from '../helpers/browser';

let site: Site;
let browser: Browser;
let tab: Tab;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite('web'), launchBrowser()]);
  tab = await openTab(browser, site.url);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const PAGES = ['/', '/about', '/posts/first-frost', '/fr/posts/river-walk', '/docs/getting-started', '/shop/lined', '/news', '/gallery', '/products/1', '/products/9', '/authors/ada'];

test.each(PAGES)('%s hydrates without console errors', async (pathname) => {
  tab.errors.length = 0;
  await tab.goto(pathname);
  expect(tab.errors).toEqual([]);
});

test('the nav navigates softly through every kind of page', async () => {
  await tab.goto('/');
  await tab.markWindow();
  for (const [link, heading] of [['Notes', 'First frost'], ['Guides', 'Guide: getting started'], ['Shop', 'Shop'], ['News', 'News'], ['Gallery', 'Gallery'], ['About', 'About']]) {
    await tab.clickLink(link!);
    await tab.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }
  expect(await tab.isMarked()).toBe(true);
  await tab.clickLink('FR');
  await tab.page.getByRole('heading', { level: 1, name: 'About' }).waitFor();
  expect(tab.path()).toBe('/fr/about');
  expect(await tab.isMarked()).toBe(true);
});

test('the gallery: the browser picks a srcset candidate and loads it through the image handler', async () => {
  await tab.goto('/gallery');
  const hero = tab.page.getByAltText('Ridges at dusk under a full moon');
  await hero.evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((r) => img.addEventListener('load', r, { once: true }))));
  const { currentSrc, naturalWidth } = await hero.evaluate((img: HTMLImageElement) => ({ currentSrc: img.currentSrc, naturalWidth: img.naturalWidth }));
  expect(naturalWidth).toBeGreaterThan(0); // decoded, not a broken image
  const url = new URL(currentSrc);
  expect(url.pathname).toBe('/_app/image');
  const width = Number(url.searchParams.get('w'));
  // A 1000 px wide viewport at DPR 1 with sizes="(max-width: 768px) 100vw, 46rem" needs 736 px: the 750 candidate.
  expect(width).toBe(750);
  const response = await tab.page.request.get(currentSrc, { headers: { accept: 'image/avif,image/webp,*/*' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/avif');
  const meta = await sharp(await response.body()).metadata();
  expect([meta.width, meta.height]).toEqual([750, 500]);
  // The thumbnail's 1x candidate at DPR 1.
  const thumb = tab.page.getByAltText('Hills at noon');
  await thumb.scrollIntoViewIfNeeded();
  await thumb.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth ? undefined : new Promise((r) => img.addEventListener('load', r, { once: true }))));
  expect(new URL(await thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).searchParams.get('w')).toBe('384');
});
