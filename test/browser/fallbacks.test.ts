/**
 * Fallbacks in Chromium: what makes soft navigation give up for a full page load (page
 * script failing or late, data 5xx, unreachable or from another build), cancelled
 * navigations, and `fallback: true` pages completing their data with up to 3 attempts.
 * Failures are injected with Playwright's request interception.
 */
import type { Route } from 'playwright-core';
import { eventually, siteAndBrowser, openTab, type Tab } from '../helpers/browser';

const env = siteAndBrowser('test/fixtures/browser-app');
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.page.unrouteAll({ behavior: 'ignoreErrors' });
  await tab?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts a navigation with the app's Router singleton (exposed by the fixture's _app). */
const push = (url: string) => tab.page.evaluate((u) => void window.__router!.push(u), url);
/** Matches the default-locale data file of a page: `/_app/data/<build>/<path>.json`. */
const dataOf = (path: string) => (url: URL) => new RegExp(`^/_app/data/[^/]+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\.json$`).test(url.pathname);
const isFullLoadTo = (path: string) => (request: { isNavigationRequest(): boolean; url(): string; frame(): unknown }) =>
  request.isNavigationRequest() && new URL(request.url()).pathname === path;

async function expectFullLoad(path: string, text: string) {
  await tab.page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit' });
  await tab.page.getByText(text).first().waitFor();
  expect(await tab.isMarked()).toBe(false);
}

describe('page scripts', () => {
  test('a page script answered with 500 makes a full page load of the target', async () => {
    await tab.page.route('**/page-broken-*.js', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await tab.goto('/');
    await tab.markWindow();
    const navigation = tab.page.waitForRequest(isFullLoadTo('/broken'));
    await push('/broken');
    await navigation;
    await expectFullLoad('/broken', 'Broken page');
  });

  test('a page script that has not loaded within 3800 ms makes a full load at about 3.8 s', async () => {
    await tab.page.route('**/page-slow-*.js', async (route: Route) => {
      await sleep(8000);
      await route.continue().catch(() => undefined);
    });
    await tab.goto('/');
    await tab.markWindow();
    const navigation = tab.page.waitForRequest(isFullLoadTo('/slow'), { timeout: 10_000 });
    const started = Date.now();
    await push('/slow');
    await navigation;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(3700);
    expect(elapsed).toBeLessThan(5000);
    await expectFullLoad('/slow', 'Slow page');
  });
});

describe('page data', () => {
  test('server data answered with 500 on navigation makes a full load', async () => {
    let failures = 0;
    await tab.page.route(dataOf('/server-time'), (route) => (failures++, route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' })));
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('Server time');
    await expectFullLoad('/server-time', 'Server time');
    expect(failures).toBe(1);
  });

  test('a network failure fetching data makes a full load', async () => {
    await tab.page.route(dataOf('/docs/a/b/c'), (route) => route.abort('connectionreset'));
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('Docs a/b/c');
    await expectFullLoad('/docs/a/b/c', 'Docs: a/b/c');
  });

  test('an unknown build id (a new deployment) makes a full load', async () => {
    await tab.page.route(dataOf('/posts/a'), (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"unknown build id"}' }));
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('Post A');
    await expectFullLoad('/posts/a', 'slug=a');
  });
});

describe('cancellation', () => {
  test('a newer navigation cancels an older one, which never renders and reports cancelled', async () => {
    await tab.page.route(dataOf('/server-time'), async (route) => {
      await sleep(1500);
      await route.continue().catch(() => undefined);
    });
    await tab.goto('/');
    await tab.markWindow();
    // Records whether the older page ever appears, however briefly.
    await tab.page.evaluate(() => {
      new MutationObserver(() => {
        if (document.getElementById('now')) (window as unknown as { __sawServerTime: boolean }).__sawServerTime = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await tab.clearEvents();
    const older = tab.page.evaluate(() => window.__router!.push('/server-time'));
    await sleep(100);
    await push('/about');
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    expect(await older).toBe(false);
    await sleep(2000);
    expect(tab.path()).toBe('/about');
    expect(await tab.page.evaluate(() => (window as unknown as { __sawServerTime?: boolean }).__sawServerTime ?? false)).toBe(false);
    const events = await tab.events();
    expect(events).toContainEqual(['routeChangeError', { message: expect.any(String), cancelled: true }, '/server-time', { shallow: false }]);
    expect(events.filter((e) => e[0] === 'routeChangeComplete')).toEqual([['routeChangeComplete', '/about', { shallow: false }]]);
    expect(await tab.isMarked()).toBe(true);
  });
});

describe('fallback: true pages', () => {
  test('data that fails twice then succeeds renders after exactly 3 attempts', async () => {
    let attempts = 0;
    await tab.page.route(dataOf('/products/retry-ok'), async (route) => {
      attempts++;
      if (attempts <= 2) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' });
      else await route.continue();
    });
    const response = await tab.page.goto(`${env.site.url}/products/retry-ok`);
    expect(await response!.text()).toContain('Loading product…');
    await tab.page.locator('#product', { hasText: 'Product retry-ok' }).waitFor();
    await sleep(500);
    expect(attempts).toBe(3);
    expect(await tab.page.title()).toBe('Product retry-ok');
    expect(await tab.page.locator('#router-state').getAttribute('data-ready')).toBe('true');
  });

  test('data that keeps failing shows the error page after 3 attempts, and no more', async () => {
    let attempts = 0;
    await tab.page.route(dataOf('/products/retry-fail'), (route) => {
      attempts++;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service Unavailable"}' });
    });
    await tab.page.goto(`${env.site.url}/products/retry-fail`);
    await tab.waitForText('Internal Server Error');
    await eventually(async () => (await tab.page.title()) === '500: Internal Server Error', 'error page title');
    await sleep(1000);
    expect(attempts).toBe(3);
    expect(tab.path()).toBe('/products/retry-fail');
  });

  test('notFound data shows the 404 page', async () => {
    await tab.page.goto(`${env.site.url}/products/missing`);
    await tab.waitForText('This page could not be found');
    expect(await tab.page.title()).toBe('404: This page could not be found');
  });
});
