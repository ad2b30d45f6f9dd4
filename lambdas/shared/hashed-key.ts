/** A key too long (or too outside-chosen) to be a name of its own, named by its SHA-256 (node:crypto loaded only then). */
import { nodeCrypto } from './node-builtins';

/** A key's SHA-256, hex. */
export function hashedKey(key: string): string {
  return nodeCrypto().createHash('sha256').update(key).digest('hex');
}
