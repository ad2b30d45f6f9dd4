/** Compares Next's and Stratus's observations of one check, field by field. */
import type { Observation } from './checks/types';
import { explain, KNOWN_DIFFERENCES, type KnownDifference } from './differences';

export type Verdict = 'agrees' | 'deliberate' | 'reported' | 'differs';

export interface FieldDifference {
  field: string;
  next: string;
  stratus: string;
  known?: KnownDifference;
}

export interface Comparison {
  verdict: Verdict;
  differences: FieldDifference[];
}

/** The value of a field one side did not record. */
export const ABSENT = '(absent)';

/** `known`: the differences that explain a field (the compat apps' by default). */
export function compare(app: string, check: string, next: Observation, stratus: Observation, known: KnownDifference[] = KNOWN_DIFFERENCES): Comparison {
  const fields = [...new Set([...Object.keys(next), ...Object.keys(stratus)])];
  const differences: FieldDifference[] = [];
  for (const field of fields) {
    const a = next[field] ?? ABSENT;
    const b = stratus[field] ?? ABSENT;
    if (a !== b) differences.push({ field, next: a, stratus: b, known: explain(app, check, field, a, b, known) });
  }
  const verdict: Verdict =
    differences.length === 0
      ? 'agrees'
      : differences.some((d) => !d.known)
        ? 'differs'
        : differences.some((d) => d.known!.kind === 'reported')
          ? 'reported'
          : 'deliberate';
  return { verdict, differences };
}

/** Stratus's values of the known differences, field → { value, id }, as --record writes them for the jest tests. */
export function acceptedValues(comparison: Comparison): Record<string, { stratus: string; because: string }> {
  const accepted: Record<string, { stratus: string; because: string }> = {};
  for (const d of comparison.differences) if (d.known) accepted[d.field] = { stratus: d.stratus, because: d.known.id };
  return accepted;
}

/** What Stratus should answer to a check: Next's answer, but Stratus's own value where the difference is known. */
export function expectedStratus(recorded: RecordedCheck): Observation {
  const expected = { ...recorded.next };
  for (const [field, { stratus }] of Object.entries(recorded.known ?? {})) {
    if (stratus === ABSENT) delete expected[field];
    else expected[field] = stratus;
  }
  // Console errors are compared as a set (observe/browser-steps.ts sorts them); answers
  // recorded before that are sorted here the same way.
  const errors = expected['console errors'];
  if (errors !== undefined && errors !== 'none') expected['console errors'] = errors.split(' | ').sort().join(' | ');
  return expected;
}

export interface RecordedCheck {
  next: Observation;
  known?: Record<string, { stratus: string; because: string }>;
}
