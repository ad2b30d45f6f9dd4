/**
 * What a middleware answer asks of the routing layer (`NextResponse.next()`, `rewrite()`),
 * carried on a symbol: never in a header a visitor could send.
 */

/** What NextResponse asks of the routing layer (symbol-keyed: not a header anyone can send). */
export type MiddlewareAction = ({ kind: 'next' } | { kind: 'rewrite'; url: string }) & {
  requestHeaders?: Headers;
  /** Neither the web `Response` nor its headers were ever asked for (see actionResponse): it has no headers or cookies to pass on. */
  unmade?: boolean;
};

/** Shared across copies of this module (an app's bundle and the framework's may each have one). */
export const MIDDLEWARE_ACTION: unique symbol = Symbol.for('stratus.middleware.action') as never;
