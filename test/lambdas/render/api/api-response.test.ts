/** The buffered `res` of API routes and getServerSideProps: the pages router's helpers, Node's header rules, the answer it makes. */
import { Readable } from 'node:stream';
import { BufferedResponse } from '../../../../lambdas/render/api/api-response';
import { NO_STORE } from '../../../../lambdas/shared/cache-control';

const answer = (res: BufferedResponse) => res.toCoreResponse(NO_STORE);

describe('the helpers', () => {
  test('status().json(): JSON with its type and length, chainable', () => {
    const res = new BufferedResponse();
    const returned = res.status(201);
    expect(returned).toBe(res);
    res.json({ id: 7, name: 'é' });
    expect(res.writableEnded).toBe(true);
    expect(answer(res)).toEqual({
      status: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength('{"id":7,"name":"é"}')), 'cache-control': NO_STORE },
      body: '{"id":7,"name":"é"}',
    });
  });

  test('send: objects, numbers and booleans as JSON; strings as text; bytes as octet-stream', () => {
    const sent = (body: unknown, type?: string) => {
      const res = new BufferedResponse();
      if (type) res.setHeader('Content-Type', type);
      res.send(body);
      const { headers, body: out } = answer(res);
      return { type: headers['content-type'], body: out };
    };
    expect(sent({ a: 1 })).toEqual({ type: 'application/json; charset=utf-8', body: '{"a":1}' });
    expect(sent(42)).toEqual({ type: 'application/json; charset=utf-8', body: '42' });
    expect(sent(false)).toEqual({ type: 'application/json; charset=utf-8', body: 'false' });
    expect(sent('hello')).toEqual({ type: 'text/plain; charset=utf-8', body: 'hello' });
    expect(sent('<p>hi</p>', 'text/html; charset=utf-8')).toEqual({ type: 'text/html; charset=utf-8', body: '<p>hi</p>' });
    expect(sent(Buffer.from([1, 2, 3]))).toEqual({ type: 'application/octet-stream', body: Buffer.from([1, 2, 3]) });
    expect(sent(new Uint8Array([9]), 'image/png')).toEqual({ type: 'image/png', body: new Uint8Array([9]) });
  });

  test('send(null or undefined): an empty answer', () => {
    for (const body of [null, undefined]) {
      const res = new BufferedResponse();
      res.send(body);
      expect(answer(res)).toEqual({ status: 200, headers: { 'content-length': '0', 'cache-control': NO_STORE } });
    }
  });

  test('send(a stream): read to its end, then the answer is complete', async () => {
    const res = new BufferedResponse();
    res.send(Readable.from([Buffer.from('one,'), Buffer.from('two')]));
    expect(res.writableEnded).toBe(false);
    await new Promise((resolve) => res.once('finish', resolve));
    expect(answer(res)).toMatchObject({ headers: { 'content-type': 'application/octet-stream', 'content-length': '7' }, body: Buffer.from('one,two') });
  });

  test('204 and 304 never carry a body, whatever was sent', () => {
    for (const status of [204, 304]) {
      const res = new BufferedResponse();
      res.status(status).json({ ignored: true });
      const out = answer(res);
      expect(out.body).toBeUndefined();
      expect(out.headers['content-type']).toBeUndefined();
      expect(out.headers['content-length']).toBeUndefined();
    }
    const written = new BufferedResponse();
    written.statusCode = 204;
    written.end('ignored');
    expect(answer(written).body).toBeUndefined();
  });

  test('redirect: 307 by default, or the status given; Location set, the URL as the body', () => {
    const temporary = new BufferedResponse();
    temporary.redirect('/login?next=%2F');
    expect(answer(temporary)).toMatchObject({ status: 307, headers: { location: '/login?next=%2F' }, body: '/login?next=%2F' });
    const permanent = new BufferedResponse();
    permanent.redirect(308, 'https://example.com/');
    expect(answer(permanent)).toMatchObject({ status: 308, headers: { location: 'https://example.com/' } });
  });

  test('redirect with wrong arguments says how to call it', () => {
    expect(() => new BufferedResponse().redirect(301 as never)).toThrow(/res\.redirect takes a URL, or a status and a URL/);
  });

  test('revalidate takes a path starting with "/", and is for API routes only', async () => {
    await expect(new BufferedResponse().revalidate('posts/first')).rejects.toThrow(/starting with "\/"/);
    await expect(new BufferedResponse().revalidate(undefined as never)).rejects.toThrow(/res\.revalidate\('\/posts\/first'\)/);
    await expect(new BufferedResponse().revalidate('/posts/first')).rejects.toThrow(/API routes only/);
    const asked: string[] = [];
    await new BufferedResponse(Infinity, async (path) => void asked.push(path)).revalidate('/posts/first');
    expect(asked).toEqual(['/posts/first']);
  });

  test('setDraftMode records the choice and refuses anything but { enable: boolean }', () => {
    const res = new BufferedResponse();
    expect(res.setDraftMode({ enable: true })).toBe(res);
    expect(res.draftMode).toBe(true);
    expect(() => res.setDraftMode({} as never)).toThrow(/enable: true/);
  });
});

describe('writes: buffered, joined, finished by end()', () => {
  test('string chunks stay text', () => {
    const res = new BufferedResponse();
    res.setHeader('Content-Type', 'text/csv');
    expect(res.write('a,b\n')).toBe(true);
    res.write('1,2\n');
    res.end('3,4\n');
    expect(answer(res)).toMatchObject({ headers: { 'content-type': 'text/csv', 'content-length': '12' }, body: 'a,b\n1,2\n3,4\n' });
  });

  test('bytes and strings mixed become bytes, in order; an encoding argument is honoured', () => {
    const res = new BufferedResponse();
    res.write('ab');
    res.write(new Uint8Array([0x00, 0xff]));
    res.write('6869', 'hex');
    res.end();
    expect(answer(res).body).toEqual(Buffer.from([0x61, 0x62, 0x00, 0xff, 0x68, 0x69]));
  });

  test('callbacks run; finish and close are emitted once', () => {
    const res = new BufferedResponse();
    const events: string[] = [];
    res.on('finish', () => events.push('finish'));
    res.on('close', () => events.push('close'));
    res.write('x', () => events.push('written'));
    res.end(() => events.push('ended'));
    res.end();
    expect(events).toEqual(['written', 'finish', 'close', 'ended']);
  });

  test('a second end() does nothing; write() after end throws as Node does', () => {
    const res = new BufferedResponse();
    res.end('first');
    res.end('second');
    expect(answer(res).body).toBe('first');
    expect(() => res.write('late')).toThrow(expect.objectContaining({ code: 'ERR_STREAM_WRITE_AFTER_END' }));
  });

  test('past the cap, chunks are dropped and the response says it overflowed', () => {
    const res = new BufferedResponse(10);
    res.write('12345');
    expect(res.overflowed).toBe(false);
    res.write('123456');
    res.end('more');
    expect(res.overflowed).toBe(true);
    expect(answer(res).body).toBeUndefined();
  });
});

describe("headers: Node's rules", () => {
  test('names are case-insensitive; getHeaders has no prototype; numbers and lists kept', () => {
    const res = new BufferedResponse();
    expect(res.setHeader('X-Count', 3)).toBe(res);
    res.setHeader('Vary', ['Accept', 'Cookie']);
    expect(res.getHeader('x-count')).toBe(3);
    expect(res.hasHeader('VARY')).toBe(true);
    expect(res.getHeaderNames()).toEqual(['x-count', 'vary']);
    expect(Object.getPrototypeOf(res.getHeaders())).toBeNull();
    res.removeHeader('X-COUNT');
    expect(res.getHeader('x-count')).toBeUndefined();
    res.end();
    expect(answer(res).headers.vary).toBe('Accept, Cookie');
  });

  test('Set-Cookie values become the answer’s cookies, one each; appendHeader adds to them', () => {
    const res = new BufferedResponse();
    res.setHeader('Set-Cookie', 'a=1; Path=/; HttpOnly');
    res.appendHeader('set-cookie', ['b=2', 'c=3']);
    res.end();
    const out = answer(res);
    expect(out.cookies).toEqual(['a=1; Path=/; HttpOnly', 'b=2', 'c=3']);
    expect(out.headers['set-cookie']).toBeUndefined();
  });

  test('getHeader gives Set-Cookie as a list, each cookie once, as the pages router keeps it (one cookie set as a string too)', () => {
    const res = new BufferedResponse();
    res.setHeader('Set-Cookie', 'a=1');
    expect(res.getHeader('set-cookie')).toEqual(['a=1']);
    res.setHeader('set-cookie', ['b=2', 'b=2', 'c=3']);
    expect(res.getHeader('Set-Cookie')).toEqual(['b=2', 'c=3']);
    res.setHeader('X-Other', 'x');
    expect(res.getHeader('x-other')).toBe('x');
  });

  test('writeHead sets the status, a message and headers (object or flat list)', () => {
    const res = new BufferedResponse();
    res.writeHead(202, 'Accepted for later', { 'X-A': '1' });
    expect(res.statusMessage).toBe('Accepted for later');
    res.end();
    expect(answer(res)).toMatchObject({ status: 202, headers: { 'x-a': '1' } });
    const flat = new BufferedResponse();
    flat.writeHead(200, ['X-B', '2', 'X-C', '3']);
    flat.end();
    expect(answer(flat).headers).toMatchObject({ 'x-b': '2', 'x-c': '3' });
  });

  test('no header changes once sent (writeHead, write or end): ERR_HTTP_HEADERS_SENT', () => {
    for (const send of [(r: BufferedResponse) => r.writeHead(200), (r: BufferedResponse) => r.write('x'), (r: BufferedResponse) => r.end()]) {
      const res = new BufferedResponse();
      expect(res.headersSent).toBe(false);
      send(res);
      expect(res.headersSent).toBe(true);
      expect(() => res.setHeader('x-late', '1')).toThrow(expect.objectContaining({ code: 'ERR_HTTP_HEADERS_SENT' }));
      expect(() => res.removeHeader('x-late')).toThrow(/Cannot set headers after they are sent/);
    }
  });

  test('invalid names and values (response splitting) throw, as in Node', () => {
    const res = new BufferedResponse();
    expect(() => res.setHeader('X Bad', '1')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_HTTP_TOKEN' }));
    expect(() => res.setHeader('Location', '/a\r\nSet-Cookie: x=1')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }));
    expect(() => res.setHeader('X-List', ['ok', 'bad\n'])).toThrow(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }));
    expect(() => res.redirect('/a\nb')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }));
    expect(() => res.setHeader('X-Undefined', undefined as never)).toThrow(expect.objectContaining({ code: 'ERR_HTTP_INVALID_HEADER_VALUE' }));
  });
});

describe('the answer', () => {
  test('a content type when the handler set none; Content-Length always ours; Cache-Control no-store unless set', () => {
    const res = new BufferedResponse();
    res.setHeader('Content-Length', '999');
    res.setHeader('Cache-Control', 'public, s-maxage=60');
    res.end(Buffer.from('abc'));
    expect(answer(res).headers).toEqual({ 'content-type': 'application/octet-stream', 'content-length': '3', 'cache-control': 'public, s-maxage=60' });
  });

  test('a status outside 100–599 is a RangeError when the answer is made', () => {
    for (const status of [99, 600, 200.5, NaN]) {
      const res = new BufferedResponse();
      res.status(status).end();
      expect(() => answer(res)).toThrow(RangeError);
    }
  });
});
