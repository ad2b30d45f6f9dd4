/** The `req` of API routes and getServerSideProps: the request's fields and its body as a stream. */
import { text } from 'node:stream/consumers';
import { createApiRequest, createServerRequest, urlOf } from '../../../../lambdas/render/api/api-request';
import { request } from '../memory-app';

const bytes = new Uint8Array([0x00, 0xff, 0x61]);

describe('createApiRequest', () => {
  test('method, url as received, headers, cookies, query and body', () => {
    const core = request('/api/users/7?fields=name', { method: 'PATCH', headers: { cookie: 'session=abc; theme=dark', 'content-type': 'application/json' } });
    const query = Object.assign(Object.create(null), { fields: 'name', id: '7' });
    const req = createApiRequest(core, query, { name: 'Ada' }, bytes);
    expect(req).toMatchObject({ method: 'PATCH', url: '/api/users/7?fields=name', query: { fields: 'name', id: '7' }, body: { name: 'Ada' } });
    expect({ ...req.cookies }).toEqual({ session: 'abc', theme: 'dark' });
    expect(req.headers['content-type']).toBe('application/json');
  });

  test("objects keyed by the client's names have no prototype; the headers are a copy", () => {
    const core = request('/api/x', { headers: JSON.parse('{"__proto__":"h","cookie":"__proto__=c"}') });
    const req = createApiRequest(core, Object.create(null), '', new Uint8Array(0));
    expect(Object.getPrototypeOf(req.headers)).toBeNull();
    expect(Object.getPrototypeOf(req.cookies)).toBeNull();
    expect(Object.getOwnPropertyDescriptor(req.cookies, '__proto__')?.value).toBe('c');
    req.headers.added = 'yes';
    expect(core.headers.added).toBeUndefined();
  });
});

describe('the request as a stream of its body', () => {
  test('for await reads the raw bytes once, byte for byte', async () => {
    const req = createServerRequest(request('/api/raw', { method: 'POST' }), undefined, bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
  });

  test("'data' and 'end' events, and stream consumers, as Node's IncomingMessage", async () => {
    const req = createServerRequest(request('/x', { method: 'POST' }), undefined, new TextEncoder().encode('héllo'));
    const seen: Buffer[] = [];
    await new Promise<void>((resolve) => {
      req.on('data', (chunk: Buffer) => seen.push(chunk));
      req.on('end', resolve);
    });
    expect(Buffer.concat(seen).toString()).toBe('héllo');
    const again = createServerRequest(request('/x', { method: 'POST' }), undefined, new TextEncoder().encode('abc'));
    await expect(text(again)).resolves.toBe('abc');
  });

  test('no body: the stream ends at once', async () => {
    const req = createServerRequest(request('/x'), '', new Uint8Array(0));
    await expect(text(req)).resolves.toBe('');
  });
});

test('urlOf: the path and the query as sent', () => {
  expect(urlOf(request('/api/a%20b?x=1&x=2'))).toBe('/api/a%20b?x=1&x=2');
  expect(urlOf(request('/api'))).toBe('/api');
});
