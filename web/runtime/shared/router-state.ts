/**
 * The state behind `Router` from `stratus/router`: the router instance the singleton stands
 * for, and the one event bus for the page's lifetime (listeners added at module load keep
 * working). Set by the runtime only: the browser when it mounts (browser/start-client.tsx),
 * the server for the synchronous length of one render (lambdas/render/html/runtime-state.ts).
 */
import { createEmitter } from './events';
import type { StratusRouter } from './router-context';

/** One event bus for the page's lifetime, so listeners added at module load keep working. */
export const routerEvents = createEmitter();

let current: StratusRouter | null = null;

/** Called by the runtime when it mounts (server render or browser); pages never call it. */
export function setCurrentRouter(router: StratusRouter | null): void {
  current = router;
}

/** The router `Router` stands for now; null before the page has loaded (or outside a server render). */
export function currentRouter(): StratusRouter | null {
  return current;
}
