/**
 * The sample site's feedback form in Chromium: with JavaScript off it posts to its page,
 * shows field errors next to the fields, and after a valid send lands on the thank-you page
 * (POST → 303 → GET); with JavaScript on it sends without a reload. The server checks the
 * fields both ways, and each valid send is kept in the store.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openTab, siteAndBrowser, type Tab } from '../helpers/browser';

const store = mkdtempSync(path.join(tmpdir(), 'stratus-feedback-'));
const env = siteAndBrowser('web/site', { env: { STRATUS_LOCAL_STORE: store } });
afterAll(() => rmSync(store, { recursive: true, force: true }));

const stored = () => readdirSync(store).length;

describe('with JavaScript off', () => {
  test('errors next to the fields with what was typed kept; a valid send redirects to the thank-you page', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${env.site.url}/feedback`);
      await page.fill('#name', 'Ada');
      await page.fill('#email', 'not-an-address');
      await page.fill('#message', 'short');
      const before = stored();
      const [invalid] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      expect(invalid!.status()).toBe(422);
      expect(await page.textContent('#email-error')).toBe('This does not look like an e-mail address.');
      expect(await page.textContent('#message-error')).toMatch(/at least 10 characters/);
      expect(await page.locator('#name-error').count()).toBe(0);
      expect(await page.inputValue('#name')).toBe('Ada');
      expect(await page.getAttribute('#email', 'aria-invalid')).toBe('true');
      expect(stored()).toBe(before);

      await page.fill('#email', 'ada@example.com');
      await page.fill('#message', 'The orchard note was lovely.');
      await Promise.all([page.waitForURL('**/feedback?sent=1'), page.click('button[type=submit]')]);
      expect(await page.textContent('.sent')).toBe('Thank you: your note has arrived.');
      expect(stored()).toBe(before + 1);
    } finally {
      await context.close();
    }
  });
});

describe('with JavaScript on', () => {
  let tab: Tab;
  beforeEach(async () => {
    tab = await openTab(env.browser, env.site.url);
  });
  afterEach(async () => {
    await tab?.close();
  });

  test('sends without a reload: errors first, then the thanks', async () => {
    await tab.goto('/feedback');
    await tab.markWindow();
    await tab.page.fill('#name', 'Grace');
    await tab.page.fill('#email', 'grace@example.com');
    await tab.page.click('button[type=submit]');
    await tab.waitForText('A few more words, please (at least 10 characters).');
    const before = stored();
    await tab.page.fill('#message', 'Sent from a page that stayed put.');
    await tab.page.click('button[type=submit]');
    await tab.waitForText('Thank you: your note has arrived.');
    expect(await tab.isMarked()).toBe(true);
    expect(tab.path()).toBe('/feedback');
    expect(tab.requestsTo('/api/feedback')).toHaveLength(2);
    expect(await tab.page.inputValue('#message')).toBe('');
    expect(stored()).toBe(before + 1);
    expect(tab.errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  });
});
