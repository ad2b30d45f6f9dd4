/**
 * Conditional requests: whether an `If-None-Match` header names a response's ETag, for the
 * render function's pages, the image function and the local server's bucket files alike.
 */

/**
 * True when `If-None-Match` lists `etag` (or `*`). The comparison is weak, as RFC 9110
 * §13.1.2 requires for If-None-Match, so a `W/` prefix from a proxy still matches.
 *
 * @example
 * matchesIfNoneMatch('W/"abc", "def"', '"abc"'); // true
 * matchesIfNoneMatch(undefined, '"abc"'); // false
 */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
