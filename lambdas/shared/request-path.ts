/**
 * The one reading of a request's path that every gate and the route table use: middleware's
 * matcher, the config rules' sources, the locale prefix, the route table, API routes and
 * page data (docs/ROUTING.md, "One path per request"; docs/SECURITY.md, "Gate bypass by
 * spelling"). Decided once, before anything routes the request:
 *
 * - repeated slashes, a backslash and dot segments (`.`, `..`, also as `%2e`) are answered
 *   with a 308 to the tidied path (encoded letters, digits and `-._~` written as themselves),
 *   as the pages router does for repeated slashes; the viewer-request edge function holds
 *   the same rule (infra/edge/viewer-request.cf.js), and passes every other path on with
 *   those characters decoded, so CloudFront keeps one copy per resource;
 * - bad percent-encoding is malformed (a 400);
 * - anything else is served under its canonical spelling: each segment decoded, then
 *   encoded again with every character outside RFC 3986's `pchar` set percent-encoded in
 *   upper case and the rest raw. `/%6dembers` reads as `/members`, `/caf%c3%a9` as
 *   `/caf%C3%A9`; an encoded `/` (`%2F`) stays a character of its segment.
 */

/** How a path is to be answered before any routing. */
export type PathReading =
  /** Route this path: the canonical spelling (the same string when the path already is). */
  | { kind: 'canonical'; path: string }
  /** Answer 308 to this path (already safe to put in a `Location`). */
  | { kind: 'redirect'; path: string }
  /** Bad percent-encoding, or not a path at all: a 400. */
  | { kind: 'malformed' };

const MALFORMED: PathReading = { kind: 'malformed' };

/** Paths made only of characters a canonical spelling keeps raw (no `%`): the common case, checked without splitting. */
const PLAIN = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** A dot segment spelled raw. */
const RAW_DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
/** What the pages router answers with a redirect: a backslash, repeated slashes, a dot segment raw or encoded. */
const UNTIDY = /\\|\/\/|\/(?:\.|%2e){1,2}(?:\/|$)/i;
/** Characters a canonical segment percent-encodes: all but RFC 3986's unreserved and sub-delims, `:` and `@`. */
const NOT_PCHAR = /[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu;
/** What a `Location` path cannot carry raw (the edge function encodes the same set). */
const LOCATION_UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu;

/** A percent-encoded letter, digit, `-`, `.`, `_` or `~` (RFC 3986 §2.3: the same as the character itself). */
const UNRESERVED_ESCAPE = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/gi;

/**
 * The path with percent-encoded unreserved characters written as themselves (`/%61dmin` →
 * `/admin`), the rest as sent: what the edge function passes on, and reads its own rules on.
 */
export function decodeUnreserved(raw: string): string {
  return raw.indexOf('%') === -1 ? raw : raw.replace(UNRESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/**
 * The path with repeated slashes collapsed, backslashes read as slashes and dot segments
 * resolved (as a browser would); undefined when there is nothing to tidy. The segments
 * keep their spelling otherwise.
 *
 * @example
 * tidyPath('//members'); // '/members'
 * tidyPath('/a/./b/../c/'); // '/a/c/'
 * tidyPath('/members'); // undefined
 */
export function tidyPath(raw: string): string | undefined {
  if (!UNTIDY.test(raw)) return undefined;
  const parts = raw.replace(/\\/g, '/').split('/');
  const kept: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    const dots = parts[i]!.replace(/%2e/gi, '.');
    if (dots === '..') kept.pop();
    else if (dots !== '' && dots !== '.') kept.push(parts[i]!);
  }
  const last = parts[parts.length - 1]!.replace(/%2e/gi, '.');
  const trailing = last === '' || last === '.' || last === '..';
  return '/' + kept.join('/') + (trailing && kept.length > 0 ? '/' : '');
}

/** A decoded segment in its canonical spelling. */
function encodeSegment(decoded: string): string {
  return decoded.replace(NOT_PCHAR, encodeURIComponent);
}

/** A path as a `Location` of this site: one leading slash, and what a header cannot carry percent-encoded. */
function locationPath(path: string): string {
  return '/' + path.replace(LOCATION_UNSAFE, encodeChar).replace(/^\/+/, '');
}

/** What a header cannot carry after the `?` of a `Location` (nothing there can change the origin). */
const QUERY_UNSAFE = /[\u0000-\u0020\u007f-\u{10ffff}]/gu;

/**
 * `?query` for a `Location`, from a query as sent (`''` for none), with what a header cannot
 * carry percent-encoded, as the edge function does.
 */
export function locationQuery(rawQuery: string): string {
  return rawQuery ? '?' + rawQuery.replace(QUERY_UNSAFE, encodeChar) : '';
}

/** One character percent-encoded as UTF-8; a lone surrogate, which has no UTF-8 form, as U+FFFD (as browsers send it). */
function encodeChar(ch: string): string {
  return ch.length === 1 && ch >= '\ud800' && ch <= '\udfff' ? '%EF%BF%BD' : encodeURIComponent(ch);
}

/**
 * How to answer a request's path (as sent, still percent-encoded) before routing it.
 *
 * @example
 * readPath('/members'); // { kind: 'canonical', path: '/members' } (no copy made)
 * readPath('/%6Dembers'); // { kind: 'canonical', path: '/members' }
 * readPath('/api//private'); // { kind: 'redirect', path: '/api/private' }
 * readPath('/%E0%A4%A'); // { kind: 'malformed' }
 */
export function readPath(raw: string): PathReading {
  if (raw.charCodeAt(0) !== 47 /* / */) return MALFORMED;
  if (PLAIN.test(raw) && raw.indexOf('//') === -1 && !RAW_DOT_SEGMENT.test(raw)) return { kind: 'canonical', path: raw };
  const tidied = tidyPath(decodeUnreserved(raw));
  if (tidied !== undefined) return { kind: 'redirect', path: locationPath(tidied) };
  const parts = raw.split('/');
  let path = '';
  try {
    for (let i = 1; i < parts.length; i++) path += '/' + encodeSegment(decodeURIComponent(parts[i]!));
  } catch {
    // A bad escape, or a lone surrogate that has no UTF-8 form.
    return MALFORMED;
  }
  return { kind: 'canonical', path };
}
