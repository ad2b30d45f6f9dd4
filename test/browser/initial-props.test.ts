/**
 * getInitialProps and a custom _document in Chromium (the initial-props fixture): the first
 * load hydrates the server's props, a soft navigation calls getInitialProps in the browser
 * without a page-data request, and the document's <html dir> and <body> attributes are there.
 */
import { openTab, siteAndBrowser, type Tab } from '../helpers/browser';

const env = siteAndBrowser('test/fixtures/apps/initial-props');
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

test('the first load renders the server-side getInitialProps props and hydrates them; _document shapes <html> and <body>', async () => {
  await tab.goto('/');
  expect(await tab.page.locator('#side').textContent()).toBe('page props from the server (req: true, app: server)');
  // What _app's getInitialProps returns besides pageProps is _app's own props, kept through hydration.
  expect(await tab.page.locator('#app-shell').textContent()).toBe('app shell from the server at /');
  expect(await tab.page.evaluate(() => (JSON.parse(document.getElementById('__NEXT_DATA__')!.textContent!) as { props: unknown }).props)).toEqual({
    pageProps: { side: 'server', hasReq: true, appSide: 'server' },
    shell: { side: 'server', asPath: '/' },
  });
  // No lang in an app without i18n, as the pages router writes <html>, nor once hydrated.
  expect(await tab.page.evaluate(() => [document.documentElement.getAttribute('lang'), document.documentElement.dir])).toEqual([null, 'ltr']);
  expect(await tab.page.evaluate(() => [document.body.className, document.body.dataset.theme])).toEqual(['gip-body', 'dusk']);
  // Chromium logs the 404 of /favicon.ico (the fixture has none); nothing else.
  expect(tab.errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});

test("a getInitialProps that throws on a soft navigation shows the error page in place, as the pages router does: no full load", async () => {
  await tab.goto('/');
  await tab.markWindow();
  await tab.clickLink('Boom');
  // Worded as the pages router's, naming the host.
  await tab.waitForText(`Application error: a client-side exception has occurred while loading ${new URL(tab.page.url()).hostname} (see the browser console for more information).`);
  expect(tab.path()).toBe('/boom');
  expect(await tab.isMarked()).toBe(true);
  expect(await tab.page.title()).toBe('Application error: a client-side exception has occurred');
  expect(tab.errors.some((e) => e.includes('getInitialProps failed on purpose'))).toBe(true);
  // Back home, softly: the page renders again.
  await tab.page.goBack();
  await tab.waitForText('page props from the browser');
  expect(await tab.isMarked()).toBe(true);
});

test('a soft navigation to a getInitialProps page calls it in the browser, with no page-data request', async () => {
  await tab.goto('/');
  await tab.markWindow();
  await tab.clickLink('Other');
  await tab.waitForText('other from the browser');
  expect(await tab.page.locator('#other-side').textContent()).toBe('other from the browser, from home, at /other?from=home');
  expect(await tab.page.locator('#app-shell').textContent()).toBe('app shell from the browser at /other?from=home');
  expect(tab.path()).toBe('/other?from=home');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.requestsTo('/_app/data/')).toEqual([]);
  // A soft navigation puts no lang on <html> either (the app has no i18n).
  expect(await tab.page.evaluate(() => document.documentElement.getAttribute('lang'))).toBeNull();
  // And back home: the page's and _app's getInitialProps, both in the browser.
  await tab.clickLink('Home');
  await tab.waitForText('page props from the browser');
  expect(await tab.page.locator('#side').textContent()).toBe('page props from the browser (req: false, app: browser)');
  expect(await tab.page.locator('#app-shell').textContent()).toBe('app shell from the browser at /');
  expect(tab.requestsTo('/_app/data/')).toEqual([]);
  expect(tab.errors).toEqual([]);
});

test("a getServerSideProps page under an _app with getInitialProps: _app's runs on the server for its page data, its pageProps under the page's own, its other props beside", async () => {
  await tab.goto('/other');
  await tab.markWindow();
  await tab.clickLink('Server');
  await tab.waitForText('server page: from getServerSideProps, app props from the server');
  expect(await tab.page.locator('#app-shell').textContent()).toBe('app shell from the server at /server');
  expect(tab.requestsTo('/_app/data/').length).toBe(1);
  expect(await tab.isMarked()).toBe(true);
  // The same on a full load, hydrated without a mismatch.
  await tab.goto('/server');
  expect(await tab.page.locator('#server-side').textContent()).toBe('server page: from getServerSideProps, app props from the server');
  expect(await tab.page.locator('#app-shell').textContent()).toBe('app shell from the server at /server');
  expect(tab.errors).toEqual([]);
});
