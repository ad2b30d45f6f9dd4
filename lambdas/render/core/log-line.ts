/**
 * The one log line per request, derived from the request, its outcome and the response:
 * the fields operators query (README, "Logs"). A failure's cause gets its own
 * ERROR line first, with its stack.
 */
import type { CoreRequest, CoreResponse, RequestContext } from '../../shared/http';
import { isDependencyError, reportDependencyFailure } from '../../shared/dependency-failure';
import { log, logError, type LogFields } from '../../shared/log';
import { routeOf, type Outcome } from './outcome';

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

/** The request line's fields; a streamed answer's bytes are those sent, and `streamed` says how it ended. */
export function logLine(request: CoreRequest, context: RequestContext, outcome: Outcome, response: CoreResponse, durationMs: number, streamed?: StreamedLine): LogFields {
  const line: LogFields = {
    requestId: context.requestId,
    cfId: context.cfId,
    method: request.method,
    path: request.path,
    route: routeOf(outcome)?.pattern,
    status: response.status,
    durationMs,
    bytes: streamed ? streamed.bytes : bytesOf(response),
    cache: cacheOf(outcome),
  };
  if (streamed) line.streamed = streamed.ending;
  return line;
}

/**
 * Writes the failure's ERROR line (when the outcome is one) and the request line. A failed
 * dependency (the bucket, the lease table) is named on the request line; its ERROR line is
 * written once a window (lambdas/shared/dependency-failure.ts), not once per request.
 */
export function logRequest(request: CoreRequest, context: RequestContext, outcome: Outcome, response: CoreResponse, durationMs: number, streamed?: StreamedLine): void {
  const cause = outcome.kind === 'error' && 'cause' in outcome ? outcome.cause : undefined;
  if (isDependencyError(cause)) {
    reportDependencyFailure(cause, { dependency: cause.dependency, doing: 'answer a request', served: `a ${response.status}` });
    const line = logLine(request, context, outcome, response, durationMs);
    line.dependency = cause.dependency;
    log(line);
    return;
  }
  if (cause !== undefined) logError(cause, { requestId: context.requestId, cfId: context.cfId, path: request.path, route: routeOf(outcome)?.pattern });
  log(logLine(request, context, outcome, response, durationMs, streamed));
}
