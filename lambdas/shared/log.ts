/**
 * One JSON object per line on stdout. Lambda's JSON log format keeps such lines as they
 * are, so CloudWatch Logs Insights sees each key as a field; the local server prints the
 * same lines.
 */
import { sourceMappedStack } from './source-map-stack';

export type LogFields = Record<string, string | number | boolean | null | undefined>;

let sink: (line: string) => void = (line) => process.stdout.write(line + '\n');

/** Replaces where lines go (tests capture them). Returns the previous sink. */
export function setLogSink(next: (line: string) => void): (line: string) => void {
  const previous = sink;
  sink = next;
  return previous;
}

export function log(fields: LogFields, level: 'INFO' | 'WARN' | 'ERROR' = 'INFO'): void {
  sink(JSON.stringify({ level, time: new Date().toISOString(), ...fields }));
}

/** Logs an error with its stack; the visitor never sees either. */
export function logError(error: unknown, fields: LogFields = {}): void {
  const err = error instanceof Error ? error : new Error(String(error));
  // \`msg\` stays "error" for the log queries; a caller's own message goes in \`context\`.
  const { msg: context, ...rest } = fields;
  log({ ...rest, msg: 'error', ...(context ? { context } : {}), error: err.message, errorName: err.name, stack: err.stack && sourceMappedStack(err.stack) }, 'ERROR');
}

/**
 * Milliseconds since `start()`, rounded to 0.01. `process.hrtime` rather than
 * `performance.now()`, whose first use loads Node's perf_hooks (~1.5 ms of cold start).
 */
export function startTimer(): () => number {
  const started = process.hrtime.bigint();
  return () => Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
}
