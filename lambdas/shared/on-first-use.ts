/**
 * A module loaded the first time it is asked for rather than at cold start: what only some
 * requests use should not cost every cold start its load.
 *
 * @example
 * const nodeCrypto = onFirstUse(() => require('node:crypto') as typeof Crypto);
 * nodeCrypto().createHash('sha1'); // node:crypto is loaded here, the first time
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
