/**
 * When a service the functions depend on fails (the bucket, the lease table, a secret): the
 * error that names it, and its log line, written once per window per dependency so that a
 * bucket down for a minute is one ERROR line with a count, not one per request
 * (docs/OPERATIONS.md, "When a dependency fails"; docs/SECURITY.md, "Faults degrade").
 */
import { logError } from './log';

/**
 * A dependency failed (refused, timed out, throttled, 5xx). `dependency` names it as an
 * operator would look for it: `S3 bucket site-assets (_data/pages/)`, `DynamoDB table leases`.
 */
export class DependencyError extends Error {
  readonly dependency: string;

  constructor(dependency: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
    super(`${dependency} failed: ${reason}`, { cause });
    this.name = 'DependencyError';
    this.dependency = dependency;
  }
}

/** True for a DependencyError (by name too: the render bundle and the CLI may hold two copies of this module). */
export function isDependencyError(error: unknown): error is DependencyError {
  return error instanceof DependencyError || (error instanceof Error && error.name === 'DependencyError' && typeof (error as { dependency?: unknown }).dependency === 'string');
}

/** How long one dependency's failures share one log line. */
export const FAILURE_LOG_WINDOW_MS = 60_000;

interface Window {
  startedAt: number;
  /** Failures since the line that opened this window. */
  suppressed: number;
}

const windows = new Map<string, Window>();

/**
 * Logs a dependency's failure, at most once per FAILURE_LOG_WINDOW_MS: the first failure of a
 * window is an ERROR line (`msg: "dependency failed"`, the dependency, what was being done,
 * what the visitor got instead, and how many failures the window before did not log).
 *
 * @example
 * reportDependencyFailure(error, { dependency: 'S3 bucket b (_data/pages/)', doing: 'read page', served: 'the copy at hand' });
 */
export function reportDependencyFailure(error: unknown, fields: { dependency: string; doing: string; served: string }, now = Date.now()): void {
  const window = windows.get(fields.dependency);
  if (window && now - window.startedAt < FAILURE_LOG_WINDOW_MS) {
    window.suppressed++;
    return;
  }
  const suppressedBefore = window?.suppressed ?? 0;
  windows.set(fields.dependency, { startedAt: now, suppressed: 0 });
  logError(error, { msg: 'dependency failed', dependency: fields.dependency, doing: fields.doing, served: fields.served, windowMs: FAILURE_LOG_WINDOW_MS, failuresNotLogged: suppressedBefore });
}

/** Forgets every window (tests). */
export function resetDependencyFailures(): void {
  windows.clear();
}
