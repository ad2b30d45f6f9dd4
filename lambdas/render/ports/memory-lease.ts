/**
 * Regeneration leases within one process (the local server, the build, tests): the
 * `RegenerationLease` of ports.ts kept in a Map, each lease expiring by itself.
 */
import { nodeCrypto } from '../../shared/node-builtins';
import type { RegenerationLease } from './ports';

/**
 * @example
 * const lease = memoryLease();
 * const token = await lease.acquire('b1/en/posts/first', 30_000); // a token; a second acquire gets undefined
 */
export function memoryLease(now: () => number = () => Date.now()): RegenerationLease {
  const held = new Map<string, { token: string; expiresAt: number }>();
  return {
    async acquire(key, ttlMs) {
      const current = held.get(key);
      if (current && current.expiresAt > now()) return undefined;
      const token = nodeCrypto().randomUUID();
      held.set(key, { token, expiresAt: now() + ttlMs });
      return token;
    },
    async release(key, token) {
      if (held.get(key)?.token === token) held.delete(key);
    },
  };
}
