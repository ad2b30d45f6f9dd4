/** Request cookies, as API routes and getServerSideProps see them (`req.cookies`, `ctx.cookies`). */

/**
 * The `Cookie` header as a null-prototype object: the names are the visitor's (a `__proto__`
 * cookie stays a plain key). Values are percent-decoded when they can be.
 *
 * @example
 * parseCookies('a=1; b=%C3%A9'); // { a: '1', b: 'é' }
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}
