/**
 * Runs one browser check in a fresh context (no cache, no cookies) and records what each
 * step saw. Every wait is bounded; a step that fails records why and the check stops there.
 */
import type { Browser, Page } from 'playwright-core';
import type { BrowserCheck, Observation, Step } from '../checks/types';
import { collapse, normalise } from './normalise';
import type { Target } from './target';

const WAIT_MS = 5000;
const LOAD_MS = 15_000;
/** No step may take longer, whatever Playwright does (an evaluate has no timeout of its own). */
const STEP_LIMIT_MS = 20_000;

/**
 * `expected`, when given (the jest tests give the answer they expect), lets a waiting step
 * stop as soon as it sees the expected value, rather than only the value it names: a
 * known difference then costs no wait.
 */
export async function observeBrowser(check: BrowserCheck, target: Target, browser: Browser, expected?: Observation): Promise<Observation> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    // Chromium asks for /favicon.ico on its own; neither app has one.
    if (where.endsWith('/favicon.ico')) return;
    errors.push(where ? `${firstLine(message.text())} (${new URL(where).pathname})` : firstLine(message.text()));
  });
  page.on('pageerror', (error) => errors.push(firstLine(`${error.name}: ${error.message}`)));
  const network = trackRequests(page);
  const observation: Observation = {};
  try {
    for (const [index, step] of check.steps.entries()) {
      if (process.env.COMPAT_DEBUG) process.stderr.write(`  ${target.framework} ${labelOf(step)}\n`);
      const field = `${index + 1} ${labelOf(step)}`;
      const isExpected = (value: string) => expected?.[field] !== undefined && normalise(value, target) === expected[field];
      const value = await bounded(runStep(page, step, target, isExpected, network), STEP_LIMIT_MS);
      observation[field] = value;
      if (value.startsWith('step failed')) break;
    }
    // Prefetches in idle time may still be under way (and about to log a 404): let them end.
    await network.quiet(250, 3000);
    // Each distinct message once: how often a prefetch retries is timing, not behaviour.
    // Sorted: two requests failing at once (two prefetches) log in either order.
    observation['console errors'] = errors.length ? [...new Set(errors)].sort().join(' | ') : 'none';
  } finally {
    await bounded(context.close(), STEP_LIMIT_MS).catch(() => undefined);
  }
  for (const [field, value] of Object.entries(observation)) observation[field] = normalise(value, target);
  return observation;
}

/** The field a step records, the same whatever happens. */
function labelOf(step: Step): string {
  if ('goto' in step) return `goto ${step.goto}`;
  if ('click' in step) return `click ${step.click}`;
  if ('url' in step) return 'url';
  if ('title' in step) return 'title';
  if ('text' in step) return `text "${step.text}"${step.in ? ` in ${step.in}` : ''}`;
  if ('eval' in step) return `eval ${step.eval}`;
  if ('idle' in step) return 'network';
  if ('softly' in step) return 'navigation';
  return 'back';
}

async function runStep(page: Page, step: Step, target: Target, isExpected: (value: string) => boolean, network: NetworkTracker): Promise<string> {
  try {
    if ('goto' in step) return await load(page, target.baseUrl + step.goto);
    if ('click' in step) {
      const locator = step.click.startsWith('css:')
        ? page.locator(step.click.slice(4))
        : page.getByRole('link', { name: step.click, exact: true });
      await locator.first().click({ timeout: WAIT_MS });
      return 'clicked';
    }
    if ('url' in step) {
      const current = () => {
        const url = new URL(page.url());
        return url.pathname + url.search + url.hash;
      };
      return await until(current, (v) => v === step.url || isExpected(v));
    }
    if ('title' in step) return await until(() => page.title(), (v) => v === step.title || isExpected(v));
    if ('text' in step) {
      const where = step.in ?? 'body';
      const read = async () => collapse(await page.locator(where).first().innerText({ timeout: WAIT_MS }).catch(() => '(no such element)'));
      // Body text is long: say only whether the text is there, unless it is not.
      const report = (seen: string) => (step.in ? seen : seen.includes(step.text) ? `shows "${step.text}"` : `missing "${step.text}"; body reads "${seen.slice(0, 300)}"`);
      return report(await until(read, (v) => v.includes(step.text) || isExpected(report(v))));
    }
    if ('eval' in step) {
      const read = async () => JSON.stringify(await page.evaluate(step.eval)) ?? 'undefined';
      return step.until === undefined ? await read() : await until(read, (v) => v === step.until || isExpected(v));
    }
    if ('idle' in step) return (await network.quiet(250, 3000)) ? 'idle' : 'still loading after 3 s';
    if ('softly' in step) return (await page.evaluate('window.__compatMark === 1')) ? 'soft' : 'full load';
    // Queued, so that a back that loads a document in full cannot destroy the evaluating context.
    await page.evaluate('setTimeout(() => history.back(), 0)');
    return 'done';
  } catch (error) {
    return `step failed: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** A full load, then hydration (each app's `_app` sets `window.__hydrated`), then a mark that only soft navigations keep. */
async function load(page: Page, url: string): Promise<string> {
  const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_MS });
  const hydrated = await page
    .waitForFunction('window.__hydrated === true', undefined, { timeout: LOAD_MS })
    .then(() => true)
    .catch(() => false);
  await page.evaluate('window.__compatMark = 1');
  return `${response?.status() ?? 'no answer'}, ${hydrated ? 'hydrated' : 'not hydrated'}`;
}

/** Polls `read` until `done` holds or the wait is over; the last value read either way. */
async function until(read: () => Promise<string> | string, done: (value: string) => boolean): Promise<string> {
  const end = Date.now() + WAIT_MS;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** The promise's value, or a failure once `ms` have passed. */
function bounded<T>(promise: Promise<T>, ms: number): Promise<T | string> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`step failed: no result in ${ms} ms`), ms)));
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** An error's message without its stack, whose frames name minified chunks. */
function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

/** Counts the page's requests in flight, to wait for a quiet moment (Playwright's networkidle wants 500 ms). */
interface NetworkTracker {
  /** Resolves true once no request has been in flight for `forMs`, false after `atMostMs`. */
  quiet(forMs: number, atMostMs: number): Promise<boolean>;
}

function trackRequests(page: Page): NetworkTracker {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return {
    async quiet(forMs, atMostMs) {
      const end = Date.now() + atMostMs;
      const busy = () => inFlight > 0 || Date.now() - lastChange < forMs;
      while (Date.now() < end && busy()) await new Promise((resolve) => setTimeout(resolve, 25));
      return !busy();
    },
  };
}
