/**
 * The `res` of API routes and of getServerSideProps' context: Node's `ServerResponse` as far
 * as handlers use it, plus the pages router's helpers (`status`, `json`, `send`,
 * `redirect`). It buffers: `write()` chunks are kept and joined, `end()` finishes, and the
 * whole answer leaves at once, which is what pages and ordinary JSON answers need. Where
 * answers may stream (`allowStreaming`, the API stage in a streaming function), a handler
 * that writes or flushes its headers and goes on writing later has its answer switched to a
 * stream (`startStream`): what it wrote so far, then each chunk as it writes it.
 * Headers follow Node's rules: invalid names or values throw, and nothing may change them
 * once `writeHead`, `write` or `end` ran.
 */
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type { ApiResponse, HeaderValue } from '../../../web/runtime/shared/page-types';
import type { CoreResponse } from '../../shared/http';
import { nodeStream } from '../../shared/node-builtins';
import { PREVIEW_DATA_LIMIT } from './draft-mode';

/** An error with Node's code, so code that checks `error.code` reads it as Node's own. */
function nodeError(code: string, message: string, Type: new (message: string) => Error = Error): Error {
  return Object.assign(new Type(message), { code });
}

const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
// What Node lets through in a header value: no CR, LF or other controls but tab (no response splitting).
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

