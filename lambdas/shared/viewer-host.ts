/**
 * The viewer's host, read one way: CloudFront sends the function its own Function URL host
 * in `Host`, so the viewer-request edge function copies the viewer's into `X-Forwarded-Host`
 * (infra/edge/viewer-request.cf.js; the local server does the same). Only CloudFront can
 * reach the function (OAC), and it only ever sets that header to one of the distribution's
 * own names.
 */
import type { CoreRequest } from './http';

/** The host the edge recorded for the viewer (`X-Forwarded-Host`); undefined when the request did not come through it. */
export function edgeHost(request: CoreRequest): string | undefined {
  return request.headers['x-forwarded-host'];
}

/** The viewer's host as sent (port kept): the edge's record, else `Host`. */
export function viewerHost(request: CoreRequest): string | undefined {
  return request.headers['x-forwarded-host'] ?? request.headers.host;
}

/** The viewer's host name as rules compare it: lower case, without a port; `''` when there is none. */
export function viewerHostname(request: CoreRequest): string {
  return (viewerHost(request) ?? '').replace(/:\d+$/, '').toLowerCase();
}

/** `https://site.example`: the viewer's origin (`localhost` when no host was sent). */
export function viewerOrigin(request: CoreRequest): string {
  return `${request.headers['x-forwarded-proto'] ?? 'https'}://${viewerHost(request) ?? 'localhost'}`;
}
