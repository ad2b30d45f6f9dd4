/**
 * One JSON object per line on stdout. Lambda's JSON log format keeps such lines as they
 * are, so CloudWatch Logs Insights sees each key as a field; the local server prints the
 * same lines.
 */
import { writeSync } from 'node:fs';
import { sourceMappedStack } from './source-map-stack';
import type { EmfMember } from './metrics';

/** A line's fields: values, and `_aws` for the metrics it carries (metrics.ts). */
export type LogFields = Record<string, string | number | boolean | null | undefined | EmfMember>;

/**
 * Request lines wait for the end of the event-loop turn and leave in one write: a write is
 * a system call (~6 µs, more than building the line), and a server under load finishes
 * several requests per turn. WARN and ERROR lines are written at once, on their own (the
 * dev server reads an ERROR line as one chunk), after what waits. Lambda runs one request
 * at a time and may freeze the instance as soon as the handler returns, so its adapter
 * calls `flushLog()` before answering (function-url.ts).
 */
const FLUSH_AT = 16 * 1024;

interface Pending {
  lines: string;
  flushScheduled: boolean;
}

/**
 * One buffer and one exit hook per process (kept on `process`), shared by every copy of this
 * module (the CLI's, and each render bundle the dev server loads again after a rebuild): a
 * listener per copy would keep every old bundle alive, and Node warns past ten.
 */
const PENDING_KEY = Symbol.for('stratus.log.pending');
const pending: Pending = ((process as unknown as Record<symbol, Pending | undefined>)[PENDING_KEY] ??= hookExit({ lines: '', flushScheduled: false }));

function hookExit(state: Pending): Pending {
  process.on('exit', () => writePending(state));
  return state;
}

/**
 * The process runs in Lambda (its runtime sets the function's name). There the adapter
 * writes a request's lines before answering (function-url.ts), since Lambda may freeze the
 * instance right after, instead of once per event-loop turn as for servers that stay up.
 */
export const IN_LAMBDA = process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;

/**
 * In Lambda, lines go to file descriptor 1 directly. `process.stdout` is made on first use,
 * and making it (a stream over the pipe) cost ≈ 3 ms of the first request after a cold start;
 * Lambda's runtime logs through its own descriptor and leaves it unmade. Elsewhere the
 * stream is used: the dev server reads the lines written to it, and tests capture them.
 * Cleared for good once fd 1 refuses a write.
 */
let toFd = IN_LAMBDA;

function writeOut(text: string): void {
  if (!toFd) {
    process.stdout.write(text);
    return;
  }
  let written = 0;
  try {
    written = writeSync(1, text);
    if (written === Buffer.byteLength(text)) return;
  } catch {
    // A non-blocking pipe that is full (EAGAIN), say: the stream below queues what is left.
  }
  // From here on everything goes through the stream, so that no line overtakes what it queued.
  toFd = false;
  process.stdout.write(Buffer.from(text).subarray(written));
}

function writePending(state: Pending): void {
  state.flushScheduled = false;
  if (state.lines === '') return;
  const lines = state.lines;
  state.lines = '';
  writeOut(lines);
}

/** Writes the request lines still waiting. */
export function flushLog(): void {
  writePending(pending);
}

function toStdout(line: string, level: string): void {
  if (level !== 'INFO') {
    flushLog();
    writeOut(line + '\n');
    return;
  }
  pending.lines += line + '\n';
  if (pending.lines.length >= FLUSH_AT) flushLog();
  else if (!pending.flushScheduled) {
    pending.flushScheduled = true;
    setImmediate(flushLog);
  }
}

export type LogSink = (line: string, level: string) => void;

let sink: LogSink = toStdout;

/** Replaces where lines go (tests capture them). Returns the previous sink. */
export function setLogSink(next: LogSink): LogSink {
  const previous = sink;
  sink = next;
  return previous;
}

export function log(fields: LogFields, level: 'INFO' | 'WARN' | 'ERROR' = 'INFO'): void {
  sink(JSON.stringify({ level, time: isoTime(Date.now()), ...fields }), level);
}

/**
 * Writes an INFO line its caller wrote as JSON text itself (`{"level":"INFO",…}`): the request
 * lines, made once per request without an object of their fields (core/log-line.ts).
 */
export function logText(line: string): void {
  sink(line, 'INFO');
}

let minuteStart = -1;
let minutePrefix = '';

/**
 * `new Date(ms).toISOString()` for times since 1970, without a Date per line (~0.45 µs of
 * a ~1.3 µs request line): the `YYYY-MM-DDTHH:MM:` part is made once a minute.
 */
export function isoTime(ms: number): string {
  if (ms < minuteStart || ms >= minuteStart + 60_000) {
    minuteStart = ms - (ms % 60_000);
    minutePrefix = new Date(minuteStart).toISOString().slice(0, 17);
  }
  const inMinute = ms - minuteStart;
  const seconds = Math.floor(inMinute / 1000);
  const millis = inMinute % 1000;
  return `${minutePrefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
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
