/**
 * HTTP/1.1 over a bare socket: the request goes out byte for byte as given (any target,
 * repeated headers, any method), which `fetch` and `http.request` would refuse or tidy up,
 * and the answer comes back whole, so two answers can be compared byte for byte.
 */
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawRequest {
  method: string;
  /** The request target exactly as sent: `/a/..%2F?x=1`, `*`, `http://host/path`. */
  target: string;
  /** In order; a name may repeat. A `Host` is added when none is given. */
  headers?: [string, string][];
  body?: string;
}

export interface RawResponse {
  status: number;
  /** Header lines as received, without the `Date` line (it changes every second). */
  head: string;
  headers: [string, string][];
  /** The body with any chunked framing and content encoding removed. */
  body: Buffer;
  /** The body as it came over the wire (after chunked framing), for byte-for-byte comparisons. */
  wireBody: Buffer;
}

/** The request as the bytes that go on the wire (UTF-8; `Connection: close` ends each exchange). */
export function requestBytes(request: RawRequest, host: string): Buffer {
  const headers = request.headers ?? [];
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  if (!headers.some(([name]) => name.toLowerCase() === 'host')) lines.push(`Host: ${host}`);
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  if (body) lines.push(`Content-Length: ${body.length}`);
  lines.push('Connection: close', '', '');
  return body ? Buffer.concat([Buffer.from(lines.join('\r\n'), 'utf8'), body]) : Buffer.from(lines.join('\r\n'), 'utf8');
}

/**
 * Sends one request on a fresh connection and reads the answer to the end.
 *
 * @example
 * const res = await sendRaw(3000, { method: 'GET', target: '/\\evil.example/' });
 * header(res, 'location'); // '/%5Cevil.example'
 */
export function sendRaw(port: number, request: RawRequest, options: { timeoutMs?: number } = {}): Promise<RawResponse> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${request.method} ${request.target}`));
    }, timeoutMs);
    // write, not end: a half-closed socket may be dropped before a slow answer; Connection: close ends it.
    socket.on('connect', () => socket.write(requestBytes(request, `127.0.0.1:${port}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseResponse(Buffer.concat(chunks), request.method));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The first value of a header (names compare case-insensitively). */
export function header(response: RawResponse, name: string): string | undefined {
  return response.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

function parseResponse(raw: Buffer, method: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`incomplete answer: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const lines = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(lines[0]!.split(' ')[1]);
  const headers = lines.slice(1).map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
  const head = lines.filter((line) => !/^date:/i.test(line)).join('\r\n');
  let body = raw.subarray(end + 4);
  const chunked = headers.some(([n, v]) => n.toLowerCase() === 'transfer-encoding' && /chunked/i.test(v));
  if (chunked && method !== 'HEAD') body = dechunk(body);
  const encoding = headers.find(([n]) => n.toLowerCase() === 'content-encoding')?.[1];
  const decoded = body.length === 0 ? body : encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body;
  return { status, head, headers, body: decoded, wireBody: body };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
