/** Invalidations (ports.ts) where nothing caches pages in front of the function (the local server, tests): nothing to remove. */
import type { Invalidations } from './ports';

export const noInvalidations: Invalidations = { invalidate: async () => undefined };
