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
import { EventEmitter } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
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
type Done = (error?: Error | null) => void;
/** A chunk as the handler wrote it: UTF-8 text, or bytes. */
type Chunk = string | Buffer;

/**
 * The response stream the runtime hands a streaming handler: a writable of bytes, with its
 * content type (the runtime's is its HTTP request to Lambda's API). Written as a small event
 * emitter with a writable's members, not a Node `Writable`, whose construction alone cost the
 * local server's JSON answers a fifth of their time; what a handler can see is the same:
 * `write` (false while the reader catches up, then `drain`), `end`, `destroy`, `finish`,
 * `close`, `error`, and the flags.
 */
export class LocalResponseStream extends EventEmitter {
  contentType = DEFAULT_CONTENT_TYPE;
  /** Set by HttpResponseStream.from: writes the prelude before the first chunk. */
  _onBeforeFirstWrite: FirstWriteHook | undefined;
  writableEnded = false;
  writableFinished = false;
  destroyed = false;
  private written = false;
  /** Writes the sink has not finished yet. */
  private inFlight = 0;
  private needDrain = false;

  /** `sinkWrite` takes each chunk (text as UTF-8 text, anything else as bytes) and calls `done` when it can take more. */
  constructor(private readonly sinkWrite: (chunk: Chunk, done: Done) => void, private readonly highWaterMark = 16 * 1024) {
    super();
  }

  get writable(): boolean {
    return !this.writableEnded && !this.destroyed;
  }

  setContentType(type: string): void {
    if (this.written) throw new Error('Cannot set content-type, too late.');
    this.contentType = type;
  }

  write(chunk: unknown, encodingOrCallback?: BufferEncoding | Done, callback?: Done): boolean {
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (this.destroyed || this.writableEnded) {
      const error = Object.assign(new Error(this.destroyed ? 'Cannot call write after a stream was destroyed' : 'write after end'), { code: this.destroyed ? 'ERR_STREAM_DESTROYED' : 'ERR_STREAM_WRITE_AFTER_END' });
      process.nextTick(() => done?.(error));
      return false;
    }
    if (!this.written) {
      this.written = true;
      this._onBeforeFirstWrite?.((first) => this.push(first, undefined));
    }
    // As the runtime: anything but text or bytes is written as JSON.
    const data = typeof chunk === 'string' || chunk instanceof Uint8Array ? chunk : JSON.stringify(chunk);
    return this.push(data, typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined, done);
  }

  end(chunkOrCallback?: unknown, encodingOrCallback?: BufferEncoding | Done, callback?: Done): this {
    const done = [chunkOrCallback, encodingOrCallback, callback].find((a): a is Done => typeof a === 'function');
    if (chunkOrCallback !== undefined && chunkOrCallback !== null && typeof chunkOrCallback !== 'function') this.write(chunkOrCallback, encodingOrCallback as BufferEncoding);
    if (this.writableEnded || this.destroyed) return this;
    this.writableEnded = true;
    if (done) this.once('finish', () => done());
    this.finishWhenDone();
    return this;
  }

  destroy(error?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    process.nextTick(() => {
      if (error) this.emit('error', error);
      this.emit('close');
    });
    return this;
  }

  private push(data: string | Uint8Array, encoding: BufferEncoding | undefined, done?: Done): boolean {
    // Text stays text (UTF-8 on the wire either way): the local server writes it as it is.
    const chunk: Chunk = typeof data === 'string' ? (encoding === undefined || /^utf-?8$/i.test(encoding) ? data : Buffer.from(data, encoding)) : Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const size = typeof chunk === 'string' ? chunk.length : chunk.length;
    this.inFlight += size;
    this.sinkWrite(chunk, (error) => {
      this.inFlight -= size;
      if (error) this.destroy(error);
      done?.(error);
      if (this.needDrain && this.inFlight < this.highWaterMark) {
        this.needDrain = false;
        this.emit('drain');
      }
      this.finishWhenDone();
    });
    if (this.inFlight < this.highWaterMark) return true;
    this.needDrain = true;
    return false;
  }

