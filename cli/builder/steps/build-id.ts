/** The build id: a hash of everything the build produced, so the same input gives the same id. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function addTree(hash: ReturnType<typeof createHash>, dir: string, base = ''): void {
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    const rel = `${base}/${entry}`;
    if (statSync(full).isDirectory()) addTree(hash, full, rel);
    else hash.update(rel).update('\0').update(readFileSync(full)).update('\0');
  }
}

export function computeBuildId(inputs: { dirs: string[]; files: string[]; config: unknown }): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(inputs.config));
  for (const dir of inputs.dirs) addTree(hash, dir);
  for (const file of inputs.files) hash.update(readFileSync(file));
  return hash.digest('base64url').replace(/[-_]/g, '').slice(0, 12);
}
