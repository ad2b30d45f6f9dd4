/**
 * Code-split components (`stratus/dynamic`) that render on the server start loading as soon
 * as their module runs. The server waits for those loads before it renders (at cold start a
 * request can come in before a chain such as `import(…).then((m) => m.Named)` has
 * settled), and the browser before it hydrates a page or shows one after a navigation, so
 * the component is there on both sides.
 */
const pending = new Set<Promise<unknown>>();

/** Records a load the page must wait for; it leaves the set once settled. */
export function trackDynamicLoad(load: Promise<unknown>): void {
  pending.add(load);
  const done = () => pending.delete(load);
  load.then(done, done);
}

/** Whether any load is still in flight (a cheap check before awaiting them). */
export function dynamicLoadsPending(): boolean {
  return pending.size > 0;
}

/** Resolves when every load recorded so far has settled (failures included: the component shows its error). */
export async function dynamicLoadsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
