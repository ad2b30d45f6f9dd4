/**
 * Code-split components (`stratus/dynamic`) that render on the server start loading as soon
 * as their module runs. The browser waits for those loads before it hydrates a page or shows
 * one after a navigation, so the component is there when React compares it with the
 * server's HTML.
 */
const pending = new Set<Promise<unknown>>();

/** Records a load the page must wait for; it leaves the set once settled. */
export function trackDynamicLoad(load: Promise<unknown>): void {
  pending.add(load);
  const done = () => pending.delete(load);
  load.then(done, done);
}

/** Resolves when every load recorded so far has settled (failures included: the component shows its error). */
export async function dynamicLoadsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
