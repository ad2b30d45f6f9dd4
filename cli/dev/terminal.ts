/**
 * `stratus dev`'s terminal: the render function's JSON log lines (made for CloudWatch) as a
 * person reads them, one short line per request and errors as stacks with the app's frames
 * and the framework's folded. The function writes its lines to stdout in this process; the
 * dev server routes stdout through `createDevTerminal` and reads the errors it keeps (the
 * overlay shows the last one on the error page that follows it).
 */
import { formatStack, parseServerStack, type MappedStack } from './stack-frames';

interface LogRecord {
  level?: string;
  msg?: string;
  method?: string;
  path?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  cache?: string;
  error?: string;
  errorName?: string;
  stack?: string;
  context?: string;
  [key: string]: unknown;
}

/** The last error the render function logged. */
export interface RenderError {
  at: number;
  path?: string;
  message: string;
  mapped: MappedStack;
}

/** One request line: `GET /notes/3 200 in 12 ms (static)`. */
export function requestLine(record: LogRecord): string {
  const status = String(record.status ?? '');
  const cache = record.cache && record.cache !== 'none' ? ` (${record.cache})` : '';
  const duration = typeof record.durationMs === 'number' ? ` in ${record.durationMs < 10 ? record.durationMs.toFixed(1) : Math.round(record.durationMs)} ms` : '';
  return `${record.method ?? ''} ${record.path ?? ''} ${status}${duration}${cache}`;
}

/** A log line as the terminal shows it; undefined for lines that are not the function's. */
export function formatRecord(record: LogRecord, appDir: string): { text: string; error?: RenderError } | undefined {
  if (typeof record.level !== 'string') return undefined;
  if (record.level === 'ERROR') {
    const message = `${record.errorName ?? 'Error'}: ${record.error ?? record.msg ?? 'error'}`;
    const mapped = parseServerStack(record.stack ?? '', appDir);
    const where = record.path ? ` while answering ${record.path}${record.route && record.route !== record.path ? ` (${record.route})` : ''}` : '';
    const heading = `✖ ${record.context ?? 'Error'}${where}`;
    return { text: `${heading}\n${formatStack(message, mapped.frames)}`, error: { at: Date.now(), path: record.path, message, mapped } };
  }
  if (record.msg === undefined && record.method !== undefined) return { text: requestLine(record) };
  const { level, time: _time, msg, ...rest } = record;
  const details = Object.entries(rest).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
  return { text: `${level === 'WARN' ? '⚠ ' : ''}${msg ?? ''}${details ? ` ${details}` : ''}` };
}

export interface DevTerminal {
  /** The last error logged, while it is recent. */
  lastError(withinMs: number): RenderError | undefined;
  restore(): void;
}

/**
 * Routes `process.stdout` through the formatter: whole lines that parse as the function's
 * JSON are rewritten, everything else passes as it is.
 */
export function createDevTerminal(appDir: string): DevTerminal {
  const write = process.stdout.write.bind(process.stdout) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  let last: RenderError | undefined;
  let partial = '';
  const rewrite = (text: string): string => {
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    return lines
      .map((line) => {
        if (!line.startsWith('{"level":')) return line + '\n';
        try {
          const formatted = formatRecord(JSON.parse(line) as LogRecord, appDir);
          if (!formatted) return line + '\n';
          if (formatted.error) last = formatted.error;
          return formatted.text + '\n';
        } catch {
          return line + '\n';
        }
      })
      .join('');
  };
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    // Only the function's JSON is rewritten; other writes (and their callbacks) pass untouched.
    if (partial === '' && !text.includes('{"level":')) return write(chunk, ...rest);
    const out = rewrite(text);
    return out ? write(out, ...rest) : true;
  }) as typeof process.stdout.write;
  return {
    lastError: (withinMs) => (last && Date.now() - last.at < withinMs ? last : undefined),
    restore: () => {
      process.stdout.write = write as typeof process.stdout.write;
    },
  };
}