  /** Once ended and every write is through: `finish`, then `close` (as a writable, on the next tick). */
  private finishWhenDone(): void {
    if (!this.writableEnded || this.writableFinished || this.inFlight > 0 || this.destroyed) return;
    this.writableFinished = true;
    process.nextTick(() => {
      this.emit('finish');
      this.emit('close');
    });
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
  /**
   * The whole body, when the handler has written and ended it by the time this is read (an
   * answer written in one go, read as the head arrives): then `body` need not be read.
   */
  readonly whole: string | Buffer | undefined;
  /** The body's bytes as the handler writes them (made on first read); it errors when the invocation failed mid-way. */
  readonly body: Readable;
  /** The visitor left: the handler's response stream is destroyed (see `leave`). */
  cancel(): void;
}

/** What the invocation is told when its visitor leaves before the answer is sent (`invokeStreaming`'s rejection then). */
export class VisitorLeftError extends Error {
  override readonly name = 'VisitorLeftError';
}

/**
 * The visitor left: the response stream is destroyed as the runtime's is when its connection
 * to Lambda's API fails (the runtime's stream is that HTTP request): an `error` (ECONNRESET),
 * then `close`, and each later write's callback hears ERR_STREAM_DESTROYED.
 */
function leave(stream: LocalResponseStream): void {
  if (stream.destroyed || stream.writableFinished) return;
  stream.destroy(Object.assign(new Error('The visitor left: the response stream was reset.'), { code: 'ECONNRESET' }));
}

/** Reads a prelude's fields as the Function URL does: a status, string headers, a list of cookies. */
function readPrelude(json: string): StreamPrelude {
  const value = JSON.parse(json) as Partial<StreamPrelude>;
  const headers: Record<string, string> = {};
  const given = value.headers ?? {};
  for (const name in given) headers[name.toLowerCase()] = String(given[name]);
  return { statusCode: typeof value.statusCode === 'number' ? value.statusCode : 200, headers, cookies: Array.isArray(value.cookies) ? value.cookies.map(String) : [] };
}

/**
 * The body side of an invocation: chunks kept in an array until someone reads the body
 * (so an answer written in one go costs no stream of its own), then a PassThrough.
 */
class BodyBuffer {
  private chunks: Chunk[] = [];
  private ended = false;
  private failure: Error | undefined;
  private stream: PassThrough | undefined;

  write(chunk: Chunk, done: (error?: Error | null) => void): void {
    if (!this.stream) {
      this.chunks.push(chunk);
      return done();
    }
    if (this.stream.write(chunk)) done();
    else this.stream.once('drain', () => done());
  }

  end(): void {
    this.ended = true;
    this.stream?.end();
  }

  fail(reason: Error): void {
    this.failure = reason;
    this.stream?.destroy(reason);
  }

  /** The whole body, once the handler ended it and nothing reads it as a stream yet: text when it wrote text only. */
  whole(): Chunk | undefined {
    if (!this.ended || this.failure || this.stream) return undefined;
    const { chunks } = this;
    if (chunks.length === 1) return chunks[0];
    if (chunks.every((chunk) => typeof chunk === 'string')) return chunks.join('');
    return Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
  }

