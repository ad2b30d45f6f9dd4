/**
 * Soft navigation in Chromium: click → the new page's h1 in the DOM, timed inside the page
 * with Date.now() (performance.timeOrigin is not comparable across renderer processes)
 * (click time kept in sessionStorage, h1 changes recorded by a MutationObserver installed
 * before any page script), so a full page load is timed the same way as a soft one.
 * Static: /posts/a → b → c → a… (linked from the nav bar, so both frameworks prefetch
 * them); server: /ssr/1 ↔ /ssr/2 (server data, nothing to prefetch).
 */
import type { BuiltApp } from '../apps';
import type { BenchOptions } from '../options';
import { freePort, sleep } from '../processes';
import { summarize } from '../stats';
import type { ResultRow } from '../table';

// playwright-core has types, but loading it lazily keeps the other rows free of it.
type Playwright = typeof import('playwright-core');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const RECORD_H1 = `(() => {
  const log = (window.__h1Log = []);
  let last = null;
  const check = () => {
    const h1 = document.querySelector('h1');
    const text = h1 ? h1.textContent : null;
    if (text !== last) { last = text; log.push([text, Date.now()]); }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface Step {
  from: string;
  link: string;
  h1: string;
}

const STATIC_STEPS: Step[] = [
  { from: '/posts/a', link: '#nav-post-b', h1: 'Post b' },
  { from: '/posts/b', link: '#nav-post-c', h1: 'Post c' },
  { from: '/posts/c', link: '#nav-post-a', h1: 'Post a' },
];
const SERVER_STEPS: Step[] = [
  { from: '/ssr/1', link: '#nav-ssr-2', h1: 'Server page 2' },
  { from: '/ssr/2', link: '#nav-ssr-1', h1: 'Server page 1' },
];

/** Time of `count` navigations following `steps` in a loop, in ms; one browser context. */
async function navigate(browser: import('playwright-core').Browser, baseUrl: string, steps: Step[], count: number, settleMs: number): Promise<{ times: number[]; full: number }> {
  const context = await browser.newContext();
  await context.addInitScript(RECORD_H1);
  const page = await context.newPage();
  const times: number[] = [];
  let full = 0;
  try {
    await page.goto(baseUrl + steps[0]!.from, { waitUntil: 'networkidle' });
    for (let i = 0; i < count; i++) {
      const step = steps[i % steps.length]!;
      await sleep(settleMs); // hydration done, viewport prefetches made
      let documents = 0;
      const onLoad = () => documents++;
      page.on('domcontentloaded', onLoad);
      await page.evaluate((selector) => {
        // Only h1 changes after this click count (a soft navigation keeps the log of earlier pages).
        const w = window as unknown as { __h1Log: [string, number][]; __h1Mark: number };
        w.__h1Mark = w.__h1Log.length;
        sessionStorage.setItem('__clickAt', String(Date.now()));
        (document.querySelector(selector) as HTMLElement).click();
      }, step.link);
      await page.waitForFunction((h1) => {
        const w = window as unknown as { __h1Log?: [string, number][]; __h1Mark?: number };
        return (w.__h1Log ?? []).slice(w.__h1Mark ?? 0).some(([t]) => t === h1);
      }, step.h1, { timeout: 15_000 });
      const ms = await page.evaluate((h1) => {
        const w = window as unknown as { __h1Log: [string, number][]; __h1Mark?: number };
        const seen = w.__h1Log.slice(w.__h1Mark ?? 0).find(([t]) => t === h1)![1];
        return seen - Number(sessionStorage.getItem('__clickAt'));
      }, step.h1);
      page.off('domcontentloaded', onLoad);
      if (documents > 0) full++;
      times.push(ms);
      if (documents > 0) await page.waitForLoadState('networkidle');
    }
  } finally {
    await context.close();
  }
  return { times, full };
}

export async function runSoftNav(apps: BuiltApp[], options: BenchOptions, log: (line: string) => void): Promise<ResultRow[]> {
  const { chromium } = require('playwright-core') as Playwright;
  // launch() gives the browser a fresh, temporary user-data-dir of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const servers = await Promise.all(apps.map(async (app) => ({ app, server: await app.start(await freePort()) })));
  const results = new Map<string, { static: number[]; server: number[]; full: number }>();
  // Alternate in blocks of 5 navigations: A B A B …
  const block = Math.min(5, options.nav.count);
  try {
    for (let done = 0; done < options.nav.count; done += block) {
      const count = Math.min(block, options.nav.count - done);
      for (const { app, server } of servers) {
        const entry = results.get(app.framework) ?? { static: [], server: [], full: 0 };
        const s = await navigate(browser, server.url, STATIC_STEPS, count, options.nav.settleMs);
        const d = await navigate(browser, server.url, SERVER_STEPS, count, options.nav.settleMs);
        entry.static.push(...s.times);
        entry.server.push(...d.times);
        entry.full += s.full + d.full;
        results.set(app.framework, entry);
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map(({ server }) => server.stop()));
  }
  for (const [fw, r] of results) log(`  ${fw}: static ${summarize(r.static).median.toFixed(1)} ms, server ${summarize(r.server).median.toFixed(1)} ms, ${r.full} of ${r.static.length + r.server.length} were full page loads`);
  const section = `Soft navigation in Chromium (click → new h1, median of ${options.nav.count})`;
  const pick = (fw: string, kind: 'static' | 'server') => (results.get(fw) ? summarize(results.get(fw)![kind]) : undefined);
  const fullNote = (fw: string) => results.get(fw)?.full ?? 0;
  return [
    { id: 'nav-static', section, label: 'to a static page (prefetched)', unit: 'ms', better: 'lower', stratus: pick('stratus', 'static'), other: pick('next', 'static'), otherLabel: 'Next.js', note: `full page loads: stratus ${fullNote('stratus')}, next ${fullNote('next')}` },
    { id: 'nav-server', section, label: 'to a server page', unit: 'ms', better: 'lower', stratus: pick('stratus', 'server'), other: pick('next', 'server'), otherLabel: 'Next.js' },
  ];
}
