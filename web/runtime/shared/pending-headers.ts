/**
 * The headers of a `NextResponse.next()` or `rewrite()` answer before its web `Response` is
 * made: a web `Headers` in behaviour (names checked and compared without case, values
 * trimmed and checked, one `set-cookie` entry per cookie, iteration sorted by name), without
 * reading the global `Headers`, which loads Node's fetch implementation (see NextResponse in
 * server.ts). Once the response is made, every call goes to the response's own headers.
 */

// RFC 9110 token characters: what `Headers` accepts as a name.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// What `Headers` refuses in a value once trimmed: NUL, CR, LF, and anything that is not a byte.
const BAD_VALUE = /[\0\r\n]|[^\0-\xff]/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

function checkedName(name: string, method: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers.${method}: "${text}" is an invalid header name.`);
  return text.toLowerCase();
}

function checkedValue(value: string, method: string): string {
  const text = String(value).replace(EDGE_WHITESPACE, '');
  if (BAD_VALUE.test(text)) throw new TypeError(`Headers.${method}: "${text}" is an invalid header value.`);
  return text;
}

export class PendingHeaders implements Headers {
  private readonly fields = new Map<string, string>();
  private readonly cookies: string[] = [];
  /** The made response's headers, once there is one. */
  private target: Headers | undefined;

  /** Hands over to the made response's headers: from now on every call goes there. */
  handOver(headers: Headers): void {
    this.target = headers;
  }

  get(name: string): string | null {
    if (this.target) return this.target.get(name);
    const key = checkedName(name, 'get');
    if (key === 'set-cookie') return this.cookies.length > 0 ? this.cookies.join(', ') : null;
    return this.fields.get(key) ?? null;
  }

  has(name: string): boolean {
    if (this.target) return this.target.has(name);
    const key = checkedName(name, 'has');
    return key === 'set-cookie' ? this.cookies.length > 0 : this.fields.has(key);
  }

  set(name: string, value: string): void {
    if (this.target) return this.target.set(name, value);
    const key = checkedName(name, 'set');
    const text = checkedValue(value, 'set');
    if (key === 'set-cookie') this.cookies.splice(0, this.cookies.length, text);
    else this.fields.set(key, text);
  }

  append(name: string, value: string): void {
    if (this.target) return this.target.append(name, value);
    const key = checkedName(name, 'append');
    const text = checkedValue(value, 'append');
    if (key === 'set-cookie') {
      this.cookies.push(text);
      return;
    }
    const existing = this.fields.get(key);
    this.fields.set(key, existing === undefined ? text : `${existing}, ${text}`);
  }

  delete(name: string): void {
    if (this.target) return this.target.delete(name);
    const key = checkedName(name, 'delete');
    if (key === 'set-cookie') this.cookies.length = 0;
    else this.fields.delete(key);
  }

  getSetCookie(): string[] {
    return this.target ? this.target.getSetCookie() : [...this.cookies];
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  /** Sorted by name; each cookie an entry of its own, in the order they were added. */
  *entries(): HeadersIterator<[string, string]> {
    if (this.target) {
      yield* this.target.entries();
      return;
    }
    const names = [...this.fields.keys(), ...(this.cookies.length > 0 ? ['set-cookie'] : [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      if (name === 'set-cookie') for (const cookie of this.cookies) yield [name, cookie];
      else yield [name, this.fields.get(name)!];
    }
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

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}
