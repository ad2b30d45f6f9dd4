/**
 * Reading the global `Response`, `Headers` or `Request` loads Node's fetch implementation
 * (undici): ≈ 100M instructions on Node 20 and ≈ 150M on Node 22, Lambda's, more than all
 * the rest of a render function's cold start. A class of the runtime that is a `Response`
 * (NextResponse, next/og's ImageResponse) extends a stand-in until one is really made, then
 * the global `Response` (a class's `super` is looked up when it runs).
 */

/** The base a `Response` subclass extends until `extendResponse` ties it; made before that, it says so. */
export function lateResponseBase(name: string): typeof Response {
  return function ResponseStandIn() {
    throw new TypeError(`${name} was made before it was tied to Response`);
  } as unknown as typeof Response;
}

/** Makes `subclass` (and its instances) extend the global `Response`: reads it, so loads undici. */
export function extendResponse(subclass: abstract new (...args: never[]) => unknown): void {
  Object.setPrototypeOf(subclass, Response);
  Object.setPrototypeOf(subclass.prototype, Response.prototype);
}
