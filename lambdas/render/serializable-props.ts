/**
 * Props travel to the browser as JSON, so a value JSON cannot carry would render one thing
 * on the server and hydrate as another (a `Date` prints as "Sun Nov 22 2026" in the HTML
 * and arrives as "2026-11-22T…Z"). The pages router refuses such props; so does Stratus,
 * naming the key path, at build time and per request.
 */

/** What is wrong at one place in the props, or null when JSON carries them as they are. */
export interface PropsProblem {
  /** `props.post.date`, `props.items[3]` */
  path: string;
  /** `a Date`, `undefined`, `a Map`, `a function`, `a circular reference` … */
  found: string;
  /** What to return instead. */
  fix: string;
}

function describe(value: unknown): { found: string; fix: string } | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : { found: String(value), fix: 'JSON has no NaN or Infinity: return null or a string' };
    case 'undefined':
      return { found: '`undefined`', fix: 'use null, or leave the key out' };
    case 'function':
      return { found: 'a function', fix: 'pass data, and keep functions in the component' };
    case 'bigint':
      return { found: 'a bigint', fix: 'return it as a string' };
    case 'symbol':
      return { found: 'a symbol', fix: 'return a string' };
  }
  if (value === null || Array.isArray(value)) return null;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto === Object.prototype || proto === null) return null;
  if (value instanceof Date) return { found: 'a Date', fix: 'return date.toISOString() (or a number) and make the Date in the component' };
  if (value instanceof Map) return { found: 'a Map', fix: 'return Object.fromEntries(map) or an array of entries' };
  if (value instanceof Set) return { found: 'a Set', fix: 'return an array' };
  const name = (value as { constructor?: { name?: string } }).constructor?.name;
  return { found: `an instance of ${name || 'a class'}`, fix: 'return a plain object with the fields the page needs' };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const step = (path: string, key: string) => (IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/**
 * The first value in `props` JSON cannot carry, with its key path, or null.
 *
 * @example
 * findPropsProblem({ post: { date: new Date() } });
 * // { path: 'props.post.date', found: 'a Date', fix: 'return date.toISOString() …' }
 */
export function findPropsProblem(props: unknown, root = 'props'): PropsProblem | null {
  const open = new Set<object>();
  function visit(value: unknown, path: string): PropsProblem | null {
    const problem = describe(value);
    if (problem) return { path, ...problem };
    if (value === null || typeof value !== 'object') return null;
    if (open.has(value)) return { path, found: 'a circular reference', fix: 'return a tree: JSON cannot carry cycles' };
    open.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const found = visit(value[i], `${path}[${i}]`);
        if (found) return found;
      }
    } else {
      for (const key of Object.keys(value)) {
        const found = visit((value as Record<string, unknown>)[key], step(path, key));
        if (found) return found;
      }
    }
    open.delete(value);
    return null;
  }
  return visit(props, root);
}
