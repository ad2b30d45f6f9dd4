/**
 * Browser test helper: builds and serves an app with the real `stratus start` command,
 * drives Debian's Chromium through playwright-core, and offers the actions the tests
 * speak in (`goto`, `clickLink`, `waitForText`, `markWindow`…). With STRATUS_BASE_URL
 * set, the same suite runs against that deployment (CloudFront) instead.
 *
 * @example
 * const site = await startSite('test/fixtures/browser-app');
 * const browser = await launchBrowser();
 * const tab = await openTab(browser, site.url);
 * await tab.goto('/');
 * await tab.clickLink('About');
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStratus } from './stratus-process';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

const ROOT = path.resolve(__dirname, '../..');

/** Debian's package (`apt-get install chromium`); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Site {
  url: string;
  /** Server stdout so far (one JSON line per request, as the Lambda logs them). */
  logs(): string;
  close(): Promise<void>;
}

/**
 * Builds `appDir` into a temporary folder and serves it with `stratus start` on a free
 * port; resolves when the server prints `ready on …`.
 */
export async function startSite(appDir: string, options: { env?: Record<string, string> } = {}): Promise<Site> {
  if (process.env.STRATUS_BASE_URL) {
    return { url: process.env.STRATUS_BASE_URL.replace(/\/$/, ''), logs: () => '', close: async () => undefined };
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'stratus-browser-'));
  const started = await startStratus(['start', path.resolve(ROOT, appDir), '--port', '0', '--out', outDir], { cwd: ROOT, env: options.env });
  return {
    url: started.url,
    logs: started.output,
    async close() {
      await started.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves `appDir` and launches Chromium once for a test file (in jest's `beforeAll`), and
 * closes both after it. Read `site` and `browser` inside tests and hooks.
 *
 * @example
 * const env = siteAndBrowser('test/fixtures/browser-app');
 * test('…', async () => { const tab = await openTab(env.browser, env.site.url); … });
 */
export function siteAndBrowser(appDir: string, options: { env?: Record<string, string> } = {}): { readonly site: Site; readonly browser: Browser } {
  const env = {} as { site: Site; browser: Browser };
  beforeAll(async () => {
    [env.site, env.browser] = await Promise.all([startSite(appDir, options), launchBrowser()]);
  }, 90_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

/**
 * Launches Chromium. A missing browser is a failure with the fix in the message, never a
 * skipped test.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH} and it is missing. Install it with "sudo apt-get install chromium" (.ci/run does this), or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface Tab {
  page: Page;
  baseUrl: string;
  /** Every request the page made, as paths (`/about`, `/_app/data/…`), in order. */
  requests: string[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
  goto(pathname: string): Promise<void>;
  /** Clicks the first link with this exact text (or a `#id` selector). */
  clickLink(textOrSelector: string): Promise<void>;
  waitForText(text: string, timeout?: number): Promise<void>;
  /** The current URL without the origin. */
  path(): string;
  /** Sets a property on `window` that only survives soft navigations. */
  markWindow(): Promise<void>;
  isMarked(): Promise<boolean>;
  /** Router events the test app recorded, from `window.__events`. */
  events(): Promise<unknown[][]>;
  clearEvents(): Promise<void>;
  /** Requests whose path contains `fragment`. */
  requestsTo(fragment: string): string[];
  close(): Promise<void>;
}

/** A browser context with the viewport the tests assume. */
export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1000, height: 700 } });
}

/**
 * Opens a tab. In a fresh context (given a Browser) nothing is cached; tabs of one shared
 * context (given a BrowserContext) share the HTTP cache, which keeps a suite fast.
 */
export async function openTab(target: Browser | BrowserContext, baseUrl: string, options: { saveData?: boolean } = {}): Promise<Tab> {
  const own = 'newContext' in target;
  const context = own ? await newContext(target) : target;
  const page = await context.newPage();
  if (options.saveData) {
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  }
  const requests: string[] = [];
  const errors: string[] = [];
  const toPath = (request: Request) => {
    const url = new URL(request.url());
    return url.origin === new URL(baseUrl).origin ? url.pathname + url.search : url.href;
  };
  page.on('request', (request) => requests.push(toPath(request)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  const tab: Tab = {
    page,
    baseUrl,
    requests,
    errors,
    async goto(pathname) {
      await page.goto(baseUrl + pathname, { waitUntil: 'load' });
      // Hydrated: the client entry has replaced the history state with its own.
      await page.waitForFunction(() => (history.state as { __s?: number } | null)?.__s === 1, undefined, { timeout: 10_000 });
    },
    async clickLink(textOrSelector) {
      const locator = textOrSelector.startsWith('#') ? page.locator(textOrSelector) : page.getByRole('link', { name: textOrSelector, exact: true });
      await locator.first().click();
    },
    async waitForText(text, timeout = 10_000) {
      await page.getByText(text, { exact: false }).first().waitFor({ timeout });
    },
    path() {
      const url = new URL(page.url());
      return url.pathname + url.search + url.hash;
    },
    async markWindow() {
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    },
    async isMarked() {
      return page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);
    },
    events: () => page.evaluate(() => (window as unknown as { __events?: unknown[][] }).__events ?? []),
    clearEvents: () => page.evaluate(() => void ((window as unknown as { __events?: unknown[][] }).__events = [])),
    requestsTo: (fragment) => requests.filter((r) => r.includes(fragment)),
    close: () => (own ? context.close() : page.close()),
  };
  return tab;
}

/** Waits until `predicate` holds, polling; fails with `message` after `timeout` ms. */
export async function eventually(predicate: () => boolean | Promise<boolean>, message: string, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`Timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
