/**
 * `params` as data functions receive it: the route's params on a page with dynamic segments,
 * and nothing on one without, as the pages router passes them (apps write `params || null`,
 * `if (params)`). The key stays, undefined, so every context has one shape. The page types
 * say `params` is there, for dynamic pages' sake (docs/NEXT-COMPAT.md).
 */
import type { PageRequest } from '../core/outcome';

export function paramsFor(page: Pick<PageRequest, 'route' | 'params'>): PageRequest['params'] | undefined {
  return page.route.pattern.includes('[') ? page.params : undefined;
}
