/**
 * A file of the site itself (a public file, `/_app/static/…`, the image path), fetched the
 * way a visitor would: through the site's own edge, so the answer is the one CloudFront
 * gives (headers, image negotiation, cache). For a rewrite that lands on one.
 */
import { notFoundText } from '../../shared/answers';
import { fromWebResponse, type CoreRequest, type CoreResponse } from '../../shared/http';
import { edgeHost } from '../../shared/viewer-host';

/** Request headers that choose the answer (image format, revalidation); nothing else is sent on. */
const PASSED_ON = ['accept', 'if-none-match', 'if-modified-since', 'range'];

/**
 * `selfOrigin()` is where the site is reached (`STRATUS_SELF_ORIGIN`: the local server sets its
 * own address once listening); without it, the viewer's host the edge function recorded (`x-forwarded-host`),
 * which CloudFront only ever sets to one of the distribution's own names.
 */
export function createOwnOriginFetch(selfOrigin: () => string | undefined, basePath: string) {
  return async (pathAndQuery: string, request: CoreRequest): Promise<CoreResponse> => {
    const origin = selfOrigin();
    const host = edgeHost(request);
    const base = origin ?? (host ? `https://${host}` : undefined);
    if (!base) return notFoundText();
    const headers: Record<string, string> = {};
    for (const name of PASSED_ON) if (request.headers[name] !== undefined) headers[name] = request.headers[name]!;
    const response = await fromWebResponse(await fetch(new URL(basePath + pathAndQuery, base), { headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) }));
    // fetch decoded the body: its encoding and length no longer describe it; the hop-by-hop
    // headers describe fetch's own connection (a `connection: keep-alive` passed on kept the
    // visitor's connection open after a `Connection: close` request).
    for (const name of ['content-encoding', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']) delete response.headers[name];
    return response;
  };
}
