import fc from 'fast-check';
import { NextRequest, NextResponse, RequestHeaders } from '../../../web/runtime/server';
import { checkProperty } from '../../helpers/property';

/** Header names as the adapter hands them over (lower-case), hostile ones included. */
const nameArb = fc.oneof(
  fc.constantFrom('accept', 'cookie', 'x-block', '__proto__', 'constructor', 'tostring', 'hasownproperty', 'valueof'),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
);
const valueArb = fc.string({ maxLength: 12 });
/** Names as code asks for them: any case. */
const askedArb = fc.oneof(nameArb, nameArb.map((n) => n.toUpperCase()), fc.constantFrom('Accept', 'X-Block', '__PROTO__', 'Constructor'));

type Change = { op: 'set' | 'append'; name: string; value: string } | { op: 'delete'; name: string };
const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ op: fc.constantFrom('set' as const, 'append' as const), name: askedArb, value: valueArb }),
  fc.record({ op: fc.constant('delete' as const), name: askedArb }),
);

function nullRecord(entries: [string, string][]): Record<string, string> {
  const record: Record<string, string> = Object.create(null);
  for (const [name, value] of entries) record[name] = value;
  return record;
}

function apply(headers: RequestHeaders, change: Change): void {
  if (change.op === 'delete') headers.delete(change.name);
  else headers[change.op](change.name, change.value);
}

describe('RequestHeaders', () => {
  test('over the function\'s own record: reads, changes and iterates as a copy would, and never writes the record', async () => {
    await checkProperty(
      'RequestHeaders in place ≡ copied',
      fc.property(
        fc.uniqueArray(fc.tuple(nameArb, valueArb), { selector: ([name]) => name, maxLength: 8 }),
        fc.array(askedArb, { maxLength: 8 }),
        fc.array(changeArb, { maxLength: 5 }),
        (entries, asked, changes) => {
          const record = nullRecord(entries);
          const before = JSON.stringify(Object.entries(record));
          const inPlace = new RequestHeaders(record, true);
          const copied = new RequestHeaders(entries);
          for (const name of asked) {
            expect(inPlace.get(name)).toBe(copied.get(name));
            expect(inPlace.has(name)).toBe(copied.has(name));
          }
          for (const change of changes) {
            apply(inPlace, change);
            apply(copied, change);
          }
          for (const name of asked) expect(inPlace.get(name)).toBe(copied.get(name));
          expect([...inPlace]).toEqual([...copied]);
          expect(JSON.stringify(Object.entries(record))).toBe(before);
        },
      ),
      400,
    );
  });

  test('a plain-object record (with a prototype) still answers only its own names', () => {
    const headers = new RequestHeaders({ accept: 'text/html' }, true);
    expect(headers.get('Accept')).toBe('text/html');
    expect(headers.get('constructor')).toBeNull();
    expect(headers.has('toString')).toBe(false);
    expect(headers.get('__proto__')).toBeNull();
  });
});

describe('NextRequest', () => {
  test('reads headers and cookies from the record it was given, whatever the case asked', () => {
    const request = new NextRequest('https://site.example/a?b=1', { headers: new RequestHeaders(nullRecord([['cookie', 'session=abc; theme=dark'], ['x-block', 'no']]), true) });
    expect(request.headers.get('X-Block')).toBe('no');
    expect(request.cookies.get('theme')?.value).toBe('dark');
    expect(request.nextUrl.searchParams.get('b')).toBe('1');
  });

  test("a relative URL is refused where it is given, in the pages router's words with its docs page, and so do redirect and rewrite", () => {
    const words = 'URL is malformed "/urls-b". Please use only absolute URLs - https://nextjs.org/docs/messages/middleware-relative-urls';
    expect(() => new NextRequest('/urls-b')).toThrow(words);
    expect(() => NextResponse.redirect('/urls-b')).toThrow(`NextResponse.redirect: ${words}`);
    expect(() => NextResponse.rewrite('/urls-b')).toThrow(`NextResponse.rewrite: ${words}`);
    expect(new NextRequest(new URL('/urls-b', 'https://site.example')).nextUrl.pathname).toBe('/urls-b');
  });
});

