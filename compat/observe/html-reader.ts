/**
 * Reads server HTML as a browser would show it before any script runs: the title, the
 * visible text of the body, and the elements a check asks for. The HTML is parsed by
 * Chromium in a context with JavaScript off and every subresource refused, so what is read
 * is exactly what the server sent.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface HtmlReading {
  title: string;
  text: string;
  /** Per `read` spec of the check, the values of its matches joined with ` | ` (`-` for none). */
  reads: Record<string, string>;
}

export interface HtmlReader {
  read(html: string, specs: string[]): Promise<HtmlReading>;
  close(): Promise<void>;
}

export async function openHtmlReader(browser: Browser): Promise<HtmlReader> {
  const context: BrowserContext = await browser.newContext({ javaScriptEnabled: false });
  await context.route('**/*', (route) => route.abort());
  const page: Page = await context.newPage();
  return {
    async read(html, specs) {
      await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: 10_000 });
      return page.evaluate(readDocument, specs);
    },
    close: () => context.close(),
  };
}

/**
 * Runs in the page. A spec is `selector` (text of each match) or `selector@a,b` (those
 * attributes of each match, the present ones joined by a space); `sorted ` in front sorts
 * the matches, for places where order does not matter (the head).
 */
function readDocument(specs: string[]): HtmlReading {
  // With scripts off, <noscript> would show; a visitor with scripts never sees it.
  for (const element of Array.from(document.querySelectorAll('noscript, template'))) element.remove();
  const reads: Record<string, string> = {};
  for (const spec of specs) {
    const sorted = spec.startsWith('sorted ');
    const body = sorted ? spec.slice('sorted '.length) : spec;
    const at = body.lastIndexOf('@');
    const selector = at === -1 ? body : body.slice(0, at);
    const attributes = at === -1 ? [] : body.slice(at + 1).split(',');
    const values = Array.from(document.querySelectorAll(selector)).map((element) =>
      attributes.length === 0
        ? (element as HTMLElement).innerText ?? element.textContent ?? ''
        : attributes.map((name) => element.getAttribute(name)).filter((v) => v !== null).join(' '),
    );
    if (sorted) values.sort();
    reads[spec] = values.length ? values.map((v) => v.replace(/\s+/g, ' ').trim()).join(' | ') : '-';
  }
  return { title: document.title, text: document.body ? document.body.innerText : '', reads };
}
