/**
 * What CloudFront checks before anything of ours runs, done by the local server: the
 * request target and the Host header. Node's parser accepts an absolute-form target
 * (`GET http://evil.example/x HTTP/1.1`), `*`, and any Host token; CloudFront hands its
 * function and origins only a path and a host of the distribution.
 */

/** `http://host/path?q` (absolute-form, RFC 9112 §3.2.2) → `/path?q`; the authority goes. */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** RFC 3986 host (reg-name or IP literal) and optional port: what `Host` may hold. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::[0-9]{0,5})?$/;

/**
 * The origin-form target (`/path?query`, as sent) for a Node `req.url`, or `null` for one
 * no path can be read from (`*`, `evil.example`).
 *
 * @example
 * toOriginForm('http://evil.example/about/?x=1'); // '/about/?x=1'
 * toOriginForm('*'); // null
 */
export function toOriginForm(url: string): string | null {
  if (url.startsWith('/')) return url;
  const authority = url.match(ABSOLUTE_FORM);
  if (!authority) return null;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * True when `host` is a host the cores can build a URL from (`example.com`, `[::1]:3000`).
 * Anything else is a malformed request CloudFront would never pass on.
 *
 * @example
 * isValidHost('localhost:3000'); // true
 * isValidHost('a b'); // false
 */
export function isValidHost(host: string | undefined): boolean {
  if (host === undefined) return true; // HTTP/1.0: the cores fall back to their own default
  // Nearly every request names the same host: the URL parse (~1 µs) runs once for it.
  if (host === lastValidHost) return true;
  if (!HOST.test(host)) return false;
  try {
    if (new URL(`https://${host}/`).host === '') return false;
  } catch {
    return false;
  }
  lastValidHost = host;
  return true;
}
let lastValidHost: string | undefined;
