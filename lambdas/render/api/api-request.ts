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

function bodyStream(raw: Uint8Array): Readable {
  BodyStream ??= class extends nodeStream().Readable {
    private pending: Uint8Array | undefined;

    constructor(raw: Uint8Array) {
      super();
      this.pending = raw;
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
  const req = Object.assign(createServerRequest(request, body, raw), { query, aborted: false }) as ApiRequest & { aborted: boolean };
  // Made on first read: most handlers never look at it.
  let controller: AbortController | undefined;
  Object.defineProperty(req, 'signal', {
    enumerable: true,
    get() {
      controller ??= new AbortController();
      if (req.aborted && !controller.signal.aborted) controller.abort();
      return controller.signal;
    },
  });
  leaveHooks.set(req, () => {
    if (req.aborted) return;
    req.aborted = true;
    controller?.abort();
    // As Node's request when its visitor disconnects: `aborted`, then `close`.
    req.emit('aborted');
    req.destroy();
  });
  return req;
}

/** What tells a request its visitor left (createApiRequest sets one per request). */
const leaveHooks = new WeakMap<ApiRequest, () => void>();

/**
 * The visitor left before the answer ended: `req.signal` aborts, `req.aborted` is true, and
 * `req` emits `aborted` and `close`.
 */
export function visitorLeft(req: ApiRequest): void {
  leaveHooks.get(req)?.();
}
