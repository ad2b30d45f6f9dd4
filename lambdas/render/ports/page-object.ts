/**
 * A stored page as one object of a shared page store (s3-pages.ts, folder-pages.ts): the
 * JSON written, the check on what is read back, and the hash that names a key too long
 * (or too outside-chosen) to be a name itself.
 */
import { hashedKey } from '../../shared/hashed-key';
import type { StoredPage } from './ports';

/** What is written for a page: the stored page as it is. */
export function serializePage(page: StoredPage): string {
  return JSON.stringify(page);
}

/** A stored object read back; anything not shaped like a page is treated as absent. */
export function deserializePage(text: string): StoredPage | undefined {
  try {
    const value = JSON.parse(text) as Partial<StoredPage>;
    if (typeof value.html !== 'string' || typeof value.json !== 'string' || typeof value.renderedAt !== 'number') return undefined;
    return value as StoredPage;
  } catch {
    return undefined;
  }
}

/** A page key's SHA-256, hex. */
export { hashedKey };
