/**
 * Lambda's response streaming, as `stratus start` runs it: what the Node.js runtime sets on
 * `globalThis.awslambda` before it loads a handler (`streamifyResponse`, which marks a
 * handler as streaming, and `HttpResponseStream.from(stream, { statusCode, headers,
 * cookies })`, which makes the stream write that prelude as JSON and 8 NUL bytes before its
 * first chunk), the response stream it hands such a handler, and what a Function URL in
 * `RESPONSE_STREAM` mode makes of the bytes: the prelude read off, then the body as it
 * comes. The shapes follow the runtime interface client
 * (github.com/aws/aws-lambda-nodejs-runtime-interface-client, src/stream/ and
 * src/utils/globals.ts), so the handler that runs here is the one deployed.
 */
import { PassThrough, Writable, type Readable } from 'node:stream';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import type { StreamPrelude } from '../../lambdas/shared/function-url-stream';

/** The runtime's marks on a handler `streamifyResponse` decorated. */
export const HANDLER_STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
export const HANDLER_HIGH_WATER_MARK = Symbol.for('aws.lambda.runtime.handler.streaming.highWaterMark');
const STREAM_RESPONSE = 'response';
/** The content type `HttpResponseStream.from` gives the stream: a prelude comes first. */
export const PRELUDE_CONTENT_TYPE = 'application/vnd.awslambda.http-integration-response';
const DELIMITER_BYTES = 8;
/** The runtime's response stream's default content type. */
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

type FirstWriteHook = (write: (chunk: string | Uint8Array) => void) => void;

/** The response stream the runtime hands a streaming handler: a writable of bytes, with its content type. */
export class LocalResponseStream extends Writable {
  contentType = DEFAULT_CONTENT_TYPE;
  /** Set by HttpResponseStream.from: writes the prelude before the first chunk. */
  _onBeforeFirstWrite: FirstWriteHook | undefined;
  private written = false;

  constructor(private readonly sinkWrite: (chunk: Buffer, done: (error?: Error | null) => void) => void, highWaterMark?: number) {
    super(highWaterMark === undefined ? {} : { highWaterMark });
  }

  setContentType(type: string): void {
    if (this.written) throw new Error('Cannot set content-type, too late.');
    this.contentType = type;
  }

  override write(chunk: unknown, encodingOrCallback?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void): boolean {
    // As the runtime: anything but text or bytes is written as JSON.
    const data = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : JSON.stringify(chunk);
    if (!this.written) {
      this.written = true;
      this._onBeforeFirstWrite?.((first) => super.write(first));
    }
    return super.write(data, encodingOrCallback as BufferEncoding, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.sinkWrite(chunk, callback);
  }
}

/** `awslambda.HttpResponseStream`, as the runtime provides it. */
export class HttpResponseStream {
  static from(underlyingStream: LocalResponseStream, prelude: Record<string, unknown>): LocalResponseStream {
    underlyingStream.setContentType(PRELUDE_CONTENT_TYPE);
    const metadata = JSON.stringify(prelude);
    underlyingStream._onBeforeFirstWrite = (write) => {
      write(metadata);
      write(new Uint8Array(DELIMITER_BYTES));
    };
    return underlyingStream;
  }
}

type AnyHandler = ((...args: never[]) => unknown) & { [HANDLER_STREAMING]?: string; [HANDLER_HIGH_WATER_MARK]?: number };

/** Sets `globalThis.awslambda` as Lambda's Node.js runtime does before it loads a handler (once; an existing one stays). */
export function installStreamingGlobals(): void {
  const scope = globalThis as unknown as { awslambda?: Record<string, unknown> };
  if (scope.awslambda?.streamifyResponse) return;
  scope.awslambda = {
    ...scope.awslambda,
    streamifyResponse(handler: AnyHandler, options?: { highWaterMark?: number }) {
      handler[HANDLER_STREAMING] = STREAM_RESPONSE;
      if (typeof options?.highWaterMark === 'number') handler[HANDLER_HIGH_WATER_MARK] = Math.trunc(options.highWaterMark);
      return handler;
    },
    HttpResponseStream,
  };
}

/** Whether `streamifyResponse` marked the handler (the runtime then streams every invocation). */
export function isStreamingHandler(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as AnyHandler)[HANDLER_STREAMING] === STREAM_RESPONSE;
}

