/**
 * The seam for the routing layer that runs before route matching: config `redirects`,
 * `rewrites` and `headers`, then middleware. None of those exists yet; the core runs an
 * empty list. Each step sees the target (page requests and page-data requests alike, by
 * the page path) and may answer, rewrite the path, or add headers to whatever answers.
 */
import type { Outcome, Target } from './outcome';

/** What one step decided; an empty result (or none) lets the request go on as it is. */
export interface BeforeRouteResult {
  /** Answer now, without matching a route (a config redirect, middleware's own response). */
  answer?: Outcome;
  /** Match this path instead (a rewrite): percent-encoded, locale prefix on. */
  rewrite?: string;
  /** Added to the response, whatever answers; a later step's value wins. */
  headers?: Record<string, string>;
}

export type BeforeRouteStep = (target: Target) => BeforeRouteResult | undefined | Promise<BeforeRouteResult | undefined>;

/** Where the steps left the request: the target to route, or an answer; headers to add either way. */
export type BeforeRouteEnd = { target: Target; answer?: undefined; headers?: Record<string, string> } | { answer: Outcome; headers?: Record<string, string> };

/** Runs the steps in order; the first answer ends the run. */
export async function runBeforeRoute(steps: readonly BeforeRouteStep[], target: Target): Promise<BeforeRouteEnd> {
  let headers: Record<string, string> | undefined;
  for (const step of steps) {
    const result = await step(target);
    if (!result) continue;
    if (result.headers) headers = { ...headers, ...result.headers };
    if (result.answer) return { answer: result.answer, headers };
    if (result.rewrite !== undefined) target = { ...target, path: result.rewrite };
  }
  return { target, headers };
}
