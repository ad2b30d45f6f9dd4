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

/** Loopback names: `localhost` and its subdomains (RFC 6761: they resolve to loopback), and the loopback addresses. */
const LOOPBACK_NAME = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The names the local server answers for, as CloudFront answers only for the
 * distribution's own names: loopback names, and those `STRATUS_ALLOWED_HOSTS` lists
 * (comma-separated; `*.example.test` for a name's subdomains). A page or middleware
 * builds URLs from the host (`request.url`, redirects), so a foreign `Host` (a rebinding
 * page, a forged header) never reaches the functions.
 *
 * @example
 * isAllowedHost('localhost:3000', undefined); // true
 * isAllowedHost('shop.localhost:3000', undefined); // true: try host-based rules locally this way
 * isAllowedHost('evil.example', undefined); // false
 * isAllowedHost('preview.test:3000', 'preview.test'); // true
 */
export function isAllowedHost(host: string | undefined, allowed: string | undefined = process.env.STRATUS_ALLOWED_HOSTS): boolean {
  if (host === undefined) return true; // HTTP/1.0: the cores fall back to their own default
  const name = host.replace(/:\d*$/, '').toLowerCase();
  if (LOOPBACK_NAME.test(name)) return true;
  if (!allowed) return false;
  return allowed.split(',').some((entry) => {
    const wanted = entry.trim().toLowerCase();
    if (!wanted) return false;
    return wanted.startsWith('*.') ? name.endsWith(wanted.slice(1)) && name.length > wanted.length - 1 : name === wanted;
  });
}