describe('NextResponse.next() and rewrite()', () => {
  /** What one member of Response shows: a getter's value, or how a method's call settles. */
  async function member(response: Response, name: string | symbol): Promise<unknown> {
    const own = Object.getOwnPropertyDescriptor(Response.prototype, name)!;
    if (!own.value) {
      const value = (response as unknown as Record<string | symbol, unknown>)[name];
      return value instanceof Headers ? [...value] : value;
    }
    try {
      const result = await (response as unknown as Record<string | symbol, () => unknown>)[name]!();
      if (result instanceof Response) return { response: result.status, body: await result.text() };
      if (result instanceof ArrayBuffer || result instanceof Uint8Array) return { bytes: result.byteLength };
      if (result instanceof Blob) return { blob: result.size };
      return { value: result };
    } catch (error) {
      return { threw: (error as Error).name };
    }
  }

  /** Every member of Response (as this Node has them), each read on a fresh response. */
  async function observed(make: () => Response): Promise<Record<string, unknown>> {
    const seen: Record<string, unknown> = { isResponse: make() instanceof Response, isNextResponse: make() instanceof NextResponse, tag: Object.prototype.toString.call(make()) };
    for (const name of Reflect.ownKeys(Response.prototype)) {
      if (name !== 'constructor' && name !== Symbol.toStringTag) seen[String(name)] = await member(make(), name);
    }
    const used = make();
    await used.text();
    seen.bodyUsedAfterText = used.bodyUsed;
    return seen;
  }

  test.each<[string, () => NextResponse, ResponseInit]>([
    ['next()', () => NextResponse.next(), {}],
    ['next() with a status', () => NextResponse.next({ status: 299, statusText: 'Fine' }), { status: 299, statusText: 'Fine' }],
    ['rewrite()', () => NextResponse.rewrite('https://site.example/elsewhere'), {}],
  ])('%s answers every member of Response as a response made with its init does', async (_name, make, init) => {
    const seen = await observed(make);
    expect(Object.keys(seen)).toEqual(expect.arrayContaining(['status', 'headers', 'body', 'text', 'json', 'formData', 'clone']));
    expect(seen).toEqual(await observed(() => new NextResponse(null, init)));
  });

  test('has the members of Response this Node has, no fewer and no more (the list known before undici loads is corrected once it does)', () => {
    // Each name, and whether `for…in` lists it.
    const members = (prototype: object) =>
      Object.entries(Object.getOwnPropertyDescriptors(prototype))
        .filter(([name]) => name !== 'constructor')
        .map(([name, descriptor]) => [name, descriptor.enumerable])
        .sort();
    expect(members(Object.getPrototypeOf(NextResponse.next()))).toEqual(members(Response.prototype));
  });

  test('headers set before the response is made are on it once made, and the same headers object goes on working', () => {
    const response = NextResponse.next();
    const headers = response.headers;
    headers.set('x-early', '1');
    response.cookies.set('early', 'yes');
    expect(response.status).toBe(200); // makes the response
    headers.append('x-late', '2');
    expect(headers).toBeInstanceOf(Headers);
    expect(response.headers.get('x-early')).toBe('1');
    expect(response.headers.get('x-late')).toBe('2');
    expect(response.headers.getSetCookie()).toEqual(['early=yes; Path=/']);
  });

  test('headers and cookies set after it was made are on the response, as on any other', () => {
    const response = NextResponse.next();
    response.headers.set('x-gate', 'open');
    response.cookies.set('seen', '1');
    expect(response.headers.get('x-gate')).toBe('open');
    expect(response.headers.getSetCookie()).toEqual(['seen=1; Path=/']);
    expect(response.cookies.get('seen')?.value).toBe('1');
  });
});

test('NextResponse.error() is a network error, as Response.error()', () => {
  const response = NextResponse.error();
  expect(response).toBeInstanceOf(Response);
  expect({ type: response.type, status: response.status }).toEqual({ type: 'error', status: 0 });
});
