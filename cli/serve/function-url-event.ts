/**
 * Node HTTP request → the Function URL event (payload 2.0) Lambda would receive, so the
 * local server drives the very handlers that run in AWS.
 * https://docs.aws.amazon.com/lambda/latest/dg/urls-invocation.html#urls-payloads
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { LambdaFunctionURLEvent } from 'aws-lambda';

export interface PlainRequest {
  method: string;
  /** Raw path and query as sent: `/posts/a%20b?x=1`. */
  url: string;
  headers: IncomingHttpHeaders;
  body?: Buffer;
  remoteAddress?: string;
  /**
   * The local server's own port, when the request came to it: the functions are then told
   * they were reached over http on that port (what the visitor used), not the Function
   * URL's https/443.
   */
  localPort?: number;
}

/**
 * A null-prototype map, for names an outsider chooses (query, header, cookie): `__proto__`
 * or `constructor` stay plain keys and never reach, or read from, `Object.prototype`.
 *
 * @example
 * const query = nameMap<string>(); query['__proto__'] = 'x'; // an own key; Object.prototype untouched
 */
export function nameMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

const TEXT_BODY = /^(text\/|application\/(json|x-www-form-urlencoded|xml))/;

/** `Date#toUTCString` of a moment, made once a second (the event's `time` has no finer unit). */
let utcSecond = -1;
let utcString = '';
function utcTime(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== utcSecond) {
    utcSecond = second;
    utcString = new Date(epochMs).toUTCString();
  }
  return utcString;
}

/** The Function URL event for a Node request, as Lambda would build it. */
export function toFunctionUrlEvent(request: PlainRequest): LambdaFunctionURLEvent {
  const queryAt = request.url.indexOf('?');
  const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const rawQueryString = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
  const headers = nameMap<string>();
  let cookies: string[] | undefined;
  // Loops over Object.keys rather than entries: this runs for every request the local server answers.
  const names = Object.keys(request.headers);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const value = request.headers[name];
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(',') : value;
    // Lambda moves cookies into their own array, one entry per cookie.
    if (lower === 'cookie') cookies = joined.split(/;\s*/).filter(Boolean);
    else headers[lower] = joined;
  }
  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = nameMap<string>();
    for (const [key, value] of new URLSearchParams(rawQueryString)) {
      queryStringParameters[key] = key in queryStringParameters ? `${queryStringParameters[key]},${value}` : value;
    }
  }
  // A Function URL sets these itself, whatever the viewer sent (CloudFront reaches it over
  // HTTPS); the local server says what it is, as `next start` does.
  headers['x-forwarded-proto'] = request.localPort === undefined ? 'https' : 'http';
  headers['x-forwarded-port'] = request.localPort === undefined ? '443' : String(request.localPort);
  // CloudFront appends the viewer's address to any X-Forwarded-For the viewer sent.
  const viewer = request.remoteAddress ?? '127.0.0.1';
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${viewer}` : viewer;
  const now = Date.now();
  const body = request.body && request.body.length > 0 ? request.body : undefined;
  // Text goes as a string, anything else base64; bytes that are not UTF-8 stay base64
  // whatever their type claims, so the handler gets them back byte for byte.
  const isText = TEXT_BODY.test(headers['content-type'] ?? '') && (!body || isUtf8(body));
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    cookies,
    headers,
    queryStringParameters,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method.toUpperCase(),
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: utcTime(now),
      timeEpoch: now,
    },
    body: body ? body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: body ? !isText : false,
  } as LambdaFunctionURLEvent;
}
