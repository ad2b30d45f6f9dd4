/**
 * A local OTLP/HTTP trace receiver, as a collector answers: `POST /v1/traces` with an
 * `application/json` ExportTraceServiceRequest (OTLP's JSON encoding: hex ids, enum numbers,
 * `{ stringValue | intValue | boolValue | doubleValue }` attributes). It decodes each request
 * into plain spans; anything else (another path, a protobuf body it was not asked to read,
 * JSON that is no export request) is answered 4xx and recorded as refused.
 * https://opentelemetry.io/docs/specs/otlp/#otlphttp
 */
import { createServer, type Server } from 'node:http';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, string | number | boolean>;
  status: { code: number; message?: string };
  links: { traceId: string; spanId: string }[];
  service?: string;
}

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>/v1/traces` */
  url: string;
  spans: ReceivedSpan[];
  /** Requests refused, with why. */
  refused: string[];
  /** Headers of the export requests (an exporter's `OTEL_EXPORTER_OTLP_HEADERS`). */
  headers: Record<string, string | string[] | undefined>[];
  /** Waits until `ready(spans)` holds (or throws after `timeoutMs`). */
  waitFor(ready: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };

function valueOf(value: AnyValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  throw new Error(`an attribute value of no known kind: ${JSON.stringify(value)}`);
}

const HEX = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`);

/** The spans of one OTLP JSON export request; throws for one that breaks the encoding. */
export function decodeTraceRequest(body: unknown): ReceivedSpan[] {
  const request = body as { resourceSpans?: unknown };
  if (!Array.isArray(request.resourceSpans)) throw new Error('resourceSpans is not an array');
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of request.resourceSpans as { resource?: { attributes?: { key: string; value: AnyValue }[] }; scopeSpans: { spans: Record<string, unknown>[] }[] }[]) {
    const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name');
    for (const scope of resourceSpans.scopeSpans) {
      for (const span of scope.spans) {
        const { traceId, spanId, parentSpanId } = span as { traceId: string; spanId: string; parentSpanId?: string };
        if (!HEX(32).test(traceId) || !HEX(16).test(spanId)) throw new Error(`ids are not hex: ${traceId} ${spanId}`);
        if (parentSpanId !== undefined && parentSpanId !== '' && !HEX(16).test(parentSpanId)) throw new Error(`parentSpanId is not hex: ${parentSpanId}`);
        const attributes: ReceivedSpan['attributes'] = {};
        for (const a of (span.attributes ?? []) as { key: string; value: AnyValue }[]) attributes[a.key] = valueOf(a.value);
        spans.push({
          traceId,
          spanId,
          parentSpanId: parentSpanId || undefined,
          name: String(span.name),
          kind: Number(span.kind),
          startNs: BigInt(span.startTimeUnixNano as string),
          endNs: BigInt(span.endTimeUnixNano as string),
          attributes,
          status: (span.status ?? { code: 0 }) as ReceivedSpan['status'],
          links: ((span.links ?? []) as { traceId: string; spanId: string }[]).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
          service: service ? String(valueOf(service.value)) : undefined,
        });
      }
    }
  }
  return spans;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const headers: OtlpReceiver['headers'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const refuse = (status: number, why: string) => {
        refused.push(why);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: why }));
      };
      if (req.method !== 'POST' || req.url !== '/v1/traces') return refuse(404, `${req.method} ${req.url}`);
      if (!String(req.headers['content-type']).startsWith('application/json')) return refuse(415, `content-type ${req.headers['content-type']}`);
      try {
        spans.push(...decodeTraceRequest(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      } catch (error) {
        return refuse(400, (error as Error).message);
      }
      headers.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    refused,
    headers,
    async waitFor(ready, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ready(spans)) {
        if (Date.now() > deadline) throw new Error(`spans never arrived; got ${spans.map((s) => s.name).join(', ') || 'none'}${refused.length ? `; refused: ${refused.join('; ')}` : ''}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
