/**
 * The one log line per request, derived from the request, its outcome and the response:
 * the fields operators query (README, "Logs"). A failure's cause gets its own
 * ERROR line first, with its stack.
 */
import type { CoreRequest, CoreResponse, RequestContext } from '../../shared/http';
import { isDependencyError, reportDependencyFailure } from '../../shared/dependency-failure';
import { IN_LAMBDA, isoTime, log, logError, logText, type LogFields } from '../../shared/log';
import { COLD_START, emf, emfDirectivesText, LATENCY, STATUS, type MetricGroup } from '../../shared/metrics';
import { nameRequestSpan } from '../../shared/tracing/request-span';
import { routeOf, type Outcome } from './outcome';

/**
 * The request line's metrics (lambdas/shared/metrics.ts): latency and status per route, per
 * cache outcome and for the whole site; a line no route answered counts for the site alone.
 */
const BY_ROUTE: MetricGroup = { dimensions: [['route'], ['cache'], []], metrics: [LATENCY, STATUS] };
const BY_ROUTE_UNCACHED: MetricGroup = { dimensions: [['route'], []], metrics: [LATENCY, STATUS] };
const SITE_ONLY: MetricGroup = { dimensions: [[]], metrics: [LATENCY, STATUS] };
const COLD: MetricGroup = { dimensions: [[]], metrics: [COLD_START] };

/**
 * How the answer was cached: `static` from the page store, `fallback` a shell for a page
 * not rendered yet, `none` made for this request alone (server pages, API routes);
 * undefined when no route answered.
 */
export function cacheOf(outcome: Outcome): 'static' | 'fallback' | 'none' | undefined {
  switch (outcome.kind) {
    case 'static':
      return 'static';
    case 'render':
      return outcome.isFallback ? 'fallback' : 'none';
    case 'api':
    case 'response':
      return 'none';
    case 'unknownBuild':
    case 'notPageData':
      return undefined;
    default:
      return outcome.route?.kind === 'ssr' || outcome.route?.kind === 'api' ? 'none' : undefined;
  }
}

function bytesOf(response: CoreResponse): number {
  const length = response.headers['content-length'];
  if (length !== undefined) return Number(length);
  if (response.body === undefined) return 0;
  return typeof response.body === 'string' ? Buffer.byteLength(response.body) : response.body.byteLength;
}

/** How a streamed answer went (core/streamed.ts): its bytes, and `ended`, `aborted` (the visitor left) or `failed`. */
export interface StreamedLine {
  bytes: number;
  ending: 'ended' | 'aborted' | 'failed';
}

/**
 * The request line's fields, with its metrics (`_aws`) and, on an instance's first request,
 * `coldStart: 1`; a streamed answer's bytes are those sent, and `streamed` says how it ended.
 */
export function logLine(request: CoreRequest, context: RequestContext, outcome: Outcome, response: CoreResponse, durationMs: number, streamed?: StreamedLine): LogFields {
  const route = routeOf(outcome)?.pattern;
  const cache = cacheOf(outcome);
  const line: LogFields = {
    requestId: context.requestId,
    cfId: context.cfId,
    method: request.method,
    path: request.path,
    route,
    status: response.status,
    durationMs,
    bytes: streamed ? streamed.bytes : bytesOf(response),
    cache,
  };
  if (streamed) line.streamed = streamed.ending;
  const group = route === undefined ? SITE_ONLY : cache === undefined ? BY_ROUTE_UNCACHED : BY_ROUTE;
  if (context.coldStart) line.coldStart = 1;
  const metrics = emf(context.coldStart ? [group, COLD] : [group]);
  if (metrics) line._aws = metrics;
  return line;
}

/** The groups of a line, in the order directivesOf caches them. */
const GROUPS = [SITE_ONLY, BY_ROUTE_UNCACHED, BY_ROUTE] as const;

