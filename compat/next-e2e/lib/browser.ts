/**
 * The browser object Next's e2e tests drive (`next.browser(path)`, `webdriver(url, path)`),
 * over playwright-core and Debian's Chromium: a chain whose steps run in order and which
 * can be awaited at any point (`await browser.elementByCss('#a').click().text()`), with
 * the methods those tests call. Written from how the tests use it, not from Next's code.
 */
import { chromium, type Browser, type BrowserContext, type ElementHandle, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../observe/chromium';
import { e2eTarget } from './target';

/** Next's wait for an element named by a step (`elementByCss`) and by an explicit wait. */
const ELEMENT_WAIT_MS = 5_000;
const EXPLICIT_WAIT_MS = 10_000;

let launched: Promise<Browser> | undefined;
const openContexts = new Set<BrowserContext>();

function sharedBrowser(): Promise<Browser> {
  launched ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    timeout: 30_000,
  });
  return launched;
}

/** Closes every page and the browser (the jest setup calls it once the test file is done). */
export async function closeBrowsers(): Promise<void> {
  await Promise.all([...openContexts].map((c) => c.close().catch(() => undefined)));
  openContexts.clear();
  if (launched) {
    const browser = await launched.catch(() => undefined);
    launched = undefined;
    await browser?.close().catch(() => undefined);
  }
}

export interface BrowserOptions {
  waitHydration?: boolean;
  locale?: string;
  disableJavaScript?: boolean;
  userAgent?: string;
  extraHTTPHeaders?: Record<string, string>;
  beforePageLoad?: (page: Page) => unknown;
  headless?: boolean;
  [other: string]: unknown;
}

export interface LogEntry {
  source: string;
  message: string;
}

/**
 * Hydration done: Next's client sets `window.__NEXT_HYDRATED`; Stratus sets nothing of the
 * kind, so for it the page's React root is asked whether it is still dehydrated (React
 * keeps `isDehydrated` in the root's state until the hydration commits).
 */
const HYDRATED = `(() => {
  if (window.__NEXT_HYDRATED) return true;
  const root = document.getElementById('__next');
  if (!root) return false;
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
  const fiberRoot = key && root[key] && root[key].stateNode;
  const state = fiberRoot && fiberRoot.current && fiberRoot.current.memoizedState;
  return !!state && state.isDehydrated === false;
})()`;

interface Session {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  logs: LogEntry[];
}

/** Opens a page at `url` as Next's webdriver does: a fresh context, then waits for hydration. */
export async function openBrowser(url: string, options: BrowserOptions = {}): Promise<BrowserHandle> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    locale: options.locale,
    javaScriptEnabled: !options.disableJavaScript,
    userAgent: options.userAgent,
    extraHTTPHeaders: options.extraHTTPHeaders,
  });
  openContexts.add(context);
  const page = await context.newPage();
  const session: Session = { context, page, baseUrl: new URL(url).origin, logs: [] };
  page.on('console', (message) => session.logs.push({ source: message.type(), message: message.text() }));
  page.on('pageerror', (error) => session.logs.push({ source: 'error', message: error.message }));
  if (options.beforePageLoad) await options.beforePageLoad(page);
  const handle = new BrowserHandle(session);
  await handle.loadPage(url, { waitHydration: options.waitHydration !== false && !options.disableJavaScript });
  return handle;
}

type Step = (previous: unknown) => unknown;

/**
 * The methods of the browser object. Each appends a step to a chain: a promise of the
 * value so far (an element after `elementByCss`). The handle `webdriver` returns is not
 * itself awaitable (an async function returning it would otherwise resolve it away); the
 * chains its methods return are, and give the last step's value.
 */
abstract class BrowserSteps {
  constructor(protected readonly session: Session) {}

  protected abstract valueSoFar(): Promise<unknown>;

  protected chain(step: Step): BrowserChain {
    return new BrowserChain(this.session, this.valueSoFar().then(step));
  }

  protected get page(): Page {
    return this.session.page;
  }

  /** Goes to `url` (absolute, or a path on the server) and waits for hydration unless told not to. */
  async loadPage(url: string, options: { waitHydration?: boolean } = {}): Promise<void> {
    await this.page.goto(new URL(url, this.session.baseUrl).href, { waitUntil: 'load', timeout: 60_000 });
    if (options.waitHydration !== false) await this.waitForHydration();
  }

