/** A failure the user can fix (a broken page, a taken port): printed without a stack trace. */
export class BuildError extends Error {
  /** The heading the CLI prints above the message. */
  readonly heading: string;
  constructor(message: string, heading = 'Build failed') {
    super(message);
    this.name = 'BuildError';
    this.heading = heading;
  }
}

export function isBuildError(value: unknown): value is BuildError {
  return value instanceof Error && value.name === 'BuildError';
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
    const where = m.location ? `${m.location.file}:${m.location.line}:${m.location.column + 1}: ` : '';
    const code = m.location?.lineText ? `\n    ${m.location.lineText.trim()}` : '';
    return `${where}${m.text}${code}`;
  });
  if (errors.length > 10) lines.push(`…and ${errors.length - 10} more`);
  return new BuildError(`${what}:\n${lines.join('\n')}`);
}
