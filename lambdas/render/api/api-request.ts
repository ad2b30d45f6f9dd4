/**
 * The `req` of API routes and of getServerSideProps' context: a readable stream of the
 * body's bytes, as Node's `IncomingMessage` is (so `for await (const chunk of req)`,
 * `req.on('data')` and `req.pipe()` work, as code written for the pages router reads a raw
 * body), with the request's fields beside it. Every object keyed by the client's names has
 * no prototype.
 */
import type { Readable } from 'node:stream';
import type { ApiRequest, ServerRequest } from '../../../web/runtime/shared/page-types';
import { copyRecord } from '../../shared/extend';
import type { CoreRequest } from '../../shared/http';
import { nodeStream } from '../../shared/node-builtins';
import { parseCookies } from '../../shared/cookies';

/** The body's bytes as a one-chunk stream (the class made on first use: node:stream loads only then). */
let BodyStream: (new (raw: Uint8Array) => Readable) | undefined;

/** What tells a request its visitor left (visitorLeft). */
const LEAVE = Symbol('visitor left');

function bodyStream(raw: Uint8Array): Readable {
  BodyStream ??= class extends nodeStream().Readable {
    private pending: Uint8Array | undefined;
    /** Made on first read of `signal`: most handlers never look at it. */
    private controller: AbortController | undefined;
    /** Node's `req.aborted`: the visitor left before the answer ended. */
    aborted = false;

    constructor(raw: Uint8Array) {
      super();
      this.pending = raw;
    }

    /** Aborted when the visitor leaves before the answer ends, streaming or not yet sent (ApiRequest's `signal`). */
    get signal(): AbortSignal {
      this.controller ??= new AbortController();
      if (this.aborted && !this.controller.signal.aborted) this.controller.abort();
      return this.controller.signal;
    }

    [LEAVE](): void {
      if (this.aborted) return;
      this.aborted = true;
      this.controller?.abort();
      this.emit('aborted');
      this.destroy();
    }

    override _read(): void {
      const raw = this.pending;
      this.pending = undefined;
      if (raw && raw.byteLength > 0) this.push(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
      this.push(null);
    }
  };
  return new BodyStream(raw);
}

/** `/api/x?a=1`: the path and query as received. */
export function urlOf(request: CoreRequest): string {
  return request.rawQuery ? `${request.path}?${request.rawQuery}` : request.path;
}

/**
 * The request a getServerSideProps page sees as `ctx.req`.
 *
 * @example
 * const req = createServerRequest(coreRequest, { name: 'Ada' }, bytes);
 * req.method; req.body.name; for await (const chunk of req) …
 */
export function createServerRequest(request: CoreRequest, body: unknown, raw: Uint8Array): ServerRequest {
  return Object.assign(bodyStream(raw), {
    method: request.method,
    url: urlOf(request),
    // A copy the handler may change freely.
    headers: copyRecord(request.headers),
    cookies: parseCookies(request.headers.cookie),
    body,
  });
}

/**
 * The request an API route's handler sees as `req`: a ServerRequest with `query` (search
 * params and route params, params winning).
 *
 * @example
 * createApiRequest(coreRequest, query, body, raw).query.id; // '7' for /api/users/7
 */
export function createApiRequest(request: CoreRequest, query: Record<string, string | string[]>, body: unknown, raw: Uint8Array): ApiRequest {
  return Object.assign(createServerRequest(request, body, raw), { query }) as ApiRequest;
}

/**
 * The visitor left before the answer ended: `req.signal` aborts, `req.aborted` is true, and
 * `req` emits `aborted` and `close`, as Node's request does when its visitor disconnects.
 */
export function visitorLeft(req: ApiRequest): void {
  (req as unknown as { [LEAVE](): void })[LEAVE]();
}