/** Request bodies as `req.body`: parsed by content type and charset, limits, malformed and empty bodies, raw bytes. */
import { isHttpError } from '../../../../lambdas/shared/http-error';
import { contentTypeOf, DEFAULT_BODY_PARSING, parseForm, parseSizeLimit, readBody } from '../../../../lambdas/render/api/request-body';

const utf8 = (text: string) => new TextEncoder().encode(text);
const parse = (bytes: Uint8Array | undefined, type?: string) => readBody(bytes, type, DEFAULT_BODY_PARSING).body;

/** The HttpError a body is refused with: its status and message. */
function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (isHttpError(error)) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the body was not refused');
}

describe('parseSizeLimit', () => {
  test.each([
    [1000, 1000],
    ['1000', 1000],
    ['1b', 1],
    ['500kb', 500 * 1024],
    ['1mb', 1024 * 1024],
    ['4MB', 4 * 1024 * 1024],
    ['1.5mb', 1.5 * 1024 * 1024],
    [' 2 kb ', 2048],
    ['1gb', 1024 ** 3],
  ])('%p → %p bytes', (value, bytes) => {
    expect(parseSizeLimit(value)).toBe(bytes);
  });

  test.each([0, -1, 1.5, NaN, '', 'mb', '4 megabytes', '-1mb', '0kb', '1tb'])('%p is refused, saying what is accepted', (value) => {
    expect(() => parseSizeLimit(value as number | string)).toThrow(/is not a size: use a number of bytes .* '500kb' or '4mb'/);
  });
});

describe('contentTypeOf', () => {
  test('no header reads as text/plain in UTF-8, as the pages router reads it', () => {
    expect(contentTypeOf(undefined)).toEqual({ type: 'text/plain', charset: 'utf-8' });
  });

  test('type and charset, lower-cased, quotes and spaces allowed', () => {
    expect(contentTypeOf('Application/JSON; Charset="UTF-8"')).toEqual({ type: 'application/json', charset: 'utf-8' });
    expect(contentTypeOf('text/plain;format=flowed; charset=ISO-8859-1')).toEqual({ type: 'text/plain', charset: 'iso-8859-1' });
    expect(contentTypeOf('multipart/form-data; boundary=x')).toEqual({ type: 'multipart/form-data', charset: 'utf-8' });
  });
});

describe('parseForm', () => {
  test('fields, repeated fields as arrays, + and percent-escapes decoded', () => {
    expect({ ...parseForm('a=1&a=2&b=x+y&c=%C3%A9&d') }).toEqual({ a: ['1', '2'], b: 'x y', c: 'é', d: '' });
  });

  test('__proto__, constructor and prototype stay plain fields of a null-prototype object', () => {
    const fields = parseForm('__proto__=polluted&constructor=c&prototype=p&__proto__[admin]=1');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor', 'prototype', '__proto__[admin]']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('polluted');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('readBody: parsed by content type', () => {
  test('JSON, and application/ld+json', () => {
    expect(parse(utf8('{"name":"Ada","tags":["a"]}'), 'application/json')).toEqual({ name: 'Ada', tags: ['a'] });
    expect(parse(utf8('[1,2]'), 'application/json; charset=utf-8')).toEqual([1, 2]);
    expect(parse(utf8('{"@id":"x"}'), 'application/ld+json')).toEqual({ '@id': 'x' });
  });

  test('a JSON __proto__ key is plain data, as JSON.parse makes it', () => {
    const body = parse(utf8('{"__proto__":{"admin":true}}'), 'application/json') as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ admin: true });
    expect((body as { admin?: unknown }).admin).toBeUndefined();
  });

  test('malformed JSON: 400 with a message saying so', () => {
    for (const text of ['{', '{"a":', "{'a':1}", 'undefined', '{"a":1}}']) {
      const { status, message } = refusal(() => parse(utf8(text), 'application/json'));
      expect(status).toBe(400);
      expect(message).toMatch(/^Invalid JSON: /);
    }
  });

  test('an urlencoded form: a null-prototype object', () => {
    const body = parse(utf8('name=Ada+Lovelace&topic=maths&topic=engines'), 'application/x-www-form-urlencoded') as Record<string, unknown>;
    expect({ ...body }).toEqual({ name: 'Ada Lovelace', topic: ['maths', 'engines'] });
    expect(Object.getPrototypeOf(body)).toBeNull();
  });

  test('text, and any other type, as a string; no content type reads as text', () => {
    expect(parse(utf8('hello'), 'text/plain')).toBe('hello');
    expect(parse(utf8('<a/>'), 'application/xml')).toBe('<a/>');
    expect(parse(utf8('--x\r\n'), 'multipart/form-data; boundary=x')).toBe('--x\r\n');
    expect(parse(utf8('{"a":1}'), undefined)).toBe('{"a":1}');
  });

  test('empty bodies: {} for JSON (a common client mistake), {} for a form, "" for text', () => {
    for (const bytes of [undefined, new Uint8Array(0)]) {
      expect(parse(bytes, 'application/json')).toEqual({});
      expect({ ...(parse(bytes, 'application/x-www-form-urlencoded') as object) }).toEqual({});
      expect(parse(bytes, 'text/plain')).toBe('');
      expect(parse(bytes, undefined)).toBe('');
    }
  });
});