function checkHeader(name: string, value: HeaderValue): void {
  if (typeof name !== 'string' || !TOKEN.test(name)) throw nodeError('ERR_INVALID_HTTP_TOKEN', `Header name must be a valid HTTP token ["${name}"]`, TypeError);
  if (value === undefined) throw nodeError('ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "undefined" for header "${name}"`, TypeError);
  for (const item of Array.isArray(value) ? value : [value]) {
    if (INVALID_VALUE.test(String(item))) throw nodeError('ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`, TypeError);
  }
}

function stored(value: HeaderValue): string | number | string[] {
  return Array.isArray(value) ? value.map(String) : (value as string | number);
}

/** Statuses whose answer has no body, whatever the handler wrote. */
const NO_BODY = (status: number) => status < 200 || status === 204 || status === 304;

function checkedChunk(chunk: string | Uint8Array): string | Uint8Array {
  if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) {
    throw nodeError('ERR_INVALID_ARG_TYPE', `The "chunk" argument must be of type string or an instance of Buffer or Uint8Array`, TypeError);
  }
  return chunk;
}

/** A chunk as bytes, strings in their encoding (UTF-8 unless told). */
function bytesOf(chunk: string | Uint8Array, encoding: unknown): Uint8Array {
  const checked = checkedChunk(chunk);
  return typeof checked === 'string' ? Buffer.from(checked, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : checked;
}

/** Where a response buffered its body: the chunks, their size in bytes, and whether they went past the cap. */
interface BodyBuffer {
  chunks: (string | Uint8Array)[];
  bytes: number;
  overflowed: boolean;
}

/** The parts of a finished (or still open) response the core writes out. */
export interface ResponseParts {
  status: number;
  /** Lower-case names; `set-cookie` apart, in `cookies`. */
  headers: Record<string, string>;
  cookies: string[];
  body: string | Uint8Array | undefined;
}

/**
 * A buffered response. `maxBodyBytes` bounds what is kept: past it the chunks are dropped
 * and `overflowed` is set, so a runaway writer cannot exhaust the function's memory.
 *
 * @example
 * const res = new BufferedResponse();
 * res.status(201).json({ id: 7 });
 * res.writableEnded;   // true
 * res.toCoreResponse(); // { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', … }, body: '{"id":7}' }
 */
export class BufferedResponse extends EventEmitter implements ApiResponse {
  statusCode = 200;
  statusMessage = '';
  private readonly headerMap = new Map<string, string | number | string[]>();
  private readonly buffer: BodyBuffer = { chunks: [], bytes: 0, overflowed: false };
  private sent = false;
  private ended = false;

  /** Called once, at the first write or flush before `end()`, when the answer may stream (allowStreaming). */
  private onFlush: (() => void) | undefined;
  /** The streamed body, once the answer streams (startStream); what is written goes there instead of the buffer. */
  private sink: Readable | undefined;
  /** The stream's reader wants no more for now: `drain` is emitted when it reads again. */
  private needDrain = false;
  /** The answer was cut off (the visitor left, or it failed mid-stream): writes are dropped. */
  private gone = false;

  /** What `res.setDraftMode` asked for, when it was called: the API stage adds the signed cookie. */
  draftMode: boolean | undefined;
  /** Preview Mode's data to set (`setPreviewData`), or `null` to clear it (`clearPreviewData`); undefined when untouched. */
  previewData: unknown;

  constructor(
    private readonly maxBodyBytes = Infinity,
    private readonly onDemand?: (urlPath: string) => Promise<void>,
  ) {
    super();
  }

  get headersSent(): boolean {
    return this.sent;
  }

  get writableEnded(): boolean {
    return this.ended;
  }

  get finished(): boolean {
    return this.ended;
  }

  /** True when the body went past `maxBodyBytes`. */
  get overflowed(): boolean {
    return this.buffer.overflowed;
  }

  /** True once the answer was cut off before it ended (Node's `destroyed`): further writes are dropped. */
  get destroyed(): boolean {
    return this.gone;
  }

  get writable(): boolean {
    return !this.ended && !this.gone;
  }

  get writableNeedDrain(): boolean {
    return this.needDrain;
  }

  private checkNotSent(): void {
    if (this.sent) throw nodeError('ERR_HTTP_HEADERS_SENT', 'Cannot set headers after they are sent to the client');
  }

  setHeader(name: string, value: HeaderValue): this {
    this.checkNotSent();
    checkHeader(name, value);
    const key = name.toLowerCase();
    // As the pages router keeps it: `Set-Cookie` always a list, each cookie once (`getHeader` gives an array).
    this.headerMap.set(key, key === 'set-cookie' ? [...new Set(Array.isArray(value) ? value.map(String) : [String(value)])] : stored(value));
    return this;
  }

  appendHeader(name: string, value: HeaderValue): this {
    this.checkNotSent();
    checkHeader(name, value);
    const key = name.toLowerCase();
    const existing = this.headerMap.get(key);
    const added = Array.isArray(value) ? value.map(String) : [String(value)];
    this.headerMap.set(key, existing === undefined ? stored(value) : [...(Array.isArray(existing) ? existing : [String(existing)]), ...added]);
    return this;
  }

  getHeader(name: string): string | number | string[] | undefined {
    return this.headerMap.get(String(name).toLowerCase());
  }

  /** A null-prototype object, as Node's. */
  getHeaders(): Record<string, string | number | string[]> {
    const headers: Record<string, string | number | string[]> = Object.create(null);
    for (const [name, value] of this.headerMap) headers[name] = value;
    return headers;
  }

  getHeaderNames(): string[] {
    return [...this.headerMap.keys()];
  }

  hasHeader(name: string): boolean {
    return this.headerMap.has(String(name).toLowerCase());
  }

  removeHeader(name: string): void {
    this.checkNotSent();
    this.headerMap.delete(String(name).toLowerCase());
  }

  writeHead(statusCode: number, messageOrHeaders?: string | Record<string, HeaderValue> | HeaderValue[], maybeHeaders?: Record<string, HeaderValue>): this {
    this.checkNotSent();
    this.statusCode = statusCode;
    const headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders;
    if (typeof messageOrHeaders === 'string') this.statusMessage = messageOrHeaders;
    if (Array.isArray(headers)) {
      // Node's flat form: [name, value, name, value, …].
      for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(String(headers[i]), headers[i + 1]!);
    } else if (headers) {
      for (const name of Object.keys(headers)) this.setHeader(name, headers[name]!);
    }
    this.sent = true;
    return this;
  }

  /** Sends the status and headers now: where answers may stream, the answer streams from here. */
  flushHeaders(): void {
    this.sent = true;
    this.flushed();
  }

  /**
   * What compression middleware adds to Node's response and code written for `next start`
   * calls after each chunk: here it sends what was written, as `flushHeaders` does.
   */
  flush(): void {
    this.flushHeaders();
  }

  write(chunk: string | Uint8Array, encodingOrCallback?: BufferEncoding | (() => void), callback?: () => void): boolean {
    if (this.ended) throw nodeError('ERR_STREAM_WRITE_AFTER_END', 'write after end');
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (this.gone) {
      // As Node's response once its socket is gone: the callback hears why, nothing throws.
      if (done) process.nextTick(done as (error: Error) => void, nodeError('ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed'));
      return false;
    }
    this.sent = true;
    if (this.sink) {
      const more = this.push(chunk, encodingOrCallback);
      if (done) process.nextTick(done);
      return more;
    }
    this.append(chunk, encodingOrCallback);
    done?.();
    this.flushed();
    return true;
  }

  end(chunkOrCallback?: string | Uint8Array | (() => void), encodingOrCallback?: BufferEncoding | (() => void), callback?: () => void): this {
    // A second end() does nothing, as in Node.
    if (this.ended) return this;
    const done = [chunkOrCallback, encodingOrCallback, callback].find((a): a is () => void => typeof a === 'function');
    const hasChunk = chunkOrCallback !== undefined && chunkOrCallback !== null && typeof chunkOrCallback !== 'function';
    if (hasChunk && !this.gone) {
      if (this.sink) this.push(chunkOrCallback, encodingOrCallback);
      else this.append(chunkOrCallback, encodingOrCallback);
    }
    this.sent = true;
    this.ended = true;
    // Cut off already: `close` was said then, and nothing finishes (as Node's response after its socket closed).
    if (this.gone) return this;
    this.sink?.push(null);
    this.emit('finish');
    this.emit('close');
    done?.();
    return this;
  }

  /**
   * Node's `res.destroy()`: a streaming answer is cut off (an `error` is logged as the
   * handler's failure; the visitor sees the answer end unfinished). Before the answer
   * streams, an answer destroyed unfinished is a failure (500).
   */
  destroy(error?: Error): this {
    if (this.ended || this.gone) return this;
    if (this.sink) this.sink.destroy(error);
    else if (this.listenerCount('error') > 0) this.emit('error', error ?? new Error('The handler destroyed its response before answering.'));
    return this;
  }

  /** The API stage's side: `onFlush` runs once, when the handler first writes or flushes before it ends. */
  allowStreaming(onFlush: () => void): void {
    this.onFlush = onFlush;
  }

  /** The first write or flush before `end()`, where answers may stream (never for statuses without a body). */
  private flushed(): void {
    const onFlush = this.onFlush;
    if (!onFlush || this.ended || NO_BODY(this.statusCode)) return;
    this.onFlush = undefined;
    onFlush();
  }

  /**
   * The answer as a stream from now on: what was written so far, then each chunk as it is
   * written, ended by `end()`. Its reader destroying it (the visitor left) stops the writes
   * and tells the handler with `close`.
   */
  startStream(): Readable {
    const res = this;
    const sink = new (nodeStream().Readable)({
      read() {
        if (!res.needDrain) return;
        res.needDrain = false;
        res.emit('drain');
      },
      destroy(error, callback) {
        res.lost();
        callback(error);
      },
    });
    this.sink = sink;
    for (const chunk of this.buffer.chunks) sink.push(chunk);
    this.buffer.chunks = [];
    this.buffer.bytes = 0;
    if (this.ended) sink.push(null);
    return sink;
  }

  /**
   * The visitor left before the answer ended (the API stage's side), as Node's response hears
   * its socket close: `close`, and the writes from then on are dropped (their callbacks hear
   * ERR_STREAM_DESTROYED). A stream already started is destroyed, which says the same.
   */
  visitorLeft(): void {
    if (this.sink) this.sink.destroy();
    else this.lost();
  }

  /** The stream was destroyed before `end()`: the answer is cut off, and the handler hears `close`. */
  private lost(): void {
    if (this.gone || this.ended) return;
    this.gone = true;
    this.needDrain = false;
    this.emit('close');
  }

  private push(chunk: string | Uint8Array, encoding: unknown): boolean {
    const value = bytesOf(chunk, encoding);
    if (value.byteLength === 0) return true;
    const more = this.sink!.push(value);
    if (!more) this.needDrain = true;
    return more;
  }

  private append(chunk: string | Uint8Array, encoding: unknown): void {
    const value = typeof chunk === 'string' && typeof encoding === 'string' && !/^utf-?8$/i.test(encoding) ? Buffer.from(chunk, encoding as BufferEncoding) : checkedChunk(chunk);
    const size = typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength;
    if (size === 0) return;
    const buffer = this.buffer;
    if (buffer.overflowed || buffer.bytes + size > this.maxBodyBytes) {
      buffer.overflowed = true;
      buffer.chunks = [];
      return;
    }
    buffer.chunks.push(value);
    buffer.bytes += size;
  }

  status(statusCode: number): this {
    this.statusCode = statusCode;
    return this;
  }

  json(body: unknown): void {
    this.setHeader('content-type', 'application/json; charset=utf-8');
    this.send(JSON.stringify(body));
  }

  send(body: unknown): void {
    if (body === null || body === undefined) {
      this.end();
      return;
    }
    if (NO_BODY(this.statusCode)) {
      this.removeHeader('content-type');
      this.end();
      return;
    }
    if (typeof body === 'string') {
      this.end(body);
    } else if (body instanceof Uint8Array) {
      if (!this.hasHeader('content-type')) this.setHeader('content-type', 'application/octet-stream');
      this.end(body);
    } else if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
      if (!this.hasHeader('content-type')) this.setHeader('content-type', 'application/octet-stream');
      void this.drain(body as AsyncIterable<string | Uint8Array>);
    } else {
      this.setHeader('content-type', 'application/json; charset=utf-8');
      this.end(JSON.stringify(body));
    }
  }

  /**
   * A stream given to `send`: read to its end, then the response ends. A failing stream is
   * reported as `error` (the API stage listens, and answers 500) when anyone listens.
   */
  private async drain(stream: AsyncIterable<string | Uint8Array>): Promise<void> {
    try {
      for await (const chunk of stream) this.write(chunk);
      this.end();
    } catch (error) {
      if (this.listenerCount('error') > 0) this.emit('error', error);
    }
  }

  redirect(statusOrUrl: number | string, url?: string): this {
    const [status, location] = typeof statusOrUrl === 'string' ? [307, statusOrUrl] : [statusOrUrl, url];
    if (typeof status !== 'number' || typeof location !== 'string') {
      throw new TypeError(`res.redirect takes a URL, or a status and a URL: res.redirect('/there') or res.redirect(308, '/there').`);
    }
    this.writeHead(status, { location });
    this.end(location);
    return this;
  }

  /** Renders a static page again now and drops it from the edge's cache (on-demand.ts). */
  async revalidate(urlPath: string): Promise<void> {
    if (typeof urlPath !== 'string' || !urlPath.startsWith('/')) {
      throw new TypeError(`res.revalidate takes the page's URL path, starting with "/": res.revalidate('/posts/first'); received ${JSON.stringify(urlPath)}.`);
    }
    if (!this.onDemand) throw new Error('res.revalidate() is available in API routes only.');
    await this.onDemand(urlPath);
  }

  /**
   * Preview Mode, the pages router's older draft mode: draft mode on, with `data` (at most
   * 2 KB as JSON) given to getStaticProps and getServerSideProps as `previewData`.
   */
  setPreviewData(data: object | string, _options?: { maxAge?: number; path?: string }): this {
    this.checkNotSent();
    const json = JSON.stringify(data);
    if (json === undefined) throw new TypeError('res.setPreviewData takes an object or a string.');
    const bytes = Buffer.byteLength(json);
    if (bytes > PREVIEW_DATA_LIMIT) throw new RangeError(`res.setPreviewData: the data is ${bytes} bytes as JSON; Preview Mode takes at most ${PREVIEW_DATA_LIMIT}. Keep an id in it and load the rest in getStaticProps.`);
    this.draftMode = true;
    this.previewData = data;
    return this;
  }

  /** Preview Mode off for this visitor: both cookies cleared. */
  clearPreviewData(_options?: { path?: string }): this {
    this.checkNotSent();
    this.draftMode = false;
    this.previewData = null;
    return this;
  }

  /** Draft mode on or off for this visitor: the signed cookie goes on the answer (draft-mode.ts). */
  setDraftMode(options: { enable: boolean }): this {
    if (typeof options?.enable !== 'boolean') throw new TypeError('res.setDraftMode takes { enable: true } or { enable: false }.');
    this.checkNotSent();
    this.draftMode = options.enable;
    return this;
  }

  /**
   * What the handler set, as the core's plain parts: `Set-Cookie` apart, repeated values
   * comma-joined, the status checked (100–599, a RangeError otherwise).
   */
  parts(): ResponseParts {
    const { status, headers, cookies } = this.head();
    const { chunks } = this.buffer;
    let body: string | Uint8Array | undefined;
    if (chunks.length > 0 && !NO_BODY(status)) {
      body = chunks.every((c) => typeof c === 'string') ? chunks.join('') : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
    }
    return { status, headers, cookies, body };
  }

  /** The status checked, the headers and the cookies. */
  private head(): Omit<ResponseParts, 'body'> {
    const status = this.statusCode;
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw nodeError('ERR_HTTP_INVALID_STATUS_CODE', `Invalid status code: ${status}`, RangeError);
    }
    const headers: Record<string, string> = {};
    let cookies: string[] = [];
    for (const [name, value] of this.headerMap) {
      if (name === 'set-cookie') cookies = Array.isArray(value) ? value : [String(value)];
      else headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return { status, headers, cookies };
  }

  /**
   * The finished answer: the handler's status, headers, cookies and body, with what a
   * buffered answer needs: `content-length` of the body, a `content-type` when the handler
   * set none (text or bytes), and `Cache-Control: no-store` unless the handler chose one
   * (CloudFront must not keep an answer the handler did not mean to be cached).
   */
  toCoreResponse(defaultCacheControl: string): CoreResponse {
    const { status, headers, cookies, body } = this.parts();
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    if (body !== undefined) {
      headers['content-type'] ??= typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream';
      headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    } else if (!NO_BODY(status)) {
      headers['content-length'] = '0';
    }
    headers['cache-control'] ??= defaultCacheControl;
    const response: CoreResponse = { status, headers };
    if (cookies.length > 0) response.cookies = cookies;
    if (body !== undefined) response.body = body;
    return response;
  }

  /**
   * The answer as it starts streaming (startStream): the handler's status, headers and
   * cookies, no length (the platform frames the chunks), a `content-type` when the handler
   * set none (text when it wrote text first, bytes otherwise), and `no-store` unless it chose
   * a `Cache-Control`. Throws RangeError for a status out of range, before anything streams.
   */
  toStreamedResponse(defaultCacheControl: string): CoreResponse {
    const { status, headers, cookies } = this.head();
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    headers['content-type'] ??= typeof this.buffer.chunks[0] === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream';
    headers['cache-control'] ??= defaultCacheControl;
    const response: CoreResponse = { status, headers, stream: this.startStream() };
    if (cookies.length > 0) response.cookies = cookies;
    return response;
  }
}
