/**
 * The response headers CloudFront adds to every answer of the distribution (**contract**).
 * The CDK stack builds its response headers policy from this list
 * (infra/constructs/response-headers.ts) and the local server adds the same headers to
 * every response it sends, with the same override rule, so a page behaves locally as it
 * will behind CloudFront (a frame, a sniffed type, a referrer).
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/understanding-response-headers-policies.html
 */

export interface SecurityHeader {
  /** Lower-case, as HTTP/2 sends it. */
  readonly name: string;
  /** Exactly what CloudFront writes (for HSTS: `max-age=N[; includeSubDomains][; preload]`). */
  readonly value: string;
  /**
   * CloudFront's `Override`: `true` replaces a value the origin sent; `false` adds the
   * header only when the origin sent none, so a page may set its own.
   */
  readonly override: boolean;
}

export const SECURITY_HEADERS: readonly SecurityHeader[] = [
  // Two years, the length the HSTS preload list asks for; not preloaded (a domain opts in itself).
  { name: 'strict-transport-security', value: 'max-age=63072000; includeSubDomains', override: true },
  { name: 'x-content-type-options', value: 'nosniff', override: true },
  { name: 'x-frame-options', value: 'DENY', override: true },
  { name: 'referrer-policy', value: 'strict-origin-when-cross-origin', override: false },
  // Only frame-ancestors: a page that sets its own Content-Security-Policy keeps it.
  { name: 'content-security-policy', value: "frame-ancestors 'none'", override: false },
];

/**
 * The same headers for public files that include SVGs and no HTML page (a behaviour marked
 * `sandboxed`, contract/edge-behaviours.ts): an SVG opened on its own is a document of the
 * site's origin, so it gets a Content-Security-Policy with `sandbox` and no script, as the
 * image function's answers do (lambdas/image/response.ts); inline styles and the site's
 * own images still draw. CloudFront cannot vary headers by content type, so the policy is
 * the behaviour's: the build marks only behaviours no HTML file shares.
 */
export const SANDBOXED_FILE_HEADERS: readonly SecurityHeader[] = SECURITY_HEADERS.map((header) =>
  header.name === 'content-security-policy'
    ? { name: header.name, value: "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self' data:; frame-ancestors 'none'", override: true }
    : header,
);

type Headers = Record<string, string | string[] | number | undefined>;

/**
 * `headers` with the security headers added CloudFront's way: an `override` header replaces
 * the origin's value, any other is added only when the origin sent none (names compared
 * without case). Returns a new object; `headers` is left as it was.
 */
export function withSecurityHeaders<T extends Headers>(headers: T, securityHeaders: readonly SecurityHeader[] = SECURITY_HEADERS): T & Record<string, string> {
  const byName = namesOf(securityHeaders);
  // One pass, no `delete` (which turns the object into a slow dictionary on every response).
  const result: Headers = {};
  let sent: Set<string> | undefined;
  for (const name in headers) {
    const header = byName.get(name.toLowerCase());
    if (header?.override) continue;
    if (header) {
      // Sent once only, whatever the case of its name.
      if (headers[name] === undefined || sent?.has(header.name)) continue;
      (sent ??= new Set()).add(header.name);
    }
    result[name] = headers[name];
  }
  for (const header of securityHeaders) if (header.override || !sent?.has(header.name)) result[header.name] = header.value;
  return result as T & Record<string, string>;
}

const namesCache = new WeakMap<readonly SecurityHeader[], Map<string, SecurityHeader>>();
function namesOf(securityHeaders: readonly SecurityHeader[]): Map<string, SecurityHeader> {
  let byName = namesCache.get(securityHeaders);
  if (!byName) namesCache.set(securityHeaders, (byName = new Map(securityHeaders.map((header) => [header.name, header]))));
  return byName;
}
