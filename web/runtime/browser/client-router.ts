/**
 * The client router's chunk: the navigator over the browser's history, with the page and
 * data loaders. Hydration does not need it, so start-client.tsx loads it beside hydration
 * rather than in every first load; a navigation asked for before it is there waits for it.
 */
export { createNavigator } from './navigator';
export { browserHistory } from './history-source';