describe('readBody: charsets', () => {
  test('UTF-8 by default; a BOM is dropped (JSON with a BOM parses)', () => {
    expect(parse(utf8('\ufeff{"a":"é"}'), 'application/json')).toEqual({ a: 'é' });
    expect(parse(utf8('ünï'), 'text/plain')).toBe('ünï');
  });

  test('the charset parameter decides: Latin-1, UTF-16, Shift_JIS', () => {
    expect(parse(Buffer.from('café', 'latin1'), 'text/plain; charset=iso-8859-1')).toBe('café');
    expect(parse(Buffer.from('{"a":"ß"}', 'utf16le'), 'application/json; charset=utf-16le')).toEqual({ a: 'ß' });
    expect(parse(new Uint8Array([0x82, 0xa0]), 'text/plain; charset=shift_jis')).toBe('あ');
    expect({ ...(parse(Buffer.from('q=ol%C3%A9&r=ça', 'latin1'), 'application/x-www-form-urlencoded; charset=latin1') as object) }).toEqual({ q: 'olé', r: 'ça' });
  });

  test('invalid UTF-8 becomes U+FFFD rather than failing', () => {
    expect(parse(new Uint8Array([0x61, 0xff, 0x62]), 'text/plain')).toBe('a\ufffdb');
  });

  test('a charset this runtime cannot decode: 415 naming it', () => {
    expect(refusal(() => parse(utf8('x'), 'text/plain; charset=klingon'))).toEqual({ status: 415, message: 'Unsupported charset "klingon"' });
  });
});

describe('readBody: size limit', () => {
  const limit = { sizeLimit: 10, label: '10b' };

  test('up to the limit is read; one byte past it is a 413 naming the limit', () => {
    expect(readBody(utf8('0123456789'), 'text/plain', limit).body).toBe('0123456789');
    expect(refusal(() => readBody(utf8('0123456789!'), 'text/plain', limit))).toEqual({ status: 413, message: 'Body exceeded 10b limit' });
  });

  test('the limit counts bytes as received, not characters', () => {
    expect(refusal(() => readBody(utf8('éééééé'), 'text/plain', limit)).status).toBe(413);
  });

  test('the default is 1 MB', () => {
    const mb = 1024 * 1024;
    expect((parse(new Uint8Array(mb).fill(0x61), 'text/plain') as string).length).toBe(mb);
    expect(refusal(() => parse(new Uint8Array(mb + 1).fill(0x61), 'text/plain'))).toEqual({ status: 413, message: 'Body exceeded 1mb limit' });
  });
});

describe('readBody: bodyParser false', () => {
  test('req.body is undefined, as the pages router leaves it; the raw bytes are kept byte-identical for the stream, whatever the type and size', () => {
    const bytes = new Uint8Array(2 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + 7) % 256;
    bytes.set([0xef, 0xbb, 0xbf, 0xff, 0x00], 0);
    for (const type of ['application/json', 'text/plain; charset=klingon', undefined]) {
      const { body, raw } = readBody(bytes, type, false);
      expect(body).toBeUndefined();
      expect(raw).toBe(bytes);
    }
  });

  test('no body: undefined too', () => {
    expect(readBody(undefined, undefined, false).body).toBeUndefined();
  });
});
