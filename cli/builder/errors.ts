/**
 * The command line's user-fixable errors (a broken page, a taken port): StratusErrors
 * (contract/errors.ts) of the build by default, or of the command that failed.
 */
import { StratusError, type StratusErrorOptions } from '../../contract/errors';
import type { ErrorCode } from '../../contract/error-codes';

/** A failure the user can fix: printed without a stack trace, under its code's title. */
export class BuildError extends StratusError {
  constructor(message: string, code: ErrorCode = 'BUILD_FAILED', options?: StratusErrorOptions) {
    super(code, message, options);
    this.name = 'BuildError';
  }
}

interface EsbuildMessage {
  text: string;
  location?: { file: string; line: number; column: number; lineText?: string } | null;
}

/** Turns an esbuild failure into a BuildError listing each problem as `file:line:col: text`. */
export function fromEsbuildFailure(error: unknown, what: string): unknown {
  const errors = (error as { errors?: EsbuildMessage[] }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return error;
  const lines = errors.slice(0, 10).map((m) => {
    // Line 0: esbuild knows the file alone (a plugin's error), whose text names the place itself.
    const where = m.location && m.location.line > 0 ? `${m.location.file}:${m.location.line}:${m.location.column + 1}: ` : '';
    const code = m.location?.lineText ? `\n    ${m.location.lineText.trim()}` : '';
    return `${where}${m.text}${code}`;
  });
  if (errors.length > 10) lines.push(`…and ${errors.length - 10} more`);
  return new BuildError(`${what}:\n${lines.join('\n')}`);
}
