/**
 * Rewrites to another origin (`destination: 'https://…'`, or middleware's rewrite to
 * another host): the request is sent on and the answer passed back. Only public addresses
 * are reached (no loopback, private, link-local or metadata address, checked on the
 * address actually connected to), within a time limit, with the body capped.
 */
import type { IncomingMessage } from 'node:http';
import { nodeHttp, nodeHttps } from '../../shared/node-builtins';
import { textAnswer } from '../../shared/answers';
import { HttpError } from '../../shared/http-error';
import { readUpTo } from '../../shared/read-capped';
import { isTextType, type CoreRequest, type CoreResponse } from '../../shared/http';
import { inSpan } from '../../shared/tracing/otel';
import { injectTraceHeaders } from '../../shared/tracing/outgoing';
import { createGuardedLookup, defaultResolveHost, isIpLiteral, isPublicAddress, type ResolveHost } from '../../shared/public-address';

export interface ProxyOptions {
  /** @default 10000 */
  timeoutMs?: number;
  /** @default 6 MB: what a Lambda response can carry. */
  maxBytes?: number;
  resolveHost?: ResolveHost;
  /** Test-only: servers the tests start listen on loopback. @default false */
  allowLoopback?: boolean;
}

/** Hop-by-hop headers and ones that name this hop: never passed on either way. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length']);
/** Headers the edge adds for this site only (signatures, the viewer's host): not for another origin. */
const SITE_HEADERS = /^(x-amz-|x-forwarded-host$|x-stratus-)/;

export type Proxy = (url: URL, request: CoreRequest) => Promise<CoreResponse>;

export function createProxy(options: ProxyOptions = {}): Proxy {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 6 * 1024 * 1024;
  const policy = { allowLoopback: options.allowLoopback === true };
  const lookup = createGuardedLookup(options.resolveHost ?? defaultResolveHost, policy, () => new HttpError(502, 'the rewrite destination resolves to a private address'));

  return (url, request) =>
    inSpan(`proxy ${request.method} ${url.hostname}`, { 'http.request.method': request.method, 'url.full': `${url.origin}${url.pathname}`, 'server.address': url.hostname }, async (span) => {
      const response = await proxy(url, request);
      span?.setAttribute('http.response.status_code', response.status);
      return response;
    }, 'client');

  async function proxy(url: URL, request: CoreRequest): Promise<CoreResponse> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return textAnswer(502, 'Bad Gateway');
    if (isIpLiteral(url.hostname) && !isPublicAddress(url.hostname, policy)) return textAnswer(502, 'Bad Gateway');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (!HOP_HEADERS.has(name) && !SITE_HEADERS.test(name)) headers[name] = value;
    // The origin joins the request's trace (the visitor's own traceparent, if any, is replaced).
    injectTraceHeaders(headers);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await send(url, request.method, headers, hasBody ? request.body : undefined, lookup, signal);
      const body = await readUpTo(response, maxBytes, () => {
        response.destroy();
        return new Error('the answer is larger than a Lambda response can carry');
      });
      const out: Record<string, string> = {};
      const cookies: string[] = [];
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined || HOP_HEADERS.has(name)) continue;
        if (name === 'set-cookie') cookies.push(...(Array.isArray(value) ? value : [value]));
        else out[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const text = isTextType(out['content-type']) && !out['content-encoding'];
      return { status: response.statusCode ?? 502, headers: out, ...(cookies.length > 0 ? { cookies } : {}), body: text ? body.toString('utf8') : new Uint8Array(body) };
    } catch {
      return signal.aborted ? textAnswer(504, 'Gateway Timeout') : textAnswer(502, 'Bad Gateway');
    }
  }
}


function send(url: URL, method: string, headers: Record<string, string>, body: Uint8Array | undefined, lookup: ReturnType<typeof createGuardedLookup>, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? nodeHttps() : nodeHttp();
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method, headers, lookup, signal });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(body);
  });
}
