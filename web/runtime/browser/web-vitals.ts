/**
 * `reportWebVitals` from `_app`, as the pages router calls it: with each web vital the
 * `web-vitals` library measures (TTFB, FCP, LCP, CLS, INP: `label: 'web-vital'`) and with
 * the framework's own timings (`label: 'custom'`), under the pages router's names:
 * `Next.js-hydration` (the first render's hydration), `Next.js-route-change-to-render`
 * (a soft navigation's start until its page renders) and `Next.js-render` (that render until
 * it is on screen). A chunk of its own, loaded after hydration and only by apps whose `_app`
 * exports `reportWebVitals` (the build's client entry decides, cli/builder/steps/bundle-client.ts).
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { Emitter } from '../shared/events';
import { routerEvents } from '../shared/router-state';

/** What `reportWebVitals` receives (Next's `NextWebVitalsMetric`). */
export interface WebVitalsMetric {
  /** Unique to this page load (and metric). */
  id: string;
  name: string;
  /** When the measured entry started (ms since navigation start). */
  startTime: number;
  /** The value: ms, or a score for CLS. */
  value: number;
  label: 'web-vital' | 'custom';
  /** What web-vitals' attribution build says of it, when it says anything. */
  attribution?: Record<string, unknown>;
}

export type ReportWebVitals = (metric: WebVitalsMetric) => void;

/** The hydration's times (`performance.now()`), measured around the first render. */
export interface HydrationTimes {
  start: number;
  end: number;
}

let counter = 0;
/** `v1-<time>-<n>`: unique to this page load, as Next's ids are. */
const customId = () => `v1-${Date.now()}-${++counter}`;

/** Starts reporting: the web vitals as web-vitals finds them, hydration now, route changes as they happen. */
export function reportVitals(report: ReportWebVitals, hydration: HydrationTimes, events: Emitter = routerEvents): void {
  const vital = (metric: Metric) => {
    const reported: WebVitalsMetric = { id: metric.id, name: metric.name, startTime: metric.entries[0]?.startTime ?? 0, value: metric.value, label: 'web-vital' };
    const attribution = (metric as Metric & { attribution?: Record<string, unknown> }).attribution;
    if (attribution) reported.attribution = attribution;
    report(reported);
  };
  onTTFB(vital);
  onFCP(vital);
  onLCP(vital);
  onCLS(vital);
  onINP(vital);
  const custom = (name: string, start: number, end: number) => report({ id: customId(), name, startTime: start, value: end - start, label: 'custom' });
  custom('Next.js-hydration', hydration.start, hydration.end);

  // A soft navigation: start → its page about to render (beforeHistoryChange) → rendered (routeChangeComplete).
  let started: number | undefined;
  let rendering: number | undefined;
  events.on('routeChangeStart', () => {
    started = performance.now();
    rendering = undefined;
  });
  events.on('beforeHistoryChange', () => {
    if (started === undefined) return;
    rendering = performance.now();
    custom('Next.js-route-change-to-render', started, rendering);
  });
  events.on('routeChangeComplete', () => {
    if (rendering !== undefined) custom('Next.js-render', rendering, performance.now());
    started = rendering = undefined;
  });
  events.on('routeChangeError', () => void (started = rendering = undefined));
}
