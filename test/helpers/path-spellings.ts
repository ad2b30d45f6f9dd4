/**
 * Other spellings of a path a visitor may send (issue 28): characters percent-encoded in
 * either hex case, slashes doubled or tripled, `./` and `x/../` segments between segments,
 * a trailing slash doubled. Each spelling names the same resource as the path it comes
 * from, so every gate must treat it as that path.
 */
import fc from 'fast-check';

/** One character as a visitor might spell it: raw, or percent-encoded (UTF-8) in upper or lower hex. */
function spellChar(ch: string, how: number): string {
  if (how === 0 || ch === '/') return ch;
  const encoded = encodeURIComponent(ch) === ch ? `%${ch.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}` : encodeURIComponent(ch);
  return how === 1 ? encoded : encoded.toLowerCase();
}

/** A slash between segments as a visitor might spell it: repeated, or with segments that resolve away. */
const SLASHES = ['/', '/', '/', '//', '///', '/./', '/%2e/', '/zz/../', '/zz/%2E%2e/'];

/**
 * Spellings of `path` (a path without query): per character, raw (mostly) or encoded; per
 * slash between segments, one of the forms above; a trailing slash only ever doubled.
 */
export function spellingArb(path: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(fc.nat(6), { minLength: path.length, maxLength: path.length }), fc.array(fc.nat(SLASHES.length - 1), { minLength: path.length, maxLength: path.length }))
    .map(([hows, slashes]) => {
      let out = '';
      for (let i = 0; i < path.length; i++) {
        const ch = path[i]!;
        if (ch === '/') out += i === path.length - 1 ? (slashes[i]! % 3 === 0 ? '//' : '/') : SLASHES[slashes[i]!]!;
        else out += spellChar(ch, hows[i]! < 3 ? hows[i]! : 0);
      }
      return out;
    });
}

/** An answer reduced to what a visitor would notice. */
export interface Seen {
  status: number;
  location?: string;
  cacheControl?: string;
  body: string;
}

/**
 * Follows the 308s a spelling gets (to tidy, then to the site's trailing slash), each to a
 * path of this site, until something else answers. Throws when one leaves the site or loops.
 */
export async function followTidyRedirects(fetchSeen: (path: string) => Promise<Seen>, path: string): Promise<Seen> {
  const hops: string[] = [];
  let seen = await fetchSeen(path);
  while (seen.status === 308) {
    const location = seen.location ?? '';
    if (!location.startsWith('/') || location.startsWith('//') || location.includes('\\')) throw new Error(`${path}: 308 off the site to ${location}`);
    hops.push(location);
    if (hops.length > 3) throw new Error(`${path}: redirect loop ${hops.join(' → ')}`);
    seen = await fetchSeen(location);
  }
  return seen;
}
