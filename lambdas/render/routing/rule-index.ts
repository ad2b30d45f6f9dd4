/**
 * Rules by the first segment of the paths they can match, so that a request is tested
 * against those rules alone: a source that begins with a fixed segment (`/blog/:slug`,
 * `/legacy/:path*`) matches only paths that begin with it. A site with hundreds of
 * redirects pays a map lookup per rule list on each request, not hundreds of regular
 * expressions. A source without a fixed first segment (`/:path*`, `/(.*)`, `/:lang/about`)
 * stays a candidate for every path, in its place in the order.
 *
 * The two keys below must agree for every path a source matches (a property test holds them
 * to it, with the source's regular expression as the oracle).
 */
import type { Token } from 'path-to-regexp';

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The first segment every path matching the source begins with, lower-case; undefined when
 * that segment is not fixed. Sources match case-insensitively, which folds A–Z alone and
 * never makes another character equal to an ASCII one, so only ASCII segments are keyed.
 *
 * @example
 * sourceKey(parse('/Blog/:slug')); // 'blog'
 * sourceKey(parse('/blog-:slug')); // undefined: the segment goes on with a param
 */
export function sourceKey(tokens: readonly Token[]): string | undefined {
  const [first, next] = tokens;
  if (typeof first !== 'string' || !first.startsWith('/')) return undefined;
  const slash = first.indexOf('/', 1);
  let segment: string;
  if (slash !== -1) {
    segment = first.slice(1, slash);
  } else {
    // The segment ends with the source, or where a param opens the next one: a required
    // param's `/` always follows; an optional one's, or the end, when nothing comes after it.
    const opensNext = typeof next === 'object' && next.prefix === '/' && (next.modifier === '' || next.modifier === '+' || tokens.length === 2);
    if (next !== undefined && !opensNext) return undefined;
    segment = first.slice(1);
  }
  return ASCII.test(segment) ? segment.toLowerCase() : undefined;
}

/** A path's first segment as sources are keyed (`/Blog/x` → `blog`, `/` → ``). */
export function pathKey(path: string): string {
  const slash = path.indexOf('/', 1);
  return (slash === -1 ? path.slice(1) : path.slice(1, slash)).toLowerCase();
}

/**
 * The entries by key: for a key, its own entries and the unkeyed ones in their order; for
 * any other, the unkeyed ones alone. Made once per list, at cold start.
 *
 * @example
 * const lookup = byKey(rules, (rule) => rule.key);
 * lookup(pathKey('/blog/hello')); // the rules keyed 'blog' and the unkeyed ones, in order
 */
export function byKey<T>(entries: readonly T[], keyOf: (entry: T) => string | undefined): (key: string) => readonly T[] {
  const unkeyed: number[] = [];
  const positions = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const key = keyOf(entry);
    if (key === undefined) unkeyed.push(index);
    else if (positions.has(key)) positions.get(key)!.push(index);
    else positions.set(key, [index]);
  });
  const lists = new Map<string, readonly T[]>();
  for (const [key, own] of positions) lists.set(key, inOrder(own, unkeyed).map((index) => entries[index]!));
  const rest = unkeyed.map((index) => entries[index]!);
  return (key) => lists.get(key) ?? rest;
}

/** Two ascending lists of positions as one. */
function inOrder(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) merged.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return merged;
}
