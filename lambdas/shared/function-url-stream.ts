/**
 * The Function URL adapter for `RESPONSE_STREAM` mode: the same event in, the answer out
 * through the response stream Lambda's Node.js runtime hands a handler wrapped in
 * `awslambda.streamifyResponse`. The status, headers and cookies go first, as the JSON
 * prelude `awslambda.HttpResponseStream.from` writes before the first chunk; then the body,
 * whole or as the app writes it, up to Lambda's 200 MB.
 * https://docs.aws.amazon.com/lambda/latest/dg/config-rs-write-functions.html
 * https://docs.aws.amazon.com/lambda/latest/dg/config-rs-invoke-furls.html
 */
import type { Writable } from 'node:stream';
import type { Context, LambdaFunctionURLEvent } from 'aws-lambda';
import { textAnswer } from './answers';
import { PRIVATE_NO_STORE } from './cache-control';
import { toCoreRequest } from './function-url';
import type { Core, CoreResponse } from './http';
import { flushLog, IN_LAMBDA, logError } from './log';
import { flushTraces, traceRequest } from './tracing/request-span';

/** The metadata a streamed Function URL answer opens with (the prelude). */
export interface StreamPrelude {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
}

/**
 * What the Node.js runtime puts on `globalThis.awslambda` (the runtime interface client's
 * `setupGlobals`): the decorator marking a handler as streaming, and the helper that makes
 * the response stream write a prelude before its first chunk. `stratus start` provides the
 * same (cli/serve/lambda-streaming.ts).
 */
export interface LambdaStreamingGlobals {
  streamifyResponse<H extends (...args: never[]) => Promise<void>>(handler: H, options?: { highWaterMark?: number }): H;
  HttpResponseStream: { from(stream: Writable, prelude: StreamPrelude): Writable };
}

/** The response stream Lambda hands a streaming handler: a writable, with the content type of what it carries. */
export type ResponseStream = Writable & { setContentType(type: string): void };

export type StreamingHandler = (event: LambdaFunctionURLEvent, responseStream: ResponseStream, context?: Partial<Pick<Context, 'awsRequestId' | 'callbackWaitsForEmptyEventLoop'>>) => Promise<void>;

/** The runtime's globals; throws saying where this handler runs when they are missing. */
export function lambdaStreaming(): LambdaStreamingGlobals {
  const globals = (globalThis as unknown as { awslambda?: LambdaStreamingGlobals }).awslambda;
  if (!globals?.HttpResponseStream) {
    throw new Error('The streaming handler runs under Lambda’s Node.js runtime (or `stratus start`), which provide awslambda.HttpResponseStream: it is missing here.');
  }
  return globals;
}

/**
 * Wraps a core as a streaming Lambda handler. Nothing throws to Lambda before the prelude:
 * a failure is a bare 500 and one logged line. A body that fails mid-way (already logged by
 * the core, with its stack) rejects the handler: Lambda's runtime ends the response as
 * failed, so the visitor never sees a cut-off answer end as if whole. With a tracer provider
 * registered, the core runs inside the request's span (which ends when the answer's head is
 * decided; a streamed body goes on after it), and in Lambda the spans leave before the
 * handler settles.
 */
