/**
 * `instrumentation-client.ts` runs in the browser before the app, as Next runs it (Sentry's
 * browser `init` lives there): after the document has loaded, before `_app`'s and the page's
 * modules and before hydration, so the page's first effect sees what it set. At the app root
 * or in `src/`, under `stratus build` and `stratus dev` (where a save of it reloads the page,
 * and so does deleting it). An error it throws is not caught, as under Next: the page stays
 * as the server sent it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { eventually, launchBrowser, openTab, startSite, type Site } from '../helpers/browser';
import { startDev, type DevServer } from '../helpers/stratus-process';
import { tempApp } from '../helpers/temp-app';

const INSTRUMENTATION = `const seen: string[] = ((globalThis as unknown as { __seen?: string[] }).__seen ??= []);
const root = document.getElementById('__next');
const hydrated = root !== null && Object.keys(root).some((key) => key.startsWith('__react'));
seen.push(\`instrumentation-client \${document.readyState === 'loading' ? 'while loading' : 'after load'}, \${hydrated ? 'hydrated' : 'before hydration'}\`);
if (location.search.includes('throw')) throw new Error('instrumentation failed');
export {};
`;

/** What `_app` and the page record as their modules run, in `window.__seen`. */
const mark = (what: string) => `if (typeof window !== 'undefined') (window.__seen ??= []).push('${what}');\n`;

const APP = `${mark('_app')}export default function App({ Component, pageProps }) {
  return <Component {...pageProps} />;
}
`;

const PAGE = `import { useEffect, useState } from 'react';
${mark('page')}export default function Home() {
  const [seen, setSeen] = useState('not hydrated');
  useEffect(() => setSeen(window.__seen?.join(' / ') ?? 'nothing ran'), []);
  return <p id="seen">{seen}</p>;
}
`;

const ORDER = 'instrumentation-client after load, before hydration / _app / page';

let rootApp: string;
let site: Site;
let srcSite: Site;
let dev: DevServer;
let browser: Browser;

beforeAll(async () => {
  rootApp = tempApp({ 'instrumentation-client.ts': INSTRUMENTATION, 'pages/_app.js': APP, 'pages/index.js': PAGE, 'public/favicon.ico': '' }, 'stratus-ic-');
  const srcApp = tempApp({ 'src/instrumentation-client.ts': INSTRUMENTATION, 'src/pages/index.js': PAGE, 'public/favicon.ico': '' }, 'stratus-ic-src-');
  [site, srcSite, dev, browser] = await Promise.all([startSite(rootApp), startSite(srcApp), startDev(rootApp), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([browser?.close(), dev?.close(), site?.close(), srcSite?.close()]);
});

async function seenAt(url: string): Promise<string> {
  const tab = await openTab(browser, url);
  await tab.goto('/');
  await eventually(async () => (await tab.page.textContent('#seen')) !== 'not hydrated', 'the first effect ran', 10_000);
  const seen = (await tab.page.textContent('#seen'))!;
  expect(tab.errors).toEqual([]);
  await tab.close();
  return seen;
}

test('it runs after the document loaded, before _app, the page and hydration', async () => {
  expect(await seenAt(site.url)).toBe(ORDER);
});

test('in src/ too', async () => {
  expect(await seenAt(srcSite.url)).toBe('instrumentation-client after load, before hydration / page');
});

test('an error it throws stops the page from hydrating, as under Next', async () => {
  const tab = await openTab(browser, site.url);
  await tab.page.goto(`${site.url}/?throw`, { waitUntil: 'load' });
  await eventually(() => tab.errors.some((error) => error.includes('instrumentation failed')), 'the error is reported', 10_000);
  await tab.page.waitForTimeout(300);
  expect(await tab.page.textContent('#seen')).toBe('not hydrated');
  expect(await tab.page.evaluate(() => (window as unknown as { __seen?: string[] }).__seen)).toEqual(['instrumentation-client after load, before hydration']);
  await tab.close();
});

test('under stratus dev, in the same order; a save of it reloads the page, which runs the new version; deleting it reloads the page without it', async () => {
  expect(await seenAt(dev.url)).toBe(ORDER);
  const tab = await openTab(browser, dev.url);
  await tab.goto('/');
  await eventually(async () => (await tab.page.textContent('#seen')) === ORDER, 'the first effect ran', 10_000);
  const file = path.join(rootApp, 'instrumentation-client.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace("'before hydration'}", "'before hydration'}, saved"));
  await eventually(async () => (await tab.page.textContent('#seen').catch(() => '')) === ORDER.replace('before hydration', 'before hydration, saved'), 'the page reloaded with the saved file', 20_000);
  rmSync(file);
  await eventually(async () => (await tab.page.textContent('#seen').catch(() => '')) === '_app / page', 'the page reloaded without the file', 20_000);
  await tab.close();
});
