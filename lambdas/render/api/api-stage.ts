/**
 * The API stage: a request matched to an API route, answered by its handler `(req, res)`.
 * The body is parsed first (400, 413, 415 without calling the handler); the handler's
 * answer is complete when it calls `res.end()` (or `json`, `send`, `redirect`), and is then
 * passed on as it is (an `api` outcome); a handler that returns a web `Response` without
 * touching `res` (as an Edge API route does) answers with it. Where answers may stream (`context.streaming`), a
 * handler that writes or flushes before it ends and is still writing when the stage looks
 * again answers with a stream instead: status and headers now, the chunks as they come.
 * A handler that throws or rejects first is a 500; one that has not answered within the
 * budget a 504 naming the route in its log line, and a stream still running at the budget
 * is cut off; an answer over the platform's limit a 500 saying so. Work a handler does
 * after answering may be frozen with the function: answer last. A route whose config says
 * `runtime: 'edge'` is called as an edge route instead (edge-route.ts): `(request, event)`,
 * its body unparsed, its returned `Response` the answer once its `waitUntil` work is done.
 * A visitor who leaves (`context.signal`, from the start of the request) is passed on: `req`
 * says `aborted` and `close` and `res` says `close` (an edge route's `request.signal` aborts,
 * its body is cancelled), and the stage stops waiting for an answer nobody will read.
 */
import type { Readable } from 'node:stream';
import { mergeQuery, searchToQuery } from '../../../web/runtime/shared/route-match';
import type { ApiHandler } from '../../../web/runtime/shared/page-types';
import { exceedsPayloadLimit, RESPONSE_PAYLOAD_LIMIT } from '../../shared/function-url';
import type { RequestContext } from '../../shared/http';
import { isHttpError } from '../../shared/http-error';
import { log, logError } from '../../shared/log';
import { readApiConfig, type ApiRouteConfig } from './api-config';
import { createApiRequest, visitorLeft } from './api-request';
import { BufferedResponse } from './api-response';
import { fromWebStream, ResponseTooLargeError, STREAMED_RESPONSE_LIMIT } from '../../shared/streamed-body';
import { NO_STORE } from '../../shared/cache-control';
import type { DraftMode } from './draft-mode';
import type { ApiCall, ErrorStatus, Outcome } from '../core/outcome';
import { readBody } from './request-body';
import { edgeArguments, edgeRequestUrl, type EdgeClasses } from './edge-route';

/** A little under the function's 10 s default timeout, so the 504 and its log line get out. */
export const DEFAULT_API_TIMEOUT_MS = 9000;

/**
 * The handler budget from `STRATUS_API_TIMEOUT_MS` (the stack sets it a little under the
 * function's timeout); absent or not a positive whole number: the default.
 *
 * @example
 * apiTimeoutFrom('25000'); // 25000
 * apiTimeoutFrom(undefined); // 9000
 */
export function apiTimeoutFrom(value: string | undefined): number {
  const ms = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(ms) && ms > 0 ? ms : DEFAULT_API_TIMEOUT_MS;
}

/** An API handler that had not answered when its budget ran out. */
export class ApiTimeoutError extends Error {
  override readonly name = 'ApiTimeoutError';
}

export { ResponseTooLargeError };

/** An answer that was still streaming when the handler's budget ran out (it is cut off). */
export class StreamTimeoutError extends Error {
  override readonly name = 'StreamTimeoutError';
}

/**
 * `flushed`: the handler wrote or flushed before ending (where answers may stream);
 * `response`: it answered with a web `Response` of its own instead of `res`.
 */
type Ending = { type: 'ended' } | { type: 'flushed' } | { type: 'response'; response: Response } | { type: 'failed'; error: unknown } | { type: 'timeout' } | { type: 'left' };

/**
 * The status logged for a request whose visitor left before it was answered (the answer
 * goes nowhere): 499, "client closed request", as proxies log it.
 */
export const VISITOR_LEFT_STATUS = 499;

/** What the edge stage's wait ended on when the handler had not answered. */
const TIMED_OUT = Symbol('timed out');
const LEFT = Symbol('visitor left');

/**
 * A web `Response` (what an Edge API route returns), told apart by its members: reading the
 * global `Response` would load Node's fetch implementation at a cold start.
 */
