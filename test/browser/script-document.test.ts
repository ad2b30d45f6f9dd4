/**
 * next/script in Chromium as Next's e2e next-script reads it: the beforeInteractive scripts of
 * `pages/_document` (in its `<Head>` and its `<body>`) and of `_app` are in the served HTML
 * with `data-nscript="beforeInteractive"` and run before hydration; the scripts the browser
 * adds carry `data-nscript` with their strategy.
 */
import { eventually, openTab, siteAndBrowser, type Tab } from '../helpers/browser';

const env = siteAndBrowser('test/fixtures/apps/script-document');
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

test("_document's and _app's beforeInteractive scripts are served with data-nscript and run before hydration", async () => {
  const html = await (await fetch(`${env.site.url}/`)).text();
  for (const src of ['/in-head.js', '/in-body.js', '/in-app.js']) expect(html).toContain(`<script src="${src}" data-nscript="beforeInteractive"></script>`);
  await tab.goto('/');
  await tab.waitForText('ran before hydration: in-');
  const ran = await tab.page.evaluate(() => (window as unknown as { beforeHydration: string[] }).beforeHydration);
  expect([...ran].sort()).toEqual(['in-app', 'in-body', 'in-head']);
  expect(await tab.page.textContent('#before')).toContain('in-app');
  expect(await tab.page.evaluate(() => document.querySelectorAll('script[data-nscript="beforeInteractive"]').length)).toBe(3);
  expect(tab.errors).toEqual([]);
});

test('afterInteractive, lazyOnload and inline scripts the browser adds carry data-nscript with their strategy', async () => {
  await tab.goto('/');
  await eventually(async () => (await tab.page.evaluate(() => (window as unknown as { lazyRan?: boolean }).lazyRan)) === true, 'the lazyOnload script ran');
  const strategies = await tab.page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('script[data-nscript]')].map((script) => [script.getAttribute('src') ?? script.id, script.getAttribute('data-nscript')])),
  );
  expect(strategies).toMatchObject({ '/after.js': 'afterInteractive', '/lazy.js': 'lazyOnload', 'inline-after': 'afterInteractive' });
  expect(tab.errors).toEqual([]);
});
