/**
 * Prefetching in Chromium, read from the network log: links in the viewport (in idle
 * time) and on hover prefetch the page script and static data, never server data, each
 * URL once; `prefetch={false}` and Save-Data.
 */
import { eventually, siteAndBrowser, openTab, type Tab } from '../helpers/browser';

const env = siteAndBrowser('test/fixtures/browser-app');
let tab: Tab;

afterEach(async () => {
  await tab?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Requests for the default-locale data file of `path`. */
const dataRequests = (path: string) => tab.requests.filter((r) => new RegExp(`^/_app/data/[^/]+${path}\\.json$`).test(r));
const scriptRequests = (chunk: string) => tab.requests.filter((r) => r.startsWith(`/_app/static/chunks/${chunk}-`));

test('visible links prefetch script and static data; below the fold and prefetch={false} wait; server data never', async () => {
  tab = await openTab(env.browser, env.site.url);
  await tab.goto('/prefetch');
  await eventually(() => dataRequests('/posts/c').length === 1, 'visible static-data link prefetched its data');
  await eventually(() => scriptRequests('page-server-time').length === 1, 'visible server page link prefetched its script');
  expect(scriptRequests('page-posts-slug')).toHaveLength(1);
  await sleep(500);
  expect(dataRequests('/server-time')).toEqual([]);
  expect(dataRequests('/posts/a')).toEqual([]);
  expect(dataRequests('/posts/d')).toEqual([]);

  // Scrolling the last link into view prefetches it.
  await tab.page.locator('#below-fold').scrollIntoViewIfNeeded();
  await eventually(() => dataRequests('/posts/a').length === 1, 'link below the fold prefetched once visible');

  // Hover prefetches even with prefetch={false}; each hover asks for static data again (a regenerated page's new
  // data is shown when the link is followed, as in the pages router); server data never.
  await tab.page.hover('#no-prefetch');
  await eventually(() => dataRequests('/posts/d').length === 1, 'hover prefetched');
  await tab.page.mouse.move(0, 0);
  await tab.page.hover('#no-prefetch');
  await eventually(() => dataRequests('/posts/d').length === 2, 'a second hover asked again');
  await tab.page.hover('#visible-static');
  await eventually(() => dataRequests('/posts/c').length === 2, 'hover asked again for data prefetched in view');
  await tab.page.hover('#visible-server');
  await sleep(300);
  expect(dataRequests('/server-time')).toEqual([]);

  // The navigation uses what was prefetched (the click's own hover may ask once more; the navigation adds no request).
  await tab.markWindow();
  await tab.clickLink('#visible-static');
  await tab.waitForText('slug=c');
  expect(dataRequests('/posts/c').length).toBeLessThanOrEqual(3);
  expect(scriptRequests('page-posts-slug')).toHaveLength(1);
  expect(await tab.isMarked()).toBe(true);
});

test('touch prefetches too', async () => {
  const context = await env.browser.newContext({ hasTouch: true, viewport: { width: 1000, height: 700 } });
  tab = await openTab(context, env.site.url);
  await tab.goto('/prefetch');
  await sleep(300);
  expect(dataRequests('/posts/d')).toEqual([]);
  await tab.page.dispatchEvent('#no-prefetch', 'touchstart');
  await eventually(() => dataRequests('/posts/d').length === 1, 'touch prefetched');
  await context.close();
});

test('nothing is prefetched when the browser signals Save-Data', async () => {
  tab = await openTab(env.browser, env.site.url, { saveData: true });
  await tab.goto('/prefetch');
  await tab.page.hover('#no-prefetch');
  await tab.page.locator('#below-fold').scrollIntoViewIfNeeded();
  await sleep(1500);
  expect(tab.requests.filter((r) => r.startsWith('/_app/data/'))).toEqual([]);
  expect(scriptRequests('page-posts-slug')).toEqual([]);
  expect(scriptRequests('page-server-time')).toEqual([]);
  // Navigation still works, loading on demand.
  await tab.clickLink('#visible-static');
  await tab.waitForText('slug=c');
  expect(dataRequests('/posts/c')).toHaveLength(1);
});