function isWebResponse(value: unknown): value is Response {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Response>;
  return typeof candidate.status === 'number' && typeof candidate.headers?.get === 'function' && typeof candidate.arrayBuffer === 'function' && 'body' in candidate;
}

/** An answer nobody will read (the visitor left, the budget ran out): a `Response`'s body is cancelled, so its writer stops. */
function discard(value: unknown): void {
  if (isWebResponse(value)) value.body?.cancel().catch(() => undefined);
}

interface Watchers {
  /** The handler returned (or resolved) without answering. */
  returnedWithoutAnswer(): void;
  /** The handler threw or rejected after the answer was decided. */
  failedLate(error: unknown): void;
}

/**
 * Runs the handler and settles on the first of: the response ended, the handler failed, the
 * budget ran out, (with `streams`) the handler wrote or flushed before ending, or the
 * visitor left (`visitor` aborted: `req` and `res` are told, as Node's are when the socket
 * closes; a visitor gone before the handler runs never reaches it).
 */
function awaitAnswer(handler: ApiHandler, req: Parameters<ApiHandler>[0], res: BufferedResponse, timeoutMs: number, streams: boolean, watchers: Watchers, visitor: AbortSignal | undefined): Promise<Ending> {
  return new Promise((resolve) => {
    if (visitor?.aborted) return resolve({ type: 'left' });
    let settled = false;
    const settle = (ending: Ending) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      visitor?.removeEventListener('abort', left);
      resolve(ending);
    };
    const left = () => {
      if (settled) return;
      visitorLeft(req);
      res.visitorLeft();
      settle({ type: 'left' });
    };
    visitor?.addEventListener('abort', left, { once: true });
    const fail = (error: unknown) => (settled ? watchers.failedLate(error) : settle({ type: 'failed', error }));
    const timer = setTimeout(() => settle({ type: 'timeout' }), timeoutMs);
    res.once('finish', () => settle({ type: 'ended' }));
    if (streams) res.allowStreaming(() => settle({ type: 'flushed' }));
    res.on('error', fail);
    let returned: unknown;
    try {
      returned = handler(req, res);
    } catch (error) {
      fail(error);
      return;
    }
    Promise.resolve(returned).then((value) => {
      if (settled || res.writableEnded) return discard(value);
      // Nothing sent on `res`, a `Response` returned: that is the answer (its body streams where answers may).
      if (!res.headersSent && isWebResponse(value)) return settle({ type: 'response', response: value });
      watchers.returnedWithoutAnswer();
    }, fail);
  });
}

export interface ApiStageOptions {
  /** How long a handler may take to answer. */
  timeoutMs: number;
  /** Each API route's config by pattern, read at cold start (read on first use otherwise). */
  configs: ReadonlyMap<string, ApiRouteConfig>;
  defaultLocale: string;
  /** What `res.revalidate(path)` does (on-demand.ts). @default - it throws */
  revalidate?: (urlPath: string) => Promise<void>;
  /** Signs the cookie `res.setDraftMode` sets. @default - setDraftMode answers 500, saying draft mode is off */
  draft?: DraftMode;
  /** The most an answer may carry where answers stream. @default STREAMED_RESPONSE_LIMIT */
  streamLimitBytes?: number;
  /** The site's basePath, which an edge route's `request.url` carries. @default '' */
  basePath?: string;
  /** The app's `NextRequest` and `NextFetchEvent`, for edge routes. @default - a plain web `Request` */
  edgeClasses?: EdgeClasses;
}

/**
 * The API stage over the app's API route configs.
 *
 * @example
 * const runApi = createApiStage({ timeoutMs: 9000, configs, defaultLocale: 'en' });
 * await runApi(routeApi(target, table), { requestId }); // { kind: 'api', route, response }
 */
