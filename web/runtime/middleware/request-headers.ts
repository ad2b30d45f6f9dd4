/** The headers of middleware's `NextRequest`, over the plain record the function received. */

/**
 * A request's headers, read like a web `Headers` (`get`, `has`, iteration; `set`, `append`
 * and `delete` too) over the plain record the function received, without building a
 * `Headers` (about 1 µs, a sizeable share of a middleware run). Names are lower-case.
 * `new Headers(request.headers)` copies it into a real one.
 */
export class RequestHeaders implements Headers {
  /** The headers once copied (at construction, or at the first change of a record read in place). */
  private map: Map<string, string> | undefined;
  /** A record read in place, never written: names lower-case (see `namesLowerCase`). */
  private record: Record<string, string> | undefined;

  /**
   * @param namesLowerCase the init is a record whose names are lower-case already (the
   *   function's own request): it is read in place and copied only on the first change,
   *   which saves about 1 µs on every middleware run that only reads.
   */
  constructor(init: Record<string, string> | Iterable<[string, string]> = {}, namesLowerCase = false) {
    if (namesLowerCase && !(Symbol.iterator in init)) {
      this.record = init as Record<string, string>;
      return;
    }
    this.map = new Map();
    const pairs = Symbol.iterator in init ? (init as Iterable<[string, string]>) : Object.entries(init);
    for (const [name, value] of pairs) this.append(name, value);
  }

  /** The headers as a map that may be changed (the record copied the first time). */
  private writable(): Map<string, string> {
    if (this.map) return this.map;
    const map = new Map<string, string>();
    const record = this.record!;
    for (const name in record) if (Object.hasOwn(record, name)) map.set(name, record[name]!);
    this.record = undefined;
    return (this.map = map);
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (this.map) return this.map.get(key) ?? null;
    // Own names only: a header called `constructor` or `__proto__` is just a header.
    return Object.hasOwn(this.record!, key) ? this.record![key]! : null;
  }
  has(name: string): boolean {
    const key = name.toLowerCase();
    return this.map ? this.map.has(key) : Object.hasOwn(this.record!, key);
  }
  set(name: string, value: string): void {
    this.writable().set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const map = this.writable();
    const existing = map.get(key);
    map.set(key, existing === undefined ? String(value) : `${existing}, ${value}`);
  }
  delete(name: string): void {
    this.writable().delete(name.toLowerCase());
  }
  getSetCookie(): string[] {
    return [];
  }
  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this as unknown as Headers);
  }
  *entries(): HeadersIterator<[string, string]> {
    yield* [...this.writable().entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }
  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }
}
