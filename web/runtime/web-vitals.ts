/**
 * `stratus/web-vitals`: what `reportWebVitals` in `_app` reports, on the server: an API
 * route's handler that takes the metrics a page sends and writes each as a CloudWatch metric
 * (Embedded Metric Format) in the function's log, by route, in the site's namespace, where
 * the dashboard's web-vitals rows read them (p75 per route). Only known metric names and the
 * site's own page routes are taken; anything else is a 400, so visitors cannot add metrics.
 *
 * @example
 * // pages/api/vitals.ts
 * export { webVitalsHandler as default } from 'stratus/web-vitals';
 * // pages/_app.tsx
 * export function reportWebVitals(metric: NextWebVitalsMetric) {
 *   navigator.sendBeacon('/api/vitals', JSON.stringify({ name: metric.name, value: metric.value, route: Router.pathname }));
 * }
 */
import type { ApiRequest, ApiResponse } from './shared/page-types';
import { isRoutePattern } from './shared/site-routes';

export type { WebVitalsMetric as NextWebVitalsMetric } from './browser/web-vitals';

/** The metrics taken, with their CloudWatch units: the web vitals, and the pages router's custom timings. */
export const WEB_VITAL_UNITS: Readonly<Record<string, 'Milliseconds' | 'None'>> = {
  TTFB: 'Milliseconds', FCP: 'Milliseconds', LCP: 'Milliseconds', INP: 'Milliseconds', CLS: 'None', FID: 'Milliseconds',
  'Next.js-hydration': 'Milliseconds', 'Next.js-route-change-to-render': 'Milliseconds', 'Next.js-render': 'Milliseconds',
};

/** At most this many metrics in one request (a page reports a handful). */
const MAX_METRICS = 20;
/** No real measure is longer (ms) or a larger shift. */
const MAX_VALUE = 600_000;

export interface WebVital {
  name: string;
  value: number;
  route: string;
}

/** The metrics of a request body (one object or a list), or a reason it is refused. */
export function readWebVitals(body: unknown): WebVital[] | string {
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0 || list.length > MAX_METRICS) return `send 1 to ${MAX_METRICS} metrics`;
  const vitals: WebVital[] = [];
  for (const item of list) {
    const { name, value, route } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !Object.hasOwn(WEB_VITAL_UNITS, name)) return `name must be one of ${Object.keys(WEB_VITAL_UNITS).join(', ')}`;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_VALUE) return `value must be a number from 0 to ${MAX_VALUE}`;
    if (typeof route !== 'string' || !isRoutePattern(route)) return 'route must be one of the site\'s page routes (Router.pathname)';
    vitals.push({ name, value, route });
  }
  return vitals;
}

/** One log line carrying the metric by route and for the whole site. */
export function webVitalLine(vital: WebVital, env: NodeJS.ProcessEnv = process.env): string {
  const line: Record<string, unknown> = { level: 'INFO', time: new Date().toISOString(), msg: 'web vital', route: vital.route, [vital.name]: vital.value };
  if (env.STRATUS_METRICS !== 'off') {
    line._aws = {
      Timestamp: Date.now(),
      CloudWatchMetrics: [{ Namespace: env.STRATUS_METRICS_NAMESPACE || 'Stratus', Dimensions: [['route'], []], Metrics: [{ Name: vital.name, Unit: WEB_VITAL_UNITS[vital.name] }] }],
    };
  }
  return JSON.stringify(line);
}

/** The API route: POST JSON (what `navigator.sendBeacon` sends); 204 when written, 400 with why when not. */
export function webVitalsHandler(req: ApiRequest, res: ApiResponse): void {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    res.status(405).json({ error: 'POST the metrics as JSON' });
    return;
  }
  // sendBeacon sends text/plain: the body may arrive as a string.
  let body: unknown = req.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      res.status(400).json({ error: 'the body is not JSON' });
      return;
    }
  }
  const vitals = readWebVitals(body);
  if (typeof vitals === 'string') {
    res.status(400).json({ error: vitals });
    return;
  }
  process.stdout.write(vitals.map((vital) => webVitalLine(vital)).join('\n') + '\n');
  res.status(204).end();
}