export function createApiStage(options: ApiStageOptions): (call: ApiCall, context: RequestContext) => Promise<Outcome> {
  const { timeoutMs, configs, defaultLocale, revalidate, draft } = options;
  const streamLimit = options.streamLimitBytes ?? STREAMED_RESPONSE_LIMIT;

  return async function runApi(call, context) {
    const { route, request } = call;
    const config = configs.get(route.pattern) ?? readApiConfig(route.file, call.module);
    const base = { kind: 'error', route, locale: defaultLocale, asPath: request.path } as const;
    // A refusal (400, 413, 415) has a message for the client; a failure a cause to log.
    const refusal = (statusCode: ErrorStatus, message: string): Outcome => ({ ...base, statusCode, message });
    const failure = (statusCode: ErrorStatus, cause: unknown): Outcome => ({ ...base, statusCode, cause });
    if (config.edge) return runEdge(call, context.signal, failure);

    let parsed: ReturnType<typeof readBody>;
    try {
      parsed = readBody(request.body, request.headers['content-type'], config.bodyParser);
    } catch (error) {
      if (isHttpError(error)) return refusal(error.statusCode as ErrorStatus, error.message);
      throw error;
    }
    const req = createApiRequest(request, mergeQuery(searchToQuery(call.search), call.params), parsed.body, parsed.raw);
    const streams = context.streaming === true;
    const limit = streams ? streamLimit : RESPONSE_PAYLOAD_LIMIT;
    const res = new BufferedResponse(limit, revalidate);
    const fields = { requestId: context.requestId, cfId: context.cfId, path: request.path, route: route.pattern };
    const started = Date.now();
    // Where the handler is once the stage has looked: answering a stream, or failed before it could.
    let streaming = false;
    let failedBeforeStream: { error: unknown } | undefined;
    const ending = await awaitAnswer(call.module.default, req, res, timeoutMs, streams, {
      returnedWithoutAnswer() {
        if (!config.externalResolver) {
          log({ ...fields, msg: `The API handler of ${route.file} returned without answering; the request waits for res.end() until ${timeoutMs} ms. Set config.api.externalResolver when another library answers.` }, 'WARN');
        }
      },
      failedLate(error) {
        // Mid-stream: the answer is cut off, and the error logged where the stream ends (render-core.ts).
        if (streaming && !res.writableEnded && !res.destroyed) res.destroy(error instanceof Error ? error : new Error(String(error)));
        else if (res.destroyed) logError(error, { ...fields, note: 'the API handler failed after its answer was cut off (the visitor left, or it ran out of time)' });
        else if (!res.writableEnded && !streaming) failedBeforeStream = { error };
        else logError(error, { ...fields, note: 'the API handler failed after its answer was sent' });
      },
    }, context.signal);

    if (ending.type === 'left') return visitorGone(route);
    if (ending.type === 'failed') return failure(500, ending.error);
    if (ending.type === 'timeout') {
      return failure(504, new ApiTimeoutError(`The API handler of ${route.file} (${route.pattern}) did not answer within ${timeoutMs} ms (STRATUS_API_TIMEOUT_MS).`));
    }
    if (failedBeforeStream) return failure(500, failedBeforeStream.error);
    if (ending.type === 'response') {
      const response = fromWebStream(ending.response);
      response.headers['cache-control'] ??= NO_STORE;
      if (response.stream) watchWebStream(response.stream, timeoutMs - (Date.now() - started), route.pattern, () => visitorLeft(req));
      return { kind: 'api', route, response };
    }
    const tooLarge = () =>
      new ResponseTooLargeError(
        streams
          ? `The API answer of ${route.pattern} is over the ${streamLimit}-byte limit on a streamed response (Lambda's 200 MB); answered 500 instead.`
          : `The API answer of ${route.pattern} is over Lambda's ${RESPONSE_PAYLOAD_LIMIT}-byte response payload (buffered Function URL); answered 500 instead.`,
      );
    if (res.overflowed) return failure(500, tooLarge());
    let response;
    try {
      response = ending.type === 'flushed' && !res.writableEnded ? res.toStreamedResponse(NO_STORE) : res.toCoreResponse(NO_STORE);
    } catch (error) {
      return failure(500, error);
    }
    if (response.stream) {
      streaming = true;
      watchStream(res, req, timeoutMs - (Date.now() - started), route.pattern);
    }
    if (res.draftMode !== undefined) {
      if (!draft) return failure(500, new Error(`${route.file} called res.setDraftMode, but draft mode has no secret here.`));
      response.cookies = [...(response.cookies ?? []), await draft.cookie(res.draftMode)];
      if (res.previewData !== undefined) response.cookies.push(await draft.previewCookie(res.previewData));
    }
    if (!streams && exceedsPayloadLimit(response, request.method)) return failure(500, tooLarge());
    return { kind: 'api', route, response };
  };

  /** The visitor left before the answer was decided: logged as such, sent nowhere. */
  function visitorGone(route: ApiCall['route']): Outcome {
    return { kind: 'api', route, response: { status: VISITOR_LEFT_STATUS, headers: { 'cache-control': NO_STORE } } };
  }

  /**
   * An edge route: its `Response` (after its `waitUntil` work), a 500 when it throws or returns
   * anything else, a 504 past the budget. Its request's `signal` aborts when the visitor
   * leaves first (the stage then stops waiting), at the 504, and when the body of its
   * `Response` is destroyed before its end (the visitor left, or the budget ran out while it
   * streamed), which also cancels that body.
   */
  async function runEdge(call: ApiCall, visitor: AbortSignal | undefined, failure: (statusCode: ErrorStatus, cause: unknown) => Outcome): Promise<Outcome> {
    const { route, request } = call;
    if (visitor?.aborted) return visitorGone(route);
    const started = Date.now();
    const url = edgeRequestUrl(request, options.basePath ?? '', call.search, call.params);
    const controller = new AbortController();
    const [req, event] = edgeArguments(request, url, options.edgeClasses, controller.signal);
    let timer: NodeJS.Timeout | undefined;
    let left: (() => void) | undefined;
    const stopped = new Promise<typeof TIMED_OUT | typeof LEFT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
      left = () => resolve(LEFT);
      visitor?.addEventListener('abort', left, { once: true });
    });
    const answered = (async () => {
      const value = await (call.module.default as unknown as (request: unknown, event: unknown) => unknown)(req, event);
      if (event.pending.length > 0) await Promise.allSettled(event.pending);
      return value;
    })();
    let value: unknown;
    try {
      value = await Promise.race([answered, stopped]);
    } catch (error) {
      return failure(500, error);
    } finally {
      clearTimeout(timer);
      visitor?.removeEventListener('abort', left!);
    }
    if (value === TIMED_OUT || value === LEFT) {
      controller.abort();
      // Whatever it answers later goes nowhere.
      answered.then(discard, () => undefined);
      if (value === LEFT) return visitorGone(route);
      return failure(504, new ApiTimeoutError(`The edge API handler of ${route.file} (${route.pattern}) did not answer within ${timeoutMs} ms (STRATUS_API_TIMEOUT_MS).`));
    }
    if (!isWebResponse(value)) {
      return failure(500, new TypeError(`The edge API handler of ${route.file} returned ${value === null ? 'null' : typeof value}: an edge route (config.runtime 'edge') answers by returning a Response (new Response(…), Response.json(…), NextResponse.json(…)).`));
    }
    const response = fromWebStream(value);
    response.headers['cache-control'] ??= NO_STORE;
    if (response.stream) watchWebStream(response.stream, timeoutMs - (Date.now() - started), route.pattern, (reason) => controller.abort(reason));
    return { kind: 'api', route, response };
  }
}

