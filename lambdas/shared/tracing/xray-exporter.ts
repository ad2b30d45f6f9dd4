/**
 * Spans to AWS X-Ray through the daemon Lambda runs beside a function with active tracing:
 * each span becomes an independent subsegment document sent over UDP to
 * `AWS_XRAY_DAEMON_ADDRESS`, the way X-Ray's own SDKs send theirs. The request's span is a
 * subsegment of the function's segment (Lambda's, whose id is the `Parent` of
 * `_X_AMZN_TRACE_ID`), so X-Ray shows the invocation and the spans under it as one trace.
 * Documents: https://docs.aws.amazon.com/xray/latest/devguide/xray-api-segmentdocuments.html
 * Sending: https://docs.aws.amazon.com/xray/latest/devguide/xray-api-sendingdata.html#xray-api-daemon
 */
import { createSocket, type Socket } from 'node:dgram';
import type { Attributes } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** What precedes every document the daemon takes. */
const HEADER = '{"format":"json","version":1}\n';
/** The daemon's address when the environment names none. */
const DEFAULT_DAEMON = '127.0.0.1:2000';
/** A UDP datagram's payload limit; a larger document is cut down to its times and name. */
const MAX_DATAGRAM = 64 * 1024 - 64;

/** SpanKind's numbers (the API's enum, without loading the API here). */
const CLIENT = 2;

export interface XRaySubsegment {
  name: string;
  id: string;
  trace_id: string;
  parent_id?: string;
  start_time: number;
  end_time: number;
  type: 'subsegment';
  namespace?: 'aws' | 'remote';
  http?: { request?: { method?: string; url?: string }; response?: { status?: number } };
  aws?: Record<string, string | number>;
  fault?: boolean;
  error?: boolean;
  annotations?: Record<string, string | number | boolean>;
  metadata?: { default: Attributes };
}

/** `4bf92f35…` (OTel, 32 hex) → `1-4bf92f35-77b34da6a3ce929d0e0e4736` (X-Ray). */
export function xrayTraceId(traceId: string): string {
  return `1-${traceId.slice(0, 8)}-${traceId.slice(8)}`;
}

const seconds = ([s, ns]: [number, number]) => s + ns / 1e9;

/** X-Ray names: 200 characters of letters, digits, spaces and `_.:/%&#=+\-@`. */
const xrayName = (name: string) => name.replace(/[^\p{L}\p{N}\s_.:/%&#=+\\\-@]/gu, '_').slice(0, 200) || 'span';

/** Annotations are indexed for search: route, cache outcome, cold start, status. */
const ANNOTATED: Record<string, string> = {
  'http.route': 'route',
  'stratus.cache': 'cache',
  'faas.coldstart': 'cold_start',
  'stratus.function': 'function',
};

/** The subsegment document for one span. */
export function toSubsegment(span: ReadableSpan): XRaySubsegment {
  const { traceId, spanId } = span.spanContext();
  const attributes = span.attributes;
  const status = attributes['http.response.status_code'];
  const document: XRaySubsegment = {
    name: xrayName(span.name),
    id: spanId,
    trace_id: xrayTraceId(traceId),
    start_time: seconds(span.startTime),
    end_time: seconds(span.endTime),
    type: 'subsegment',
  };
  const parent = span.parentSpanContext?.spanId;
  if (parent) document.parent_id = parent;
  const service = attributes['rpc.service'];
  if (span.kind === CLIENT) document.namespace = attributes['rpc.system'] === 'aws-api' ? 'aws' : 'remote';
  if (typeof service === 'string') {
    document.aws = { operation: String(attributes['rpc.method'] ?? '') };
    const requestId = attributes['aws.request_id'];
    if (typeof requestId === 'string') document.aws.request_id = requestId;
  }
  const method = attributes['http.request.method'];
  const url = attributes['url.full'] ?? attributes['url.path'];
  if (method !== undefined || typeof status === 'number') {
    document.http = {};
    if (method !== undefined) document.http.request = { method: String(method), ...(url !== undefined ? { url: String(url) } : {}) };
    if (typeof status === 'number') document.http.response = { status };
  }
  if ((typeof status === 'number' && status >= 500) || span.status.code === 2) document.fault = true;
  else if (typeof status === 'number' && status >= 400) document.error = true;
  const annotations: Record<string, string | number | boolean> = {};
  for (const [key, name] of Object.entries(ANNOTATED)) {
    const value = attributes[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') annotations[name] = value;
  }
  if (Object.keys(annotations).length > 0) document.annotations = annotations;
  if (Object.keys(attributes).length > 0) document.metadata = { default: attributes };
  return document;
}

/** `host:port` (the daemon's `AWS_XRAY_DAEMON_ADDRESS`; a `udp:… tcp:…` pair names UDP first). */
export function daemonAddress(value: string | undefined): { host: string; port: number } {
  const udp = (value ?? DEFAULT_DAEMON).split(/\s+/).find((part) => !part.startsWith('tcp:'))?.replace(/^udp:/, '') ?? DEFAULT_DAEMON;
  const colon = udp.lastIndexOf(':');
  return { host: udp.slice(0, colon), port: Number(udp.slice(colon + 1)) };
}

/** The exporter: one datagram per span, to the daemon. */
export class XRayUdpExporter implements SpanExporter {
  private socket: Socket | undefined;
  private readonly address: { host: string; port: number };

  constructor(address = daemonAddress(process.env.AWS_XRAY_DAEMON_ADDRESS)) {
    this.address = address;
  }

  export(spans: ReadableSpan[], done: (result: { code: 0 | 1; error?: Error }) => void): void {
    this.socket ??= createSocket('udp4').unref();
    let left = spans.length;
    let failure: Error | undefined;
    if (left === 0) return done({ code: 0 });
    for (const span of spans) {
      let text = HEADER + JSON.stringify(toSubsegment(span));
      if (Buffer.byteLength(text) > MAX_DATAGRAM) {
        const { metadata: _dropped, ...small } = toSubsegment(span);
        text = HEADER + JSON.stringify(small);
      }
      this.socket.send(text, this.address.port, this.address.host, (error) => {
        if (error) failure = error;
        if (--left === 0) done(failure ? { code: 1, error: failure } : { code: 0 });
      });
    }
  }

  async shutdown(): Promise<void> {
    this.socket?.close();
    this.socket = undefined;
  }

  async forceFlush(): Promise<void> {}
}
