/**
 * Which server the outside e2e tests run against this time, and in which of Next's test
 * modes, as the runner (compat/next-e2e/run.ts) sets them in the environment of jest.
 * The same tests are selected on both targets: only the server differs.
 */
import { scratchAt, type Scratch } from '../../external/scratch';

export type E2eTarget = 'next' | 'stratus';
export type E2eMode = 'deploy' | 'start';

export function e2eTarget(): E2eTarget {
  const target = process.env.STRATUS_E2E_TARGET;
  if (target !== 'next' && target !== 'stratus') throw new Error('STRATUS_E2E_TARGET must be next or stratus (compat/next-e2e/run.ts sets it)');
  return target;
}

export function e2eMode(): E2eMode {
  return process.env.STRATUS_E2E_MODE === 'start' ? 'start' : 'deploy';
}

export function e2eScratch(): Scratch {
  return scratchAt(process.env.STRATUS_COMPAT_SCRATCH);
}
