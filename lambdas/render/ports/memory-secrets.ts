/**
 * Secrets without AWS (ports.ts, `DraftSecret`): draft mode's secret given in the
 * environment (`STRATUS_DRAFT_SECRET`), else a random one made for this process (the local
 * server: draft cookies last until it restarts).
 */
import { nodeCrypto } from '../../shared/node-builtins';
import type { DraftSecret } from './ports';

/**
 * @example
 * const secret = processDraftSecret(process.env.STRATUS_DRAFT_SECRET);
 * await secret(); // the given secret, or the same random one for the life of the process
 */
export function processDraftSecret(given?: string): DraftSecret {
  // Made on first use: most processes never enter draft mode (and node:crypto loads only then).
  let fixed = given;
  return async () => (fixed ||= nodeCrypto().randomBytes(32).toString('base64url'));
}
