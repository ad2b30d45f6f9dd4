/**
 * The browser half for outside apps, which set no marker of their own: a page is loaded
 * and waited on until React's root on `#__next` has hydrated (both frameworks render
 * there), then what a visitor sees is recorded; links on the first page are followed one
 * by one, recording where each lands and whether the page survived (a soft navigation).
 */
import type { Browser, Page } from 'playwright-core';
import type { Observation } from '../checks/types';
import { collapse, normalise } from '../observe/normalise';
import type { Target } from '../observe/target';

const LOAD_MS = 20_000;
const TEXT_CHARS = 300;
/** React keeps `isDehydrated` in its root's state until the hydration commits. */
const HYDRATED = `(() => {
  const root = document.getElementById('__next');
  if (!root) return true;
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
  const fiberRoot = key && root[key] && root[key].stateNode;
  const state = fiberRoot && fiberRoot.current && fiberRoot.current.memoizedState;
  return !!state && state.isDehydrated === false;
})()`;

async function withPage<T>(browser: Browser, run: (page: Page, errors: string[]) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || message.location().url.endsWith('/favicon.ico')) return;
    errors.push(message.text().split('\n')[0]!.trim());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message.split('\n')[0]}`));
  try {
    return await run(page, errors);
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Loads a URL in full and waits for hydration; says how it went. */
async function load(page: Page, url: string): Promise<{ status: string; hydrated: string }> {
  const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_MS });
  const hasRoot = await page.evaluate(`!!document.getElementById('__next')`);
  const hydrated = !hasRoot
    ? 'no React root'
    : await page
        .waitForFunction(HYDRATED, undefined, { timeout: LOAD_MS, polling: 50 })
        .then(() => 'yes')
        .catch(() => 'no');
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  return { status: String(response?.status() ?? 'no answer'), hydrated };
}

/** The page's text as a visitor reads it: `#__next`'s (route announcers, outside it, left out), else the body's. */
const visibleText = async (page: Page) => {
  const where = (await page.locator('#__next').count()) ? '#__next' : 'body';
  return collapse(await page.locator(where).first().innerText({ timeout: 5000 }).catch(() => '(no body)')).slice(0, TEXT_CHARS);
};
/** The root's text, in the page: what `visibleText` reads, before it is collapsed. */
const ROOT_TEXT = `(document.getElementById('__next') || document.body || { innerText: '' }).innerText`;
/** How long a followed link's page may take to show after its URL changed. */
const TEXT_CHANGE_MS = 3000;
const consoleErrors = (errors: string[]) => (errors.length ? [...new Set(errors)].sort().join(' | ') : 'none');

function normaliseAll(observation: Observation, target: Target): Observation {
  for (const [field, value] of Object.entries(observation)) observation[field] = normalise(value, target);
  return observation;
}

/** A full load of one path: status, hydration, title, visible text after hydration, console errors. */
export function observePageLoad(browser: Browser, target: Target, pathname: string): Promise<Observation> {
  return withPage(browser, async (page, errors) => {
    try {
      const { status, hydrated } = await load(page, target.baseUrl + pathname);
      return normaliseAll({ status, hydrated, title: (await page.title()) || '-', text: await visibleText(page), 'console errors': consoleErrors(errors) }, target);
    } catch (error) {
      return { error: (error as Error).message.split('\n')[0]! };
    }
  });
}

/** The first page's own links (same site, not a hash), at most `limit`. */
async function siteLinks(page: Page, limit: number): Promise<string[]> {
  const hrefs = (await page.evaluate(`Array.from(document.querySelectorAll('#__next a[href]')).map((a) => a.getAttribute('href'))`)) as string[];
  return [...new Set(hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//')))].slice(0, limit);
}

/** Follows each link of the page from a fresh load: where it lands, whether the page survived, what shows. */
export function observeLinks(browser: Browser, target: Target, pathname: string, limit = 3): Promise<Observation> {
  return withPage(browser, async (page, errors) => {
    const observation: Observation = {};
    try {
      await load(page, target.baseUrl + pathname);
      const links = await siteLinks(page, limit);
      observation.links = links.join(' ') || 'none';
      for (const [index, href] of links.entries()) {
        const label = `${index + 1} ${href}`;
        await load(page, target.baseUrl + pathname);
        await page.evaluate('window.__compatMark = 1');
        const before = page.url();
        const textBefore = await page.evaluate(ROOT_TEXT).catch(() => '');
        const clicked = await page
          .locator(`#__next a[href="${href.replace(/"/g, '\\"')}"]`)
          .first()
          .click({ timeout: 5000 })
          .then(() => true)
          .catch(() => false);
        if (!clicked) {
          observation[`${label}: click`] = 'not clickable';
          continue;
        }
        await page.waitForURL((url) => url.href !== before, { timeout: 5000 }).catch(() => undefined);
        await page.waitForLoadState('load', { timeout: LOAD_MS }).catch(() => undefined);
        await page.waitForFunction(HYDRATED, undefined, { timeout: 10_000, polling: 50 }).catch(() => undefined);
        await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
        // A client router may change the URL before it renders the new page (Next's does): the
        // text is read once it changed, or after a short wait for a page that reads the same.
        await page.waitForFunction(`${ROOT_TEXT} !== ${JSON.stringify(textBefore)}`, undefined, { timeout: TEXT_CHANGE_MS, polling: 50 }).catch(() => undefined);
        const url = new URL(page.url());
        observation[`${label}: url`] = url.pathname + url.search + url.hash;
        observation[`${label}: navigation`] = (await page.evaluate('window.__compatMark === 1').catch(() => false)) ? 'soft' : 'full load';
        observation[`${label}: text`] = await visibleText(page);
      }
    } catch (error) {
      observation.error = (error as Error).message.split('\n')[0]!;
    }
    observation['console errors'] = consoleErrors(errors);
    return normaliseAll(observation, target);
  });
}
