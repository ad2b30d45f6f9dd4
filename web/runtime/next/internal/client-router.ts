/**
 * `next/dist/client/router`: the module `next/router` re-exports in Next, which apps and
 * libraries sometimes import by this name: the `Router` singleton (also as the named
 * `Router`, whose `events` libraries listen to), `useRouter`, `withRouter`.
 */
import Router from '../../router';

export { default, useRouter, withRouter } from '../../router';
export { Router };
export type { StratusRouter as NextRouter } from '../../router';

/** A plain copy of the router's fields and methods, as `makePublicRouterInstance` gives. */
export function makePublicRouterInstance<R extends object>(router: R): R {
  const copy = {} as R;
  for (const key of Object.keys(router) as (keyof R)[]) {
    const value = router[key];
    copy[key] = typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(router) as R[keyof R] : value;
  }
  return copy;
}
