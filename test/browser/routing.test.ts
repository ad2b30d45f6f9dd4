/**
 * The routing layer in Chromium: soft navigation lands where a full load would (into a
 * redirected path, a rewritten one, a middleware-gated one), on the sample site and on a
 * site mounted under a basePath with trailing slashes (test/fixtures/routing-app).
 */
import type { BrowserContext } from 'playwright-core';
import { eventually, siteAndBrowser, newContext, openTab, type Tab } from '../helpers/browser';

const routerState = (tab: Tab, name: string) => tab.page.locator('#router-state').getAttribute(`data-${name}`);

describe('the sample site', () => {
  const env = siteAndBrowser('web/site');
  let context: BrowserContext;
  let tab: Tab;
  beforeAll(async () => {
    context = await newContext(env.browser);
  });
  beforeEach(async () => {
    await context.clearCookies();
    tab = await openTab(context, env.site.url);
  });
  afterEach(async () => {
    await tab?.close();
  });

  test('the members link, signed out: middleware sends the soft navigation to the sign-in page', async () => {
    await tab.goto('/about');
    await tab.markWindow();
    await tab.clickLink('Members');
    await eventually(() => tab.path() === '/sign-in?next=%2Fmembers', `at /sign-in (at ${tab.path()})`);
    await tab.page.locator('main h1', { hasText: 'Sign in' }).waitFor();
    expect(await tab.isMarked()).toBe(true);
    expect(tab.errors).toEqual([]);
  });

  test('signing in with the form opens the members page; its links follow the redirect (a full load, as the pages router does) and the rewrite softly', async () => {
    await tab.goto('/sign-in?next=%2Fmembers');
    await tab.page.fill('input[name=name]', 'Ada');
    await Promise.all([tab.page.waitForURL('**/members'), tab.page.click('#sign-in button[type=submit]')]);
    expect(await tab.page.textContent('#welcome')).toBe('Welcome back, Ada.');
    await tab.page.waitForFunction(() => (history.state as { __s?: number } | null)?.__s === 1);
    await tab.markWindow();

    // A legacy URL: the config redirect, loaded in full as the pages router does (the source requested, its redirect followed).
    await tab.clickLink('/blog/first-frost');
    await eventually(() => tab.path() === '/posts/first-frost', `redirected (at ${tab.path()})`);
    await tab.page.locator('main h1', { hasText: 'First frost' }).waitFor();
    expect(await tab.isMarked()).toBe(false);
    expect(tab.requestsTo('/blog/first-frost').filter((url) => !url.includes('/_app/data/')).length).toBe(1);

    // A rewrite: the docs page is shown, the address bar keeps /guide/….
    await tab.page.goBack();
    await tab.page.locator('#welcome').waitFor();
    await tab.page.waitForFunction(() => (history.state as { __s?: number } | null)?.__s === 1);
    await tab.markWindow();
    await tab.clickLink('/guide/getting-started');
    await tab.page.locator('main h1', { hasText: 'Guide: getting started' }).waitFor();
    expect(tab.path()).toBe('/guide/getting-started');
    expect(await tab.isMarked()).toBe(true);
    // No failed request on the way (the redirected path's page data answered 404 once), as under Next.
    expect(tab.errors).toEqual([]);
  });

  test('a full load of a rewritten URL shows the same page as the soft navigation', async () => {
    await tab.goto('/guide/getting-started');
    await tab.page.locator('main h1', { hasText: 'Guide: getting started' }).waitFor();
    expect(tab.path()).toBe('/guide/getting-started');
    expect(tab.errors).toEqual([]);
  });
});

