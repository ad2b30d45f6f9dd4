/**
 * Property-based tests on a fixed seed. CI runs every property with the same seed, so a
 * failure reproduces; a failure prints the seed and fast-check's path to the smallest
 * counterexample. `FC_SEED` and `FC_RUNS` change the seed and the number of cases (for a
 * longer local hunt); `FC_PATH` replays one counterexample; `FC_REPORT=<file>` appends one
 * JSON line per property with the number of cases it ran.
 */
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';

/** The seed CI runs with. */
export const DEFAULT_SEED = 20261124;

/** The seed of this run: `FC_SEED`, else the fixed default. */
export function propertySeed(): number {
  const fromEnv = process.env.FC_SEED;
  return fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : DEFAULT_SEED;
}

/** Cases per property: `FC_RUNS` when set, else the test's own default. */
export function propertyRuns(defaultRuns: number): number {
  const fromEnv = Number(process.env.FC_RUNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : defaultRuns;
}

/**
 * Checks `property` over `defaultRuns` generated cases (see `propertyRuns`) with the run's
 * seed; throws with the seed, the replay path and the counterexample when one fails.
 *
 * @example
 * await checkProperty('widths parse', fc.property(fc.integer(), (n) => parse(n) !== undefined), 500);
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  name: string,
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  defaultRuns: number,
): Promise<void> {
  const seed = propertySeed();
  const numRuns = propertyRuns(defaultRuns);
  const path = process.env.FC_PATH || undefined;
  const details = await fc.check(property as fc.IAsyncProperty<Ts>, { seed, numRuns, path, endOnFailure: false });
  if (process.env.FC_REPORT) {
    appendFileSync(process.env.FC_REPORT, JSON.stringify({ property: name, seed, cases: details.numRuns, failed: details.failed }) + '\n');
  }
  if (details.failed) {
    const replay = `FC_SEED=${seed} FC_PATH=${details.counterexamplePath ?? ''}`;
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? '');
    throw new Error(`Property "${name}" failed (seed ${seed}; replay with ${replay})\n${cause}\n${fc.defaultReportMessage(details) ?? ''}`);
  }
}
