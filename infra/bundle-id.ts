/** The name a code cache of the render bundle goes by: a hash of the bundle's bytes (V8 itself checks a source only by its length). */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export function appBundleId(bundleFile: string): string {
  return createHash('sha256').update(readFileSync(bundleFile)).digest('hex').slice(0, 16);
}