/** A streamed answer as the Function URL passes it on: the prelude's status, headers and cookies, then the body. */
export interface StreamedAnswer {
  prelude: StreamPrelude;
  /** The body's bytes as the handler writes them; it errors when the invocation failed mid-way. */
  body: Readable;
  /** The visitor left: the handler's response stream is destroyed (its writes fail, `close` tells it). */
  cancel(): void;
}

/** Reads a prelude's fields as the Function URL does: a status, string headers, a list of cookies. */
function readPrelude(json: string): StreamPrelude {
  const value = JSON.parse(json) as Partial<StreamPrelude>;
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value.headers ?? {})) headers[name.toLowerCase()] = String(header);
  return { statusCode: typeof value.statusCode === 'number' ? value.statusCode : 200, headers, cookies: Array.isArray(value.cookies) ? value.cookies.map(String) : [] };
}

/**
 * Invokes a streaming handler as Lambda does behind a `RESPONSE_STREAM` Function URL, and
 * resolves when the answer's head is known (the prelude read off, or the first bytes of a
 * stream that wrote none). Rejects when the handler fails
 * (or returns something other than a promise) before writing; a failure after that ends the
 * body with an error, so the visitor's connection is cut rather than ended as if whole.
 */
export function invokeStreaming(handler: (...args: never[]) => unknown, event: LambdaFunctionURLEvent, context: { awsRequestId: string }): Promise<StreamedAnswer> {
  const body = new PassThrough();
  let answered: ((answer: StreamedAnswer) => void) | undefined;
  let refused: ((error: Error) => void) | undefined;
  const head = new Promise<StreamedAnswer>((resolve, reject) => {
    answered = resolve;
    refused = reject;
  });
  // Bytes before the 8 NULs are the prelude; after them, the body.
  let pending: Buffer | undefined = Buffer.alloc(0);
  let opened = false;
  const open = (prelude: StreamPrelude) => {
    opened = true;
    answered?.({ prelude, body, cancel: () => stream.destroy() });
  };
  const sinkWrite = (chunk: Buffer, done: (error?: Error | null) => void) => {
    if (pending !== undefined && stream.contentType === PRELUDE_CONTENT_TYPE) {
      pending = Buffer.concat([pending, chunk]);
      const at = delimiterIndex(pending);
      if (at < 0) return done();
      let prelude: StreamPrelude;
      try {
        prelude = readPrelude(pending.subarray(0, at).toString('utf8'));
      } catch (error) {
        return done(error as Error);
      }
      const rest = pending.subarray(at + DELIMITER_BYTES);
      pending = undefined;
      open(prelude);
      return rest.length > 0 ? pass(rest, done) : done();
    }
    if (!opened) {
      pending = undefined;
      open({ statusCode: 200, headers: { 'content-type': stream.contentType }, cookies: [] });
    }
    pass(chunk, done);
  };
  const pass = (chunk: Buffer, done: (error?: Error | null) => void) => {
    if (body.write(chunk)) done();
    else body.once('drain', () => done());
  };
  const highWaterMark = (handler as AnyHandler)[HANDLER_HIGH_WATER_MARK];
  const stream = new LocalResponseStream(sinkWrite, highWaterMark);
  stream.once('finish', () => {
    if (!opened) open({ statusCode: 200, headers: { 'content-type': stream.contentType }, cookies: [] });
    body.end();
  });

  const fail = (error: unknown) => {
    const reason = error instanceof Error ? error : new Error(String(error));
    // Nothing sent yet: the Function URL answers 502.
    if (!opened) refused?.(new Error(`The streaming handler failed before it wrote its answer: ${reason.message}`, { cause: reason }));
    else body.destroy(reason);
  };
  let result: unknown;
  try {
    result = handler(event as never, stream as never, context as never);
  } catch (error) {
    fail(error);
    return head;
  }
  if (!(result instanceof Promise)) {
    // The runtime's own refusal.
    fail(new Error('Streaming does not support non-async handlers.'));
    return head;
  }
  // Settled: the runtime then waits for the stream to end (one left open answers no further).
  result.then(undefined, fail);
  return head;
}

/** Where the 8 NUL bytes after the prelude start (JSON never holds a NUL byte); -1 until all 8 are there. */
function delimiterIndex(bytes: Buffer): number {
  const at = bytes.indexOf(0);
  return at < 0 || at + DELIMITER_BYTES > bytes.length ? -1 : at;
}
