/**
 * Rendered static pages (HTML + page data) by locale and path: the files prerendered at
 * build time, plus pages rendered on demand (`fallback`, `revalidate`), kept in memory.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PrerenderedPage } from '../../contract/manifest';
import { prerenderedKey as storeKey } from '../../contract/output-layout';

export interface StoredPage {
  html: string;
  json: string;
  etag: string;
  /** Seconds; false when the page never goes stale. */
  revalidate: number | false;
  /** `Date.now()` when it was rendered or loaded. */
  renderedAt: number;
  notFound?: boolean;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}


const MAX_MEMORY_PAGES = 1000;

export class PageStore {
  private readonly pages = new Map<string, StoredPage>();
  private readonly prerendered: Map<string, number | false>;

  /** `dir` holds `<key>.html` and `<key>.json` for each prerendered entry. */
  constructor(private readonly dir: string, prerendered: PrerenderedPage[]) {
    this.prerendered = new Map(prerendered.map((p) => [storeKey(p.locale, p.path), p.revalidate]));
  }

  get(locale: string, pagePath: string): StoredPage | undefined {
    const key = storeKey(locale, pagePath);
    const cached = this.pages.get(key);
    if (cached) return cached;
    const revalidate = this.prerendered.get(key);
    if (revalidate === undefined) return undefined;
    const html = readFileSync(path.join(this.dir, `${key}.html`), 'utf8');
    const json = readFileSync(path.join(this.dir, `${key}.json`), 'utf8');
    const page = { html, json, etag: etagOf(html), revalidate, renderedAt: Date.now() };
    this.pages.set(key, page);
    return page;
  }

  set(locale: string, pagePath: string, page: StoredPage): void {
    const key = storeKey(locale, pagePath);
    this.pages.delete(key);
    this.pages.set(key, page);
    // Bounded: on-demand pages of a large site must not grow the Lambda's memory without end.
    if (this.pages.size > MAX_MEMORY_PAGES) this.pages.delete(this.pages.keys().next().value!);
  }
}
