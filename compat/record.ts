/**
 * Writes an app's recorded answers to test/compat/observed/<app>.ts for the jest tests:
 * per check, what Next answered, and for each known difference Stratus's value and the
 * difference's id (compat/differences.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RecordedCheck } from './compare';
import { OBSERVED_DIR } from './paths';

export function recordObserved(app: string, nextVersion: string, recorded: Record<string, RecordedCheck>): string {
  mkdirSync(OBSERVED_DIR, { recursive: true });
  const file = path.join(OBSERVED_DIR, `${app}.ts`);
  const text = [
    `// Next.js ${nextVersion}'s answers to the checks of compat/checks/${app}.ts, written by`,
    '// `npm run compat -- --record`; under `known`, Stratus\'s own value where the difference is',
    '// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/' + app + '.test.ts expects these.',
    "import type { RecordedCheck } from '../../../compat/compare';",
    '',
    `export const NEXT_VERSION = ${JSON.stringify(nextVersion)};`,
    '',
    `export const observed: Record<string, RecordedCheck> = ${JSON.stringify(recorded, null, 2)};`,
    '',
  ].join('\n');
  writeFileSync(file, text);
  return file;
}