/** The directives' JSON text per group (and with the cold-start one), made again only when the metrics settings change. */
let directives: { settings: string; texts: (string | undefined)[] } | undefined;

const metricsSettings = () => `${process.env.STRATUS_METRICS ?? ''}|${process.env.STRATUS_METRICS_NAMESPACE ?? ''}`;

/**
 * In Lambda the environment is the function's configuration, the same for the instance's
 * life: read once (each `process.env` read is a call into C++, ≈ 3.7k instructions a request
 * for the two). Elsewhere (the local server, `stratus dev`, tests) it is read for every line,
 * so a changed setting applies at once.
 */
const LAMBDA_SETTINGS = IN_LAMBDA ? metricsSettings() : undefined;

function directivesOf(group: number, cold: boolean): string | undefined {
  const settings = LAMBDA_SETTINGS ?? metricsSettings();
  if (directives?.settings !== settings) directives = { settings, texts: [] };
  const index = group * 2 + (cold ? 1 : 0);
  if (!(index in directives.texts)) directives.texts[index] = emfDirectivesText(cold ? [GROUPS[group]!, COLD] : [GROUPS[group]!]);
  return directives.texts[index];
}

/** A string field as JSON: most are plain ASCII and need only quotes (JSON.stringify is ~3× the cost). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const text = (value: string) => (value.length < 256 && PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));

/**
 * The request line as JSON text, with the same fields in the same order as `{ level, time,
 * ...logLine() }` (a test holds them equal): written without an object of its fields, which
 * cost a few per cent of a server-rendered request in allocation and `JSON.stringify`.
 */
export function requestLineText(request: CoreRequest, context: RequestContext, outcome: Outcome, response: CoreResponse, durationMs: number, streamed?: StreamedLine, now = Date.now()): string {
  const route = routeOf(outcome)?.pattern;
  const cache = cacheOf(outcome);
  let line = `{"level":"INFO","time":"${isoTime(now)}","requestId":${text(context.requestId)}`;
  if (context.cfId !== undefined) line += `,"cfId":${text(context.cfId)}`;
  line += `,"method":${text(request.method)},"path":${text(request.path)}`;
  if (route !== undefined) line += `,"route":${text(route)}`;
  line += `,"status":${response.status},"durationMs":${durationMs},"bytes":${streamed ? streamed.bytes : bytesOf(response)}`;
  if (cache !== undefined) line += `,"cache":"${cache}"`;
  if (streamed) line += `,"streamed":"${streamed.ending}"`;
  if (context.coldStart) line += ',"coldStart":1';
  const metrics = directivesOf(route === undefined ? 0 : cache === undefined ? 1 : 2, context.coldStart === true);
  if (metrics !== undefined) line += `,"_aws":{"Timestamp":${now},"CloudWatchMetrics":${metrics}}`;
  return line + '}';
}

/**
 * Writes the failure's ERROR line (when the outcome is one) and the request line. A failed
 * dependency (the bucket, the lease table) is named on the request line; its ERROR line is
 * written once a window (lambdas/shared/dependency-failure.ts), not once per request.
 */
export function logRequest(request: CoreRequest, context: RequestContext, outcome: Outcome, response: CoreResponse, durationMs: number, streamed?: StreamedLine): void {
  nameRequestSpan(request.method, routeOf(outcome)?.pattern, cacheOf(outcome));
  const cause = outcome.kind === 'error' && 'cause' in outcome ? outcome.cause : undefined;
  if (isDependencyError(cause)) {
    reportDependencyFailure(cause, { dependency: cause.dependency, doing: 'answer a request', served: `a ${response.status}` });
    const line = logLine(request, context, outcome, response, durationMs);
    line.dependency = cause.dependency;
    log(line);
    return;
  }
  if (cause !== undefined) logError(cause, { requestId: context.requestId, cfId: context.cfId, path: request.path, route: routeOf(outcome)?.pattern });
  logText(requestLineText(request, context, outcome, response, durationMs, streamed));
}
