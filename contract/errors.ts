/**
 * The one error vocabulary: a failure the user can fix, with a stable code (the catalogue
 * in error-codes.ts gives each its title and, where one fits every case, its hint), the
 * message, a hint saying how to fix it, and the file at fault when there is one. Every
 * user-fixable error of the build, the functions' cold start and the stack extends it; the
 * entry points (the CLI, the dev server, the CDK app) catch it with `isStratusError` and
 * print it without a stack. Failures of one request are statuses instead, which know their
 * response (lambdas/shared/http-error.ts).
 *
 * Kept small and free of the catalogue: the browser runtime's errors extend it too.
 */
import type { ErrorCode } from './error-codes';

/** Marks a StratusError across copies of this module (the render bundle carries its own). */
const BRAND = Symbol.for('stratus.error');

export interface StratusErrorOptions {
  /** How to fix it, when the message does not say. */
  hint?: string;
  /** The file at fault, relative to the app (`pages/api/upload.ts`, `stratus.config.ts`). */
  file?: string;
  cause?: unknown;
}

/**
 * @example
 * throw new StratusError('CONFIG_INVALID', 'pageBodies must be true or false, got "no".', { file: 'stratus.config.ts' });
 */
export class StratusError extends Error {
  /** Stable: tooling and tests may rely on it (error-codes.ts). */
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly file?: string;

  constructor(code: ErrorCode, message: string, options: StratusErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StratusError';
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
    if (options.file !== undefined) this.file = options.file;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** Whether `value` is a StratusError, from this copy of the module or another one. */
export function isStratusError(value: unknown): value is StratusError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
