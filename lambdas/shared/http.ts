/**
 * The request and response the cores speak: plain objects that an adapter fills straight
 * from an event. Both cores use them: Node's web `Request` and `Response` cost about 150 µs
 * a request in the render core and ~50 ms of cold start to load (bench/: render-core and
 * cold-start rows), more than the page render itself, and in the image function their
 * garbage took main-thread time from sharp's threads. Web answers the render function does
 * meet (a middleware's `Response`, a `fetch`) come in through `fromWebResponse`.
 */

import type { Readable } from 'node:stream';

/** What a core needs besides the request: ids to correlate its log lines, and how its answer leaves. */
export interface RequestContext {
  /** Lambda's own request id. */
  requestId: string;
  /** CloudFront's request id (`x-amz-cf-id`), when the request came through CloudFront. */
  cfId?: string;
  /** The first request this instance answers (its log line counts a cold start). */
  coldStart?: boolean;
  /**
   * The platform passes the answer on as it is written (a Function URL in `RESPONSE_STREAM`
   * mode, lambdas/shared/function-url-stream.ts): a body the app is still writing leaves
   * chunk by chunk, up to STREAMED_RESPONSE_LIMIT. Otherwise (buffered) such a body is read
   * whole first, up to RESPONSE_PAYLOAD_LIMIT.
   * @default false
   */
  streaming?: boolean;
  /**
   * Aborts when the visitor leaves before the answer has ended: the platform's response
   * stream closed or failed early (lambdas/shared/function-url-stream.ts). The API stage
   * passes it on to the handler (`req` and `res` close, an edge route's `request.signal`).
   * @default - never aborts
   */
  signal?: AbortSignal;
}

export interface CoreRequest {
  /** Upper-case. */
  method: string;
  /** The path as sent, still percent-encoded: `/posts/a%20b`. */
  path: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  /** Lower-case names; repeated headers comma-joined; cookies in `cookie`. */
  headers: Record<string, string>;
  body?: Uint8Array;
}

export interface CoreResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** `Set-Cookie` values, one per cookie. */
  cookies?: string[];
  /** A string is text; bytes are binary (base64 in a Function URL result). */
  body?: string | Uint8Array;
  /**
   * A body still being written (instead of `body`): an API route that wrote before it
   * ended, a web `Response` whose body is a stream. Its bytes, as they come; it errors when
   * the writer failed mid-way, and the reader destroys it when the visitor is gone.
   */
  stream?: Readable;
}

export type Core = (request: CoreRequest, context: RequestContext) => Promise<CoreResponse>;

const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Whether a body of this content type is carried as a string (text) rather than bytes. */
export function isTextType(contentType: string | undefined): boolean {
  return TEXT_TYPE.test(contentType ?? '');
}

/** The request's body as a web `Request` takes it: none for GET and HEAD. */
export function webBodyOf(request: CoreRequest): Uint8Array<ArrayBuffer> | undefined {
  return request.method !== 'GET' && request.method !== 'HEAD' ? (request.body as Uint8Array<ArrayBuffer> | undefined) : undefined;
}

/** A web `Response` as a core response: text stays a string, anything else bytes. */
export async function fromWebResponse(response: Response): Promise<CoreResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  const result: CoreResponse = { status: response.status, headers };
  if (cookies.length > 0) result.cookies = cookies;
  if (response.body !== null) {
    result.body = isTextType(headers['content-type']) ? await response.text() : new Uint8Array(await response.arrayBuffer());
  }
  return result;
}
