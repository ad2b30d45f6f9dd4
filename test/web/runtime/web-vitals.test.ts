/**
 * `stratus/web-vitals` on the server takes only what a page reports (known metric names,
 * plausible values, the site's own page routes) from any body a visitor may send, and writes
 * each as an EMF line CloudWatch reads; and only apps whose `_app` exports `reportWebVitals`
 * get the web-vitals chunk at all.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { readWebVitals, webVitalLine, WEB_VITAL_UNITS } from '../../../web/runtime/web-vitals';
import { setRoutePatterns } from '../../../web/runtime/shared/site-routes';
import { buildApp } from '../../helpers/build-app';
import { readEmf } from '../../helpers/emf-reader';
import { checkProperty } from '../../helpers/property';
import { tempApp } from '../../helpers/temp-app';

beforeAll(() => setRoutePatterns(['/', '/posts/[slug]']));

test('known names, values and routes are taken; anything else says why it is refused', () => {
  expect(readWebVitals({ name: 'LCP', value: 1234.5, route: '/posts/[slug]' })).toEqual([{ name: 'LCP', value: 1234.5, route: '/posts/[slug]' }]);
  expect(readWebVitals([{ name: 'CLS', value: 0.02, route: '/' }, { name: 'Next.js-hydration', value: 12, route: '/' }])).toHaveLength(2);
  expect(readWebVitals({ name: 'LCP', value: 1, route: '/posts/first' })).toMatch(/route must be one of the site's page routes/);
  // An error page's Router.pathname, the app's own or the built-in one (`/_error`), as on Next.
  for (const route of ['/404', '/500', '/_error']) expect(readWebVitals({ name: 'LCP', value: 1, route })).toEqual([{ name: 'LCP', value: 1, route }]);
  expect(readWebVitals({ name: 'constructor', value: 1, route: '/' })).toMatch(/name must be one of/);
  expect(readWebVitals({ name: 'LCP', value: -1, route: '/' })).toMatch(/value must be/);
  expect(readWebVitals({ name: 'LCP', value: Number.NaN, route: '/' })).toMatch(/value must be/);
  expect(readWebVitals([])).toMatch(/send 1 to 20/);
  expect(readWebVitals(Array.from({ length: 21 }, () => ({ name: 'LCP', value: 1, route: '/' })))).toMatch(/send 1 to 20/);
});

test('whatever a visitor sends: no throw, and only known names and routes come out', async () => {
  const body = fc.oneof(
    fc.anything(),
    fc.record({ name: fc.oneof(fc.constantFrom(...Object.keys(WEB_VITAL_UNITS), '__proto__', 'toString'), fc.string()), value: fc.oneof(fc.double(), fc.string(), fc.integer()), route: fc.oneof(fc.constantFrom('/', '/posts/[slug]', '/x'), fc.string()) }),
  );
  await checkProperty('web vitals bodies', fc.property(fc.oneof(body, fc.array(body, { maxLength: 25 })), (input) => {
    const read = readWebVitals(input);
    if (typeof read === 'string') return;
    for (const vital of read) {
      expect(Object.hasOwn(WEB_VITAL_UNITS, vital.name)).toBe(true);
      expect(['/', '/posts/[slug]', '/404', '/500', '/_error']).toContain(vital.route);
      expect(readEmf(webVitalLine(vital, { STRATUS_METRICS_NAMESPACE: 'Stratus/Shop/Site/Render' })).length).toBe(2);
    }
  }), 300);
});

test('the line: the metric by route and for the site, in the namespace, its unit; none with metrics off', () => {
  const points = readEmf(webVitalLine({ name: 'INP', value: 88, route: '/' }, { STRATUS_METRICS_NAMESPACE: 'Stratus/Shop/Site/Render' }));
  expect(points.map((p) => [p.namespace, p.metric, p.unit, p.dimensions, p.values])).toEqual([
    ['Stratus/Shop/Site/Render', 'INP', 'Milliseconds', { route: '/' }, [88]],
    ['Stratus/Shop/Site/Render', 'INP', 'Milliseconds', {}, [88]],
  ]);
  expect(readEmf(webVitalLine({ name: 'CLS', value: 0.1, route: '/' }, {}))[0]!.unit).toBe('None');
  expect(JSON.parse(webVitalLine({ name: 'CLS', value: 0.1, route: '/' }, { STRATUS_METRICS: 'off' }))._aws).toBeUndefined();
});

test('only an app whose _app exports reportWebVitals gets the web-vitals chunk', async () => {
  const page = { 'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n' };
  const app = (extra: string) => tempApp({ ...page, 'pages/_app.tsx': `export default function App({ Component, pageProps }: any) { return <Component {...pageProps} />; }\n${extra}` });
  const chunks = async (dir: string) => {
    const built = await buildApp(dir);
    try {
      return readdirSync(path.join(built.outDir, 'assets', '_app', 'static', 'chunks'));
    } finally {
      built.cleanup();
    }
  };
  expect((await chunks(app(''))).some((file) => file.startsWith('web-vitals-'))).toBe(false);
  expect((await chunks(app('export function reportWebVitals(metric: unknown) { console.log(metric); }\n'))).some((file) => file.startsWith('web-vitals-'))).toBe(true);
});
