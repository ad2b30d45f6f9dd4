/**
 * The client runtime in Chromium against `stratus start` on test/fixtures/browser-app:
 * hydration, soft navigation, events, history, params, locales, hash changes, scroll,
 * `<Head>` and the client error page.
 */
import type { BrowserContext } from 'playwright-core';
import { CLIENT_ERROR_TITLE, clientErrorMessage } from '../../web/runtime/shared/errors';
import { eventually, siteAndBrowser, newContext, openTab, type Tab } from '../helpers/browser';

const env = siteAndBrowser('test/fixtures/browser-app');
let context: BrowserContext;
let tab: Tab;

beforeAll(async () => {
  // One context for the file: tabs share the HTTP cache (scripts are immutable), so only
  // the first test pays for loading them.
  context = await newContext(env.browser);
});
beforeEach(async () => {
  tab = await openTab(context, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

const routerState = (name: string) => tab.page.locator('#router-state').getAttribute(`data-${name}`);
const scrollY = () => tab.page.evaluate(() => Math.round(window.scrollY));
/** Clicks without Playwright's scrolling the element into view first (which would move the saved position). */
const clickInPlace = (selector: string) => tab.page.$eval(selector, (element) => (element as HTMLElement).click());
const offsetOf = (selector: string) => tab.page.evaluate((s) => Math.round(document.querySelector(s)!.getBoundingClientRect().top + window.scrollY), selector);

describe('hydration', () => {
  test('hydrates without errors and wraps the page in _app', async () => {
    for (const path of ['/', '/about', '/posts/a', '/docs/x/y', '/shop/x', '/server-time', '/long', '/fr/about', '/head-page']) {
      await tab.goto(path);
      await tab.page.click('#app-clicks');
      await eventually(async () => (await tab.page.textContent('#app-clicks')) === 'app clicks 1', `_app is interactive on ${path}`);
    }
    expect(tab.errors).toEqual([]);
  });

  test("the page's data is under Next's id and in window.__NEXT_DATA__, as apps and libraries read it", async () => {
    await tab.goto('/');
    const data = await tab.page.evaluate(() => {
      const global = (window as unknown as { __NEXT_DATA__?: { page: string; buildId: string; props: { pageProps: unknown } } }).__NEXT_DATA__;
      const embedded = JSON.parse(document.getElementById('__NEXT_DATA__')?.textContent ?? 'null') as { buildId: string } | null;
      return { page: global?.page, hasProps: typeof global?.props?.pageProps === 'object', sameBuild: embedded !== null && embedded.buildId === global?.buildId };
    });
    expect(data).toEqual({ page: '/', hasProps: true, sameBuild: true });
  });

  test('static pages with search params are not ready on the first render, then get the full query', async () => {
    await tab.goto('/shop/x?sort=price#top');
    await eventually(async () => (await routerState('ready')) === 'true', 'isReady');
    expect(JSON.parse((await routerState('query'))!)).toEqual({ filters: ['x'], sort: 'price' });
    expect(await routerState('aspath')).toBe('/shop/x?sort=price#top');
    expect(tab.errors).toEqual([]);
  });
});

describe('soft navigation', () => {
  test('a click navigates without reloading, changes the URL and emits the events in order', async () => {
    await tab.goto('/');
    await tab.markWindow();
    await tab.clearEvents();
    await tab.clickLink('#to-about');
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    expect(tab.path()).toBe('/about');
    expect(await tab.isMarked()).toBe(true);
    expect(await tab.page.title()).toBe('About');
    await eventually(async () => (await tab.events()).length === 3, 'three events');
    expect(await tab.events()).toEqual([
      ['routeChangeStart', '/about', { shallow: false }],
      ['beforeHistoryChange', '/about', { shallow: false }],
      ['routeChangeComplete', '/about', { shallow: false }],
    ]);
    // Loaded the page's script; a static page without data fetches no data.
    expect(tab.requestsTo('/_app/data/').filter((r) => r.includes('/about'))).toEqual([]);
  });

  test('back and forward restore pages softly', async () => {
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('#to-about');
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    await tab.clickLink('Long page, section 3');
    await tab.page.locator('h1', { hasText: 'Long page' }).waitFor();
    await tab.page.goBack();
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    expect(tab.path()).toBe('/about');
    await tab.page.goBack();
    await tab.page.locator('h1', { hasText: 'Hello' }).waitFor();
    expect(tab.path()).toBe('/');
    await tab.page.goForward();
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    expect(await tab.isMarked()).toBe(true);
  });

  test('dynamic, catch-all and optional catch-all params after soft navigation', async () => {
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('#to-post-b');
    await tab.waitForText('slug=b');
    expect(tab.path()).toBe('/posts/b?ref=home');
    expect(JSON.parse((await routerState('query'))!)).toEqual({ slug: 'b', ref: 'home' });
    expect(await routerState('pathname')).toBe('/posts/[slug]');

    await tab.page.goBack();
    await tab.clickLink('Docs a/b/c');
    await tab.page.locator('#docs-path', { hasText: '["a","b","c"]' }).waitFor();
    expect(JSON.parse((await routerState('query'))!)).toEqual({ path: ['a', 'b', 'c'] });

    await tab.page.goBack();
    await tab.clickLink('Shop all');
    await tab.page.locator('#filters', { hasText: '[]' }).waitFor();
    expect(await routerState('pathname')).toBe('/shop/[[...filters]]');

    await tab.page.goBack();
    await tab.clickLink('Shop x/y');
    await tab.page.locator('#filters', { hasText: '["x","y"]' }).waitFor();
    expect(JSON.parse((await routerState('query'))!)).toEqual({ filters: ['x', 'y'], sort: 'price' });
    expect(await tab.isMarked()).toBe(true);
  });

  test('server data is fetched on every navigation, static data once per build', async () => {
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('Server time');
    await tab.page.locator('#now').waitFor();
    await tab.page.goBack();
    await tab.clickLink('Server time');
    await tab.page.locator('#now').waitFor();
    expect(tab.requestsTo('/server-time.json')).toHaveLength(2);
    // Clicked without hovering first: a hover asks for static data again (a regenerated page's new data, as in the
    // pages router), which is not what this counts.
    const postA = tab.page.getByRole('link', { name: 'Post A', exact: true });
    await tab.page.goBack();
    await postA.dispatchEvent('click');
    await tab.waitForText('slug=a');
    await tab.page.goBack();
    await postA.dispatchEvent('click');
    await tab.waitForText('slug=a');
    expect(tab.requests.filter((r) => /^\/_app\/data\/[^/]+\/posts\/a\.json$/.test(r))).toHaveLength(1);
    expect(await tab.isMarked()).toBe(true);
  });

  test('modified clicks, target=_blank and other origins are left to the browser', async () => {
    await tab.goto('/');
    await tab.markWindow();
    const popup = tab.page.context().waitForEvent('page');
    await tab.page.click('#to-about', { modifiers: ['Shift'] });
    await (await popup).close();
    const blank = tab.page.context().waitForEvent('page');
    await tab.page.click('#about-blank');
    await (await blank).close();
    expect(tab.path()).toBe('/');
    expect(await tab.isMarked()).toBe(true);
    await tab.page.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Elsewhere</h1>' }));
    await tab.page.click('#external');
    await tab.page.waitForURL('https://example.com/elsewhere');
  });

  test('redirects from data: internal softly, external with a full load', async () => {
    await tab.goto('/docs/start');
    await tab.markWindow();
    await tab.clickLink('Old docs');
    await tab.page.locator('#docs-path', { hasText: '["new"]' }).waitFor();
    expect(tab.path()).toBe('/docs/new');
    expect(await tab.isMarked()).toBe(true);
    await tab.page.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Away</h1>' }));
    await tab.clickLink('Away');
    await tab.page.waitForURL('https://example.com/away');
  });

  test('notFound data shows the 404 page softly; a missing route is loaded in full, as the pages router does', async () => {
    await tab.goto('/docs/start');
    await tab.markWindow();
    await tab.clickLink('Gone docs');
    await tab.waitForText('This page could not be found');
    expect(await tab.page.title()).toBe('404: This page could not be found');
    expect(tab.path()).toBe('/docs/gone');
    await tab.page.goBack();
    await tab.page.locator('#docs-path').waitFor();
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('Missing page');
    await tab.waitForText('This page could not be found');
    expect(await tab.page.title()).toBe('404: This page could not be found');
    expect(tab.path()).toBe('/no-such-page');
    expect(await tab.isMarked()).toBe(false);
    await tab.page.goBack();
    await tab.page.locator('h1', { hasText: 'Hello' }).waitFor();
  });

  test('shallow routing updates the URL and query without loading data', async () => {
    await tab.goto('/');
    await tab.clearEvents();
    const before = tab.requests.length;
    await tab.page.click('#push-shallow');
    await eventually(() => tab.path() === '/?tab=2', 'URL with ?tab=2');
    await eventually(async () => JSON.parse((await routerState('query'))!).tab === '2', 'query.tab');
    expect(tab.requests.slice(before).filter((r) => /^\/_app\/data\/[^/]+\/index\.json/.test(r))).toEqual([]);
    expect((await tab.events())[0]).toEqual(['routeChangeStart', '/?tab=2', { shallow: true }]);
  });
});

describe('locales', () => {
  test('Link locale switches the locale softly', async () => {
    await tab.goto('/about');
    await tab.markWindow();
    await tab.clickLink('#switch-locale');
    await tab.page.locator('h1', { hasText: 'À propos' }).waitFor();
    expect(tab.path()).toBe('/fr/about');
    expect(await routerState('locale')).toBe('fr');
    expect(await tab.page.getAttribute('html', 'lang')).toBe('fr');
    expect(await tab.page.getAttribute('#nav a[href="/fr"]', 'href')).toBe('/fr');
    await tab.clickLink('#switch-locale');
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    expect(tab.path()).toBe('/about');
    expect(await tab.isMarked()).toBe(true);
  });

  test('router.push(url, undefined, { locale }) and data in that locale', async () => {
    await tab.goto('/');
    await tab.markWindow();
    await tab.page.click('#push-fr');
    await tab.page.locator('h1', { hasText: 'À propos' }).waitFor();
    expect(tab.path()).toBe('/fr/about');
    // Without a hover first (which asks for static data again): the navigation's own request, one.
    await tab.page.getByRole('link', { name: 'Home', exact: true }).first().dispatchEvent('click');
    await tab.page.locator('h1', { hasText: 'Bonjour' }).waitFor();
    expect(tab.path()).toBe('/fr');
    expect(tab.requestsTo('/fr/index.json').length).toBe(1);
    expect(await tab.isMarked()).toBe(true);
  });
});

describe('window.next.router', () => {
  test('drives the router as in the pages router; a URL that spells out the default locale keeps it in the address bar', async () => {
    await tab.goto('/fr/about');
    await tab.markWindow();
    expect(await tab.page.evaluate(() => (window as unknown as { next: { router: { asPath: string; locale: string } } }).next.router.locale)).toBe('fr');
    await tab.page.evaluate(() => void (window as unknown as { next: { router: { push(url: string): Promise<boolean> } } }).next.router.push('/en/about'));
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    expect(tab.path()).toBe('/en/about');
    expect(await routerState('locale')).toBe('en');
    expect(await tab.page.evaluate(() => (window as unknown as { next: { router: { asPath: string } } }).next.router.asPath)).toBe('/about');
    expect(await tab.isMarked()).toBe(true);
  });
});

describe('hash navigation', () => {
  test('scrolls to the id or name, fetches nothing, keeps the page and emits hash events', async () => {
    await tab.goto('/long');
    await tab.markWindow();
    await tab.page.click('#count');
    await tab.clearEvents();
    const before = tab.requests.length;
    await tab.clickLink('#hash-3');
    await eventually(() => tab.path() === '/long#section-3', 'URL hash');
    await eventually(async () => Math.abs((await scrollY()) - (await offsetOf('#section-3'))) <= 2, 'scrolled to #section-3');
    await clickInPlace('#hash-named');
    await eventually(async () => Math.abs((await scrollY()) - (await offsetOf('a[name="named"]'))) <= 2, 'scrolled to the named anchor');
    await clickInPlace('#top-from-4');
    await eventually(async () => (await scrollY()) === 0, 'scrolled to the top');
    expect(tab.path()).toBe('/long#top');
    expect(tab.requests.slice(before)).toEqual([]);
    expect(await tab.page.textContent('#count')).toBe('count 1');
    expect(await tab.isMarked()).toBe(true);
    expect((await tab.events()).slice(0, 2)).toEqual([
      ['hashChangeStart', '/long#section-3', { shallow: false }],
      ['hashChangeComplete', '/long#section-3', { shallow: false }],
    ]);
    expect(await routerState('aspath')).toBe('/long#top');

    // Back and forward between hashes restore their positions.
    await tab.page.goBack();
    await eventually(() => tab.path() === '/long#named', 'back to #named');
    await eventually(async () => Math.abs((await scrollY()) - (await offsetOf('a[name="named"]'))) <= 2, 'restored at #named');
    await tab.page.goBack();
    await eventually(async () => Math.abs((await scrollY()) - (await offsetOf('#section-3'))) <= 2, 'restored at #section-3');
    await tab.page.goForward();
    await eventually(() => tab.path() === '/long#named', 'forward to #named');
    expect(tab.requests.slice(before)).toEqual([]);
    expect(await tab.page.textContent('#count')).toBe('count 1');
  });

  test('a link to another page with a hash scrolls to it after rendering', async () => {
    await tab.goto('/about');
    await tab.clickLink('#to-long-section');
    await tab.page.locator('#section-3').waitFor();
    await eventually(async () => Math.abs((await scrollY()) - (await offsetOf('#section-3'))) <= 2, 'scrolled to #section-3');
  });
});

describe('scroll', () => {
  test('push scrolls to the top, back restores the position, scroll={false} keeps it', async () => {
    await tab.goto('/long');
    await tab.page.evaluate(() => window.scrollTo(0, 1500));
    await eventually(async () => (await scrollY()) === 1500, 'scrolled down');
    await clickInPlace('#about-from-section-2');
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    await eventually(async () => (await scrollY()) === 0, 'top after push');
    await tab.page.goBack();
    await tab.page.locator('#long-top').waitFor();
    await eventually(async () => (await scrollY()) === 1500, 'restored to 1500 after back');

    await tab.page.evaluate(() => window.scrollTo(0, 2600));
    await clickInPlace('#same-from-3');
    await eventually(async () => (await tab.events()).some((e) => e[0] === 'routeChangeComplete' && e[1] === '/long'), 'navigated');
    expect(await scrollY()).toBe(2600);
  });

  test('moves focus to the page and announces its title', async () => {
    await tab.goto('/');
    await tab.clickLink('#to-about');
    await tab.page.locator('h1', { hasText: 'About' }).waitFor();
    await eventually(async () => (await tab.page.textContent('#__stratus-route-announcer')) === 'About', 'announced');
    expect(await tab.page.evaluate(() => document.activeElement?.id)).toBe('__next');
  });
});

describe('Head', () => {
  test('title and meta follow soft navigations, deduplicated by key then name (tags sharing a property all stay, as in the pages router)', async () => {
    await tab.goto('/');
    expect(await tab.page.title()).toBe('Browser app');
    await tab.clickLink('Head page');
    await tab.page.locator('h1', { hasText: 'Head page' }).waitFor();
    await eventually(async () => (await tab.page.title()) === 'Head page', 'title');
    const metas = () => tab.page.evaluate(() => [...document.head.querySelectorAll('meta[name], meta[property]')].map((m) => `${m.getAttribute('name') ?? m.getAttribute('property')}=${m.getAttribute('content')}`));
    expect((await metas()).sort()).toEqual(['description=Head page description', 'og:title=Head page OG', 'og:title=Head page OG, second', 'page-only=yes', 'viewport=width=device-width'].sort());
    await tab.page.goBack();
    await eventually(async () => (await tab.page.title()) === 'Browser app', 'title restored');
    expect((await metas()).sort()).toEqual(['description=The Stratus browser test app', 'viewport=width=device-width'].sort());
  });

  test('a full load of a page with Head keeps one copy of each tag after hydration', async () => {
    await tab.goto('/head-page');
    await tab.page.waitForTimeout(100);
    const count = await tab.page.evaluate(() => document.head.querySelectorAll('meta[name="description"], meta[property="og:title"], title').length);
    expect(count).toBe(4); // both og:title tags stay
  });
});

describe('client error page', () => {
  test('an exception while rendering replaces the page, sets the title and logs the error', async () => {
    await tab.goto('/');
    await tab.clickLink('Throws');
    await tab.page.locator('h1', { hasText: 'Throws' }).waitFor();
    await tab.page.click('#explode');
    await tab.waitForText(clientErrorMessage(new URL(tab.page.url()).hostname));
    await eventually(async () => (await tab.page.title()) === CLIENT_ERROR_TITLE, 'client error title');
    expect(tab.errors.some((e) => e.includes('Boom from the test page'))).toBe(true);
    // The next navigation clears it.
    await tab.page.goBack();
    await tab.page.locator('h1', { hasText: 'Hello' }).waitFor();
  });
});
