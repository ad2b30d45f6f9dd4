/**
 * Viewport prefetching for `<Link>`: one shared IntersectionObserver; a link that comes
 * into view has its target prefetched once, when the browser is idle.
 */
type Callback = () => void;

const callbacks = new Map<Element, Callback>();
let observer: IntersectionObserver | undefined;

/** Runs `callback` in idle time (a short timeout where requestIdleCallback is missing). */
function whenIdle(callback: Callback): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 1);
}

/**
 * Calls `callback` once, in idle time, after `element` enters the viewport (or comes
 * within 200px of it). Returns a function that stops watching.
 *
 * @example
 * useEffect(() => whenVisible(anchor, () => router.prefetch(href)), [href]);
 */
export function whenVisible(element: Element, callback: Callback): () => void {
  if (typeof IntersectionObserver !== 'function') return () => undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const run = callbacks.get(entry.target);
        if (!run || !(entry.isIntersecting || entry.intersectionRatio > 0)) continue;
        observer!.unobserve(entry.target);
        callbacks.delete(entry.target);
        whenIdle(run);
      }
    },
    { rootMargin: '200px' },
  );
  callbacks.set(element, callback);
  observer.observe(element);
  return () => {
    callbacks.delete(element);
    observer?.unobserve(element);
  };
}

/** True when the browser asks to save data (the `Save-Data` client hint). */
export function saveData(): boolean {
  return !!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
}
