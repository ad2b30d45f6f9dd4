/** What an app's `middleware.ts` exports: its function and its `config.matcher`. */
import type { RouteCondition } from '../../../contract/routing';
import type { NextFetchEvent } from './fetch-event';
import type { NextRequest } from './next-request';
import type { NextResponse } from './next-response';

/** A matcher entry of `export const config = { matcher }`. */
export type MiddlewareMatcher = string | { source: string; has?: RouteCondition[]; missing?: RouteCondition[]; locale?: false };

export interface MiddlewareConfig {
  matcher?: MiddlewareMatcher | MiddlewareMatcher[];
}

export type NextMiddlewareResult = NextResponse | Response | null | undefined | void;
export type NextMiddleware = (request: NextRequest, event: NextFetchEvent) => NextMiddlewareResult | Promise<NextMiddlewareResult>;
