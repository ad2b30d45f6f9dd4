/**
 * `reportWebVitals` from `_app` in Chromium: called with TTFB, FCP, LCP, CLS and INP as the
 * web-vitals library measures them, and with the pages router's own timings
 * (`Next.js-hydration`, `Next.js-route-change-to-render`, `Next.js-render`), each in Next's
 * metric shape; its chunk loads after hydration. The metrics the app sends to its
 * `stratus/web-vitals` API route come out of the server as EMF lines by route.
 */
import { eventually, siteAndBrowser, openTab, type Tab } from '../helpers/browser';
import { readEmf } from '../helpers/emf-reader';
import { tempApp } from '../helpers/temp-app';

const APP = tempApp({
  'pages/_app.tsx': `
import Router from 'stratus/router';
import type { AppProps } from 'stratus/types';
import type { NextWebVitalsMetric } from 'stratus/web-vitals';
export default function App({ Component, pageProps }: AppProps) { return <Component {...pageProps} />; }
export function reportWebVitals(metric: NextWebVitalsMetric) {
  ((window as any).__vitals ??= []).push(metric);
  void fetch('/api/vitals', { method: 'POST', body: JSON.stringify({ name: metric.name, value: metric.value, route: Router.pathname }), headers: { 'content-type': 'application/json' } });
}
`,
  'pages/index.tsx': `
import Link from 'stratus/link';
export default function Home() {
  const slow = () => { const until = performance.now() + 120; while (performance.now() < until); };
  return (
    <main>
      <h1 style={{ fontSize: 64 }}>Frost tonight, clear skies tomorrow</h1>
      <button onClick={slow}>Press</button>
      <Link href="/posts/frost">Read</Link>
    </main>
  );
}
`,
  'pages/posts/[slug].tsx': `
export default function Post({ slug }: { slug: string }) { return <p>post {slug}</p>; }
export async function getServerSideProps({ params }: { params: { slug: string } }) { return { props: { slug: params.slug } }; }
`,
  'pages/api/vitals.ts': `export { webVitalsHandler as default } from 'stratus/web-vitals';\n`,
});

const env = siteAndBrowser(APP);
let tab: Tab;
beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(() => tab?.close());

type Reported = { id: string; name: string; startTime: number; value: number; label: string };
const reported = () => tab.page.evaluate(() => ((window as any).__vitals ?? []) as Reported[]);
const names = async () => (await reported()).map((m) => m.name);

test('web vitals and the pages router timings, in Next\'s shape; the route-change timings on a soft navigation', async () => {
  await tab.goto('/');
  await eventually(async () => (await names()).includes('Next.js-hydration'), 'the hydration timing is reported');
  // The library loads after hydration, as a chunk of its own.
  expect(tab.requestsTo('web-vitals-')).toHaveLength(1);
  await tab.page.getByText('Press').click();
  await tab.clickLink('Read');
  await tab.waitForText('post frost');
  await eventually(async () => (await names()).includes('Next.js-render'), 'the route-change timings are reported');
  // LCP, CLS and INP are final when the page is hidden.
  await tab.page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await eventually(async () => ['TTFB', 'FCP', 'LCP', 'CLS', 'INP'].every((name) => names().then((n) => n.includes(name))), `every web vital is reported (got ${(await names()).join(', ')})`);
  const metrics = await reported();
  for (const metric of metrics) {
    expect(metric).toEqual({ id: expect.any(String), name: expect.any(String), startTime: expect.any(Number), value: expect.any(Number), label: expect.stringMatching(/^(web-vital|custom)$/) });
    expect(metric.value).toBeGreaterThanOrEqual(0);
  }
  const byName = Object.fromEntries(metrics.map((m) => [m.name, m]));
  for (const name of ['TTFB', 'FCP', 'LCP', 'CLS', 'INP']) expect(byName[name]!.label).toBe('web-vital');
  for (const name of ['Next.js-hydration', 'Next.js-route-change-to-render', 'Next.js-render']) expect(byName[name]!.label).toBe('custom');
  // The click blocked the main thread for 120 ms: the interaction took at least that.
  expect(byName.INP!.value).toBeGreaterThanOrEqual(100);
  expect(byName.LCP!.value).toBeGreaterThan(0);
});

test('the metrics sent to stratus/web-vitals come out of the server as CloudWatch metrics by route', async () => {
  await tab.goto('/');
  await eventually(() => env.site.logs().includes('"msg":"web vital"'), 'the server logged a web vital');
  const lines = env.site.logs().split('\n').filter((line) => line.includes('"msg":"web vital"'));
  const points = lines.flatMap((line) => readEmf(line));
  expect(points).toContainEqual(expect.objectContaining({ metric: 'Next.js-hydration', unit: 'Milliseconds', dimensions: { route: '/' } }));
  expect(points).toContainEqual(expect.objectContaining({ metric: 'Next.js-hydration', dimensions: {} }));
  // A route the site does not have is refused: visitors cannot add metrics.
  const refused = await tab.page.evaluate(() => fetch('/api/vitals', { method: 'POST', body: JSON.stringify({ name: 'LCP', value: 1, route: '/made-up' }), headers: { 'content-type': 'application/json' } }).then((r) => r.status));
  expect(refused).toBe(400);
});

test("on the built-in 404 page, Router.pathname is /_error, as on Next, and its metrics are taken by that route", async () => {
  await tab.goto('/no/such/page');
  await eventually(() => env.site.logs().includes('"route":"/_error"'), 'the server logged a web vital for /_error');
  await eventually(async () => (await names()).includes('TTFB'), 'TTFB is reported');
  // The 404 document itself is the only failed load: no metric was refused (400).
  expect(tab.errors.filter((text) => !/status of 404/.test(text))).toEqual([]);
});
