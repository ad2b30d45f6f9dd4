/** `test/lib/next-modes/base`: the app type Next's tests name. */
export { NextInstance } from './instance';
export type { NextInstanceOpts } from './instance';
