/**
 * Spans as a tree on stderr, one trace at a time (`stratus start --trace`): when a trace's
 * first span ends whose parent is not in this process (the request's), the spans of that
 * trace gathered so far are printed under it, with their times and the attributes that say
 * what each did. Stdout keeps the JSON log lines.
 */
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** The attributes printed beside a span's name. */
const SHOWN = ['http.response.status_code', 'stratus.cache', 'faas.coldstart', 'url.full', 'stratus.store.key', 'stratus.lease', 'aws.request_id'];

const ms = (span: ReadableSpan) => `${(span.duration[0] * 1e3 + span.duration[1] / 1e6).toFixed(1)} ms`;

export class ConsoleTreeExporter implements SpanExporter {
  /** Spans ended, by trace, until their trace's root ends. */
  private readonly pending = new Map<string, ReadableSpan[]>();

  constructor(private readonly write: (text: string) => void = (text) => process.stderr.write(text)) {}

  export(spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    for (const span of spans) {
      const { traceId } = span.spanContext();
      const list = this.pending.get(traceId) ?? [];
      list.push(span);
      this.pending.set(traceId, list);
      if (span.kind === 1 /* SERVER */ || span.parentSpanContext === undefined || span.parentSpanContext.isRemote) {
        this.pending.delete(traceId);
        this.write(formatTree(span, list));
      }
    }
    done({ code: 0 });
  }

  async shutdown(): Promise<void> {}

  async forceFlush(): Promise<void> {}
}

/** The tree under `root`, children in the order they started. */
export function formatTree(root: ReadableSpan, spans: ReadableSpan[]): string {
  const children = new Map<string, ReadableSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    if (!parent || span === root) continue;
    const list = children.get(parent) ?? [];
    list.push(span);
    children.set(parent, list);
  }
  const lines = [`trace ${root.spanContext().traceId}  ${root.name}  ${ms(root)}${details(root)}`];
  const walk = (span: ReadableSpan, indent: string) => {
    const list = (children.get(span.spanContext().spanId) ?? []).sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
    list.forEach((child, i) => {
      const last = i === list.length - 1;
      lines.push(`${indent}${last ? '└ ' : '├ '}${child.name}  ${ms(child)}${details(child)}`);
      walk(child, indent + (last ? '  ' : '│ '));
    });
  };
  walk(root, '  ');
  return lines.join('\n') + '\n';
}

function details(span: ReadableSpan): string {
  const parts = SHOWN.flatMap((key) => (span.attributes[key] === undefined ? [] : [`${key.split('.').pop()}=${String(span.attributes[key])}`]));
  if (span.status.code === 2) parts.push(`error${span.status.message ? `: ${span.status.message}` : ''}`);
  return parts.length > 0 ? `  ${parts.join(' ')}` : '';
}