/** The cut-off of an answer still streaming at the end of its budget. */
function streamTimeout(pattern: string): StreamTimeoutError {
  return new StreamTimeoutError(`The API answer of ${pattern} was still streaming when its budget ran out (STRATUS_API_TIMEOUT_MS, the function's timeout less 1 s): cut off. Raise the function's timeout for longer streams.`);
}

/**
 * The body of a web `Response` after the stage returns it: cut off when the budget runs out
 * (destroying it cancels the web stream, Readable.fromWeb), and `onCut` told when it is
 * destroyed before its end (the visitor left, or the budget ran out: then with the cut-off).
 */
function watchWebStream(stream: Readable, leftMs: number, pattern: string, onCut: (reason?: unknown) => void): void {
  const timer = setTimeout(() => stream.destroy(streamTimeout(pattern)), Math.max(0, leftMs));
  timer.unref();
  stream.once('close', () => {
    clearTimeout(timer);
    if (!stream.readableEnded) onCut(stream.errored instanceof StreamTimeoutError ? stream.errored : undefined);
  });
}

/**
 * A streaming answer's life after the stage returns it: the visitor leaving reaches the
 * handler (`req` aborts), and an answer still streaming when the budget runs out is cut off
 * (its error logged where the stream ends), before Lambda's own timeout would kill it unlogged.
 */
function watchStream(res: BufferedResponse, req: Parameters<ApiHandler>[0], leftMs: number, pattern: string): void {
  const timer = setTimeout(() => res.destroy(streamTimeout(pattern)), Math.max(0, leftMs));
  res.once('close', () => {
    clearTimeout(timer);
    if (!res.writableEnded) visitorLeft(req);
  });
}