describe('a site under a basePath, with trailing slashes', () => {
  const env = siteAndBrowser('test/fixtures/routing-app');
  let tab: Tab;
  beforeEach(async () => {
    tab = await openTab(env.browser, env.site.url);
  });
  afterEach(async () => {
    await tab?.close();
  });

  test('links and the router write /base/…/ URLs; navigation stays soft', async () => {
    await tab.goto('/base/');
    await tab.markWindow();
    expect(await tab.page.getAttribute('a:text("About")', 'href')).toBe('/base/about/');
    await tab.clickLink('About');
    await eventually(() => tab.path() === '/base/about/', `at /base/about/ (at ${tab.path()})`);
    await tab.page.locator('main h1', { hasText: 'About' }).waitFor();
    await tab.clickLink('Post 1');
    await tab.page.locator('main h1', { hasText: 'Post 1' }).waitFor();
    expect(tab.path()).toBe('/base/posts/1/');
    expect(await routerState(tab, 'aspath')).toBe('/posts/1/');
    expect(await routerState(tab, 'basepath')).toBe('/base');
    expect(tab.requestsTo('/base/_app/data/').length).toBeGreaterThan(0);
    expect(await tab.isMarked()).toBe(true);
    expect(tab.errors).toEqual([]);
  });

  test('a redirect, a rewrite and the middleware gate: soft navigation ends where a full load does', async () => {
    await tab.goto('/base/');
    await tab.clickLink('Old 2');
    // A config redirect: loaded in full, as the pages router does.
    await eventually(() => tab.path() === '/base/posts/2/', `redirected (at ${tab.path()})`);
    await tab.page.locator('main h1', { hasText: 'Post 2' }).waitFor();
    await tab.page.waitForFunction(() => (history.state as { __s?: number } | null)?.__s === 1);
    await tab.markWindow();
    await tab.clickLink('Alias');
    await tab.page.locator('main h1', { hasText: 'About' }).waitFor();
    expect(tab.path()).toBe('/base/alias/');
    expect(await routerState(tab, 'pathname')).toBe('/about');
    await tab.clickLink('Private');
    await eventually(() => tab.path() === '/base/about/', `gated (at ${tab.path()})`);
    expect(await tab.isMarked()).toBe(true);
    // No failed request on the way (the redirect's page data answered 404 once), as under Next.
    expect(tab.errors).toEqual([]);
    // A Link to an API route: loaded in full at once, as the pages router does, its page data never asked for.
    await tab.clickLink('API');
    await eventually(() => tab.path() === '/base/api/hello/', `at the API route (at ${tab.path()})`);
    expect(await tab.page.textContent('body')).toContain('from the API');
    expect(tab.requestsTo('/api/hello').filter((url) => url.includes('/_app/data/'))).toEqual([]);
  });

  test("a full load of a static page a rewrite gave a query: router.query has it once hydrated, as in the pages router, and hydration matches the stored page", async () => {
    await tab.goto('/base/promo/?x=1');
    await eventually(async () => JSON.parse((await routerState(tab, 'query')) ?? '{}').from === 'config', 'the rewrite’s query in router.query');
    expect(JSON.parse((await routerState(tab, 'query'))!)).toEqual({ x: '1', from: 'config' });
    expect(await routerState(tab, 'aspath')).toBe('/promo/?x=1');
    expect(tab.errors).toEqual([]);
  });

  test('a full load: /base/about answers 308 to /base/about/; rewrites serve a public file and the image path', async () => {
    const about = await tab.page.request.get(`${env.site.url}/base/about`, { maxRedirects: 0 });
    expect([about.status(), about.headers().location]).toEqual([308, '/base/about/']);
    const manual = await tab.page.request.get(`${env.site.url}/base/manual/`);
    expect(await manual.text()).toContain('The manual, as a public file.');
    expect((await tab.page.request.get(`${env.site.url}/about/`, { maxRedirects: 0 })).status()).toBe(404);
    // A rewrite to the image path gets the image function's answer.
    const thumb = await tab.page.request.get(`${env.site.url}/base/thumb/`, { headers: { accept: 'image/webp,*/*' } });
    expect([thumb.status(), thumb.headers()['content-type']]).toEqual([200, 'image/webp']);
  });
});
