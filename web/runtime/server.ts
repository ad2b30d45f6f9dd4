/**
 * `stratus/server` (and `next/server`): the request and response of `middleware.ts`, shaped
 * like the pages router's so existing middleware runs unchanged. They are web `Request` and
 * `Response` objects; what `NextResponse.next()`, `rewrite()` and `redirect()` ask of the
 * routing layer travels on a symbol, never in a header a visitor could send. One class per
 * file in middleware/; this module is their public face.
 *
 * @example
 * // middleware.ts
 * import { NextResponse, type NextRequest } from 'stratus/server';
 * export function middleware(request: NextRequest) {
 *   if (!request.cookies.has('session')) return NextResponse.redirect(new URL('/sign-in', request.url));
 *   return NextResponse.next();
 * }
 * export const config = { matcher: '/members/:path*' };
 */
export { RequestCookies, ResponseCookies } from '@edge-runtime/cookies';
export { NextURL, type NextUrlSettings } from './middleware/next-url';
export { NextRequest, type NextRequestInit } from './middleware/next-request';
export { NextResponse, type MiddlewareResponseInit } from './middleware/next-response';
export { NextFetchEvent } from './middleware/fetch-event';
export type { MiddlewareConfig, MiddlewareMatcher, NextMiddleware, NextMiddlewareResult } from './middleware/middleware-module';
// What the render function reads of this module (lambdas/render/routing/middleware.ts).
export { MIDDLEWARE_ACTION, type MiddlewareAction } from './middleware/action';
export { RequestHeaders } from './middleware/request-headers';