  private async waitForHydration(): Promise<void> {
    // A page that is not React's (an API answer, a text file) has nothing to hydrate.
    const hasRoot = await this.page.evaluate(`!!document.getElementById('__next')`).catch(() => false);
    if (!hasRoot) return;
    await this.page.waitForFunction(HYDRATED, undefined, { timeout: 20_000, polling: 25 }).catch(() => undefined);
    // Effects run after the hydration commits: let one frame pass.
    await this.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))').catch(() => undefined);
  }

  get(url: string): BrowserChain {
    return this.chain(() => this.loadPage(url));
  }

  elementByCss(selector: string): BrowserChain {
    return this.chain(() => this.waitFor(selector, ELEMENT_WAIT_MS));
  }

  elementById(id: string): BrowserChain {
    return this.elementByCss(`#${id}`);
  }

  waitForElementByCss(selector: string, timeout = EXPLICIT_WAIT_MS): BrowserChain {
    return this.chain(() => this.waitFor(selector, timeout));
  }

  elementsByCss(selector: string): BrowserChain {
    return this.chain(() => this.page.$$(selector));
  }

  hasElementByCssSelector(selector: string): BrowserChain {
    return this.chain(async () => (await this.page.$(selector)) !== null);
  }

  private async waitFor(selector: string, timeout: number): Promise<ElementHandle> {
    const element = await this.page.waitForSelector(selector, { timeout, state: 'attached' });
    if (!element) throw new Error(`no element for ${selector}`);
    // Awaited, Next's element has `text()` (`const el = await browser.elementByCss('.title'); await el.text()`).
    return Object.assign(element, { text: () => element.innerText() });
  }

  private element(previous: unknown, method: string): ElementHandle {
    if (!previous || typeof (previous as ElementHandle).click !== 'function') throw new Error(`${method}() needs an element first (elementByCss)`);
    return previous as ElementHandle;
  }

  click(): BrowserChain {
    return this.chain(async (previous) => {
      const element = this.element(previous, 'click');
      await element.click();
      return element;
    });
  }

  text(): BrowserChain {
    return this.chain((previous) => this.element(previous, 'text').innerText());
  }

  getAttribute(name: string): BrowserChain {
    return this.chain((previous) => this.element(previous, 'getAttribute').getAttribute(name));
  }

  getComputedCss(property: string): BrowserChain {
    return this.chain((previous) => this.element(previous, 'getComputedCss').evaluate((node, name) => getComputedStyle(node as Element).getPropertyValue(name), property));
  }

  getValue(): BrowserChain {
    return this.chain((previous) => this.element(previous, 'getValue').inputValue());
  }

  type(text: string): BrowserChain {
    return this.chain(async (previous) => {
      const element = this.element(previous, 'type');
      await element.type(text);
      return element;
    });
  }

  moveTo(): BrowserChain {
    return this.chain(async (previous) => {
      const element = this.element(previous, 'moveTo');
      await element.hover();
      return element;
    });
  }

  /** A function or an expression, evaluated in the page. */
  eval(code: string | ((...args: any[]) => unknown), ...args: unknown[]): BrowserChain {
    return this.chain(() => (typeof code === 'string' ? this.page.evaluate(code) : this.page.evaluate(code as any, args.length > 1 ? args : args[0])));
  }

  evalAsync(code: string | ((...args: any[]) => unknown), ...args: unknown[]): BrowserChain {
    return this.eval(code, ...args);
  }

  waitForCondition(condition: string, timeout = EXPLICIT_WAIT_MS): BrowserChain {
    return this.chain(() => this.page.waitForFunction(condition, undefined, { timeout }));
  }

  waitForIdleNetwork(): BrowserChain {
    return this.chain(() => this.page.waitForLoadState('networkidle'));
  }

  log(): BrowserChain {
    return this.chain(() => [...this.session.logs]);
  }

  url(): BrowserChain {
    return this.chain(() => this.page.url());
  }

  back(): BrowserChain {
    return this.chain(() => this.page.goBack({ waitUntil: 'commit' }));
  }

  forward(): BrowserChain {
    return this.chain(() => this.page.goForward({ waitUntil: 'commit' }));
  }

  refresh(): BrowserChain {
    return this.chain(async () => {
      await this.page.reload({ waitUntil: 'load' });
      await this.waitForHydration();
    });
  }

  keydown(key: string): BrowserChain {
    return this.chain(() => this.page.keyboard.down(key));
  }

  keyup(key: string): BrowserChain {
    return this.chain(() => this.page.keyboard.up(key));
  }

  pressKey(key: string): BrowserChain {
    return this.chain(() => this.page.keyboard.press(key));
  }

  setDimensions({ width, height }: { width: number; height: number }): BrowserChain {
    return this.chain(() => this.page.setViewportSize({ width, height }));
  }

  addCookie(cookie: { name: string; value: string }): BrowserChain {
    return this.chain(() => this.session.context.addCookies([{ ...cookie, url: this.session.baseUrl }]));
  }

  deleteCookies(): BrowserChain {
    return this.chain(() => this.session.context.clearCookies());
  }

  waitForTimeout(ms: number): BrowserChain {
    return this.chain(() => this.page.waitForTimeout(ms));
  }

  on(event: string, listener: (...args: any[]) => void): void {
    this.page.on(event as 'request', listener);
  }

  off(event: string, listener: (...args: any[]) => void): void {
    this.page.off(event as 'request', listener);
  }

  close(): Promise<void> {
    openContexts.delete(this.session.context);
    return this.session.context.close().catch(() => undefined);
  }

  /** Which server this browser talks to, for reports. */
  get target(): string {
    return e2eTarget();
  }
}

/** What `next.browser()` and `webdriver()` give: the start of every chain. */
export class BrowserHandle extends BrowserSteps {
  protected valueSoFar(): Promise<unknown> {
    return Promise.resolve(undefined);
  }
}

export class BrowserChain extends BrowserSteps implements PromiseLike<any> {
  constructor(
    session: Session,
    private readonly promise: Promise<unknown>,
  ) {
    super(session);
  }

  protected valueSoFar(): Promise<unknown> {
    return this.promise;
  }

  then<A = any, B = never>(onFulfilled?: ((value: any) => A | PromiseLike<A>) | null, onRejected?: ((reason: any) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.promise.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: any) => B | PromiseLike<B>) | null): Promise<any> {
    return this.promise.catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<any> {
    return this.promise.finally(onFinally);
  }
}