export function createStreamingHandler(core: Core): StreamingHandler {
  // The first request this handler answers is its instance's cold start.
  let cold = true;
  return async function streamHandler(event, responseStream, context) {
    // A timer or socket the app left open must not hold the invocation past the answer.
    if (context) context.callbackWaitsForEmptyEventLoop = false;
    const requestId = context?.awsRequestId ?? event.requestContext.requestId;
    const cfId = event.headers?.['x-amz-cf-id'];
    const method = event.requestContext.http.method.toUpperCase();
    const coldStart = cold;
    cold = false;
    const visitor = watchVisitor(responseStream);
    let response: CoreResponse;
    try {
      const request = toCoreRequest(event);
      const requestContext = coldStart ? { requestId, cfId, streaming: true, coldStart, signal: visitor.signal } : { requestId, cfId, streaming: true, signal: visitor.signal };
      response = await traceRequest(request, { function: 'render', ...requestContext }, () => core(request, requestContext));
    } catch (error) {
      logError(error, { requestId, cfId, path: event.rawPath });
      response = textAnswer(500, 'Internal Server Error', PRIVATE_NO_STORE);
    }
    try {
      await send(responseStream, response, method);
    } finally {
      visitor.stop();
      // Lambda may freeze the instance once the handler settles: the request's log lines and spans leave before that.
      if (IN_LAMBDA) {
        flushLog();
        const flushing = flushTraces();
        if (flushing) await flushing;
      }
    }
  };
}

/**
 * The visitor leaving, as the response stream tells it: a `close` or an `error` before the
 * answer has finished (a write failing destroys the stream, so it shows the same way). The
 * signal goes to the core (`RequestContext.signal`), which passes it on to the handler from
 * the start of the request: before its first byte as well as mid-stream.
 *
 * What Lambda tells: the runtime's response stream is its HTTP request to Lambda's API
 * (aws-lambda-nodejs-runtime-interface-client, src/stream/response-stream.ts); it errors and
 * closes when that connection fails or Lambda's API answers early. Behind a Function URL,
 * a client that disconnects has been reported to cause neither (that repository's issue
 * #145: no `close`, writes go on succeeding), in which case a stream runs on until it ends
 * or the API stage's budget cuts it off. `stratus start` (cli/serve/lambda-streaming.ts)
 * destroys the stream as that failing connection would when its visitor leaves.
 */
function watchVisitor(responseStream: ResponseStream): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const left = () => {
    if (!responseStream.writableFinished) controller.abort();
  };
  if (responseStream.destroyed) left();
  responseStream.on('close', left);
  responseStream.on('error', left);
  return {
    signal: controller.signal,
    stop() {
      responseStream.off('close', left);
      responseStream.off('error', left);
    },
  };
}

/** Waits for `stream` to finish writing, or to go away (the visitor left). */
function finished(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.writableFinished || stream.destroyed) return resolve();
    stream.once('finish', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/**
 * Writes the answer. The first write carries the prelude (the runtime's `end(chunk)` would
 * skip it, so a body is written, then the stream ended), so even an empty one is written.
 * HEAD sends no body; a stream's bytes are read and dropped, so its writer ends as for GET.
 */
async function send(responseStream: ResponseStream, response: CoreResponse, method: string): Promise<void> {
  const { stream } = response;
  // The visitor left before the answer was decided: nothing to send, and the stream's writer is told.
  if (responseStream.destroyed) {
    stream?.destroy();
    return;
  }
  const out = lambdaStreaming().HttpResponseStream.from(responseStream, { statusCode: response.status, headers: response.headers, cookies: response.cookies ?? [] });
  if (method === 'HEAD' || !stream) {
    out.write(method === 'HEAD' || response.body === undefined ? '' : response.body);
    // Ended: the runtime itself waits for the stream to finish before it takes the next event.
    out.end();
    stream?.resume();
    return;
  }
  // Status and headers leave now, before the first chunk (an event stream's client opens on them).
  out.write('');
  await new Promise<void>((resolve, reject) => {
    const left = () => {
      // The visitor left: the writer is told (core/streamed.ts logs the answer as aborted).
      if (!stream.readableEnded) stream.destroy();
      resolve();
    };
    out.once('close', left);
    out.once('error', left);
    out.on('drain', () => stream.resume());
    stream.on('data', (chunk: Buffer) => {
      if (!out.write(chunk)) stream.pause();
    });
    stream.once('end', () => {
      out.off('close', left);
      out.end();
      finished(out).then(resolve, resolve);
    });
    stream.once('error', (error) => {
      out.off('close', left);
      reject(error);
    });
  });
}
