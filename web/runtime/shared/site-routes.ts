/**
 * The site's page routes (their patterns), set once per app by the render function at cold
 * start (lambdas/render/html/runtime-state.ts): what server code that takes a route from
 * visitors (`stratus/web-vitals`) checks it against, so a visitor cannot make up routes (each
 * route is a metric dimension, and each dimension value a metric CloudWatch bills).
 */
let patterns: ReadonlySet<string> = new Set();

/** `Router.pathname` on an error page, whether the app has its own or not (page-types.ts, routerPathname). */
const ERROR_PAGE_ROUTES = ['/404', '/500', '/_error'];

export function setRoutePatterns(routes: readonly string[]): void {
  patterns = new Set([...routes, ...ERROR_PAGE_ROUTES]);
}

/** Whether `route` is one of the site's page routes (`/posts/[slug]`) or an error page's. */
export function isRoutePattern(route: string): boolean {
  return patterns.has(route);
}