  readable(): Readable {
    if (this.stream) return this.stream;
    const stream = (this.stream = new PassThrough());
    for (const chunk of this.chunks) stream.write(chunk);
    this.chunks = [];
    if (this.failure) process.nextTick(() => stream.destroy(this.failure));
    else if (this.ended) stream.end();
    return stream;
  }
}

/**
 * Invokes a streaming handler as Lambda does behind a `RESPONSE_STREAM` Function URL, and
 * resolves when the answer's head is known (the prelude read off, or the first bytes of a
 * stream that wrote none). Rejects when the handler fails (or returns something other than
 * a promise) before writing; a failure after that ends the body with an error, so the
 * visitor's connection is cut rather than ended as if whole. `signal` is the visitor
 * leaving, from the start of the request: the response stream is destroyed then (before the
 * head is known, the promise rejects with a VisitorLeftError).
 */
export function invokeStreaming(handler: (...args: never[]) => unknown, event: LambdaFunctionURLEvent, context: { awsRequestId: string }, signal?: AbortSignal): Promise<StreamedAnswer> {
  const body = new BodyBuffer();
  let answered: ((answer: StreamedAnswer) => void) | undefined;
  let refused: ((error: Error) => void) | undefined;
  const head = new Promise<StreamedAnswer>((resolve, reject) => {
    answered = resolve;
    refused = reject;
  });
  // The prelude is the text before the 8 NUL bytes; after them, the body.
  let phase: 'prelude' | 'delimiter' | 'body' = 'prelude';
  let preludeText = '';
  let nulsLeft = DELIMITER_BYTES;
  let opened = false;
  // The visitor left (`signal`, or `cancel()` on the answer).
  let gone = false;
  const visitorLeft = () => {
    gone = true;
    leave(stream);
  };
  const open = (prelude: StreamPrelude) => {
    opened = true;
    const answer: StreamedAnswer = {
      prelude,
      get whole() {
        return body.whole();
      },
      get body() {
        return body.readable();
      },
      cancel: visitorLeft,
    };
    // Told after the handler's synchronous writes: an answer written and ended in one go is then known to be whole.
    process.nextTick(answered!, answer);
  };
  const sinkWrite = (chunk: Chunk, done: (error?: Error | null) => void) => {
    if (phase === 'prelude' && stream.contentType !== PRELUDE_CONTENT_TYPE) {
      // No HttpResponseStream.from: the bytes are the body, with the stream's content type.
      phase = 'body';
      open({ statusCode: 200, headers: { 'content-type': stream.contentType }, cookies: [] });
    }
    if (phase === 'body') return body.write(chunk, done);
    // JSON text holds no NUL character: text without one is all prelude.
    if (phase === 'prelude' && typeof chunk === 'string' && !chunk.includes('\0')) {
      preludeText += chunk;
      return done();
    }
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (phase === 'prelude') {
      const at = bytes.indexOf(0);
      preludeText += bytes.subarray(0, at < 0 ? bytes.length : at).toString('utf8');
      if (at < 0) return done();
      phase = 'delimiter';
      bytes = bytes.subarray(at);
    }
    let taken = 0;
    while (nulsLeft > 0 && taken < bytes.length) {
      if (bytes[taken] !== 0) return done(new Error('The response stream’s prelude must be followed by 8 NUL bytes (HttpResponseStream.from writes them).'));
      taken++;
      nulsLeft--;
    }
    if (nulsLeft > 0) return done();
    let prelude: StreamPrelude;
    try {
      prelude = readPrelude(preludeText);
    } catch (error) {
      return done(error as Error);
    }
    phase = 'body';
    open(prelude);
    const rest = bytes.subarray(taken);
    return rest.length > 0 ? body.write(rest, done) : done();
  };
  const highWaterMark = (handler as AnyHandler)[HANDLER_HIGH_WATER_MARK];
  const stream = new LocalResponseStream(sinkWrite, highWaterMark);
  stream.once('finish', () => {
    if (!opened) open({ statusCode: 200, headers: { 'content-type': stream.contentType }, cookies: [] });
    body.end();
  });
  // The runtime's own listener on its request to Lambda's API: a lost connection never throws in the handler's process.
  let failure: Error | undefined;
  stream.on('error', (error: Error) => (failure ??= error));
  // Destroyed before the head was known: the visitor left, or the handler destroyed it (the Function URL's 502).
  stream.once('close', () => {
    if (opened) return;
    refused?.(gone ? new VisitorLeftError('The visitor left before the streaming handler wrote its answer.') : new Error(`The streaming handler's response stream was destroyed before its answer was written${failure ? `: ${failure.message}` : ''}.`, { cause: failure }));
  });
  if (signal) {
    if (signal.aborted) visitorLeft();
    else {
      signal.addEventListener('abort', visitorLeft, { once: true });
      stream.once('close', () => signal.removeEventListener('abort', visitorLeft));
    }
  }

  const fail = (error: unknown) => {
    const reason = error instanceof Error ? error : new Error(String(error));
    // Nothing sent yet: the Function URL answers 502.
    if (!opened) refused?.(new Error(`The streaming handler failed before it wrote its answer: ${reason.message}`, { cause: reason }));
    else body.fail(reason);
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
