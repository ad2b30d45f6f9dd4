/**
 * Server error pages in Chromium, on an app with its own 404, 500 (which throws) and
 * _error pages: each hydrates as the page the server chose, without errors.
 */
import { openTab, siteAndBrowser, type Tab } from '../helpers/browser';

const env = siteAndBrowser('test/fixtures/apps/custom-errors');
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

test("the app's own 404 page hydrates", async () => {
  await tab.goto('/nowhere');
  expect(await tab.page.title()).toBe('Lost in the hills');
  await tab.waitForText('Custom 404');
  // Chromium logs the 404 status itself (of the document, and of /favicon.ico); nothing else.
  expect(tab.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});

test('when the custom 500 page throws, the built-in page is served and hydrates as the built-in page', async () => {
  await tab.goto('/boom');
  expect(await tab.page.title()).toBe('500: Internal Server Error');
  await tab.waitForText('Internal Server Error.');
  expect(tab.errors.filter((e) => !e.includes('status of 500'))).toEqual([]);
  expect(await tab.page.getByText('Custom error').count()).toBe(0);
});
