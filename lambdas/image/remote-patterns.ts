/**
 * Matching of absolute image URLs against `images.remotePatterns`, with the wildcard
 * rules users of the Next.js optimiser know: in hostnames `*` is one label and `**` any
 * number; in paths `*` is one segment and `**` any number.
 */
import type { RemotePattern } from '../../contract/config';

/**
 * True when `url` matches one of `patterns` by protocol, hostname, port and path.
 *
 * @example
 * isAllowedRemoteUrl(new URL('https://cdn.example.com/a.jpg'), [{ hostname: '**.example.com' }]); // true
 */
export function isAllowedRemoteUrl(url: URL, patterns: readonly RemotePattern[]): boolean {
  return patterns.some((pattern) => matchRemotePattern(pattern, url));
}

/** True when `url` matches `pattern`; fields the pattern leaves out match anything. */
export function matchRemotePattern(pattern: RemotePattern, url: URL): boolean {
  if (pattern.protocol !== undefined && url.protocol !== `${pattern.protocol}:`) return false;
  if (pattern.port !== undefined && url.port !== pattern.port) return false;
  if (!globToRegExp(pattern.hostname.toLowerCase(), '.').test(url.hostname)) return false;
  if (pattern.pathname !== undefined && !globToRegExp(pattern.pathname, '/').test(url.pathname)) return false;
  return true;
}

/** `**` matches across separators, `*` within one part; everything else is literal. */
function globToRegExp(glob: string, separator: '.' | '/'): RegExp {
  const sep = separator === '.' ? '\\.' : '/';
  const source = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((literal) => literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join(`[^${sep}]*`),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}
