/**
 * The render core's own API-route fixture (test/fixtures/apps/api) through `stratus start`:
 * what it proves in memory holds through the edge function, the body signer and the origin
 * access check too. The transport itself is tested in bodies.test.ts.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import path from 'node:path';
import { FIXTURES } from '../../helpers/build-app';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer(path.join(FIXTURES, 'apps', 'api'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

function http(method: string, url: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const bytes = body === undefined ? undefined : Buffer.from(body);
    const req = request(server.base + url, { method, headers: bytes ? { ...headers, 'content-length': String(bytes.length) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

test('API routes answer every method with their own answer, bodies parsed or raw', async () => {
  const json = { name: 'Ada', tags: ['ü'] };
  const put = await http('PUT', '/api/users/7', { 'content-type': 'application/json' }, JSON.stringify(json));
  expect(put.status).toBe(200);
  expect(JSON.parse(put.body)).toMatchObject({ route: 'dynamic', body: json });
  expect((await http('DELETE', '/api/users/7')).status).toBe(204);
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const raw = await http('POST', '/api/raw', { 'content-type': 'application/octet-stream' }, bytes);
  expect(JSON.parse(raw.body)).toEqual({ length: 256, sha256: createHash('sha256').update(bytes).digest('hex') });
  const contact = await http('PATCH', '/api/contact', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&b=%E2%98%83');
  expect(JSON.parse(contact.body)).toEqual({ received: { a: '1', b: '☃' }, method: 'PATCH' });
});

test('a form posted to its getServerSideProps page, and the static page beside it', async () => {
  const posted = await http('POST', '/contact', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=Ad%C3%A5');
  expect(posted.status).toBe(200);
  expect(posted.body).toContain('Thanks, <!-- -->Adå');
  expect(posted.headers['set-cookie']).toEqual(['contacted=1; Path=/; HttpOnly']);
  const refused = await http('POST', '/', { 'content-type': 'text/plain' }, 'x');
  expect({ status: refused.status, allow: refused.headers.allow }).toEqual({ status: 405, allow: 'GET, HEAD' });
});

test('/api is never localized, and page data stays GET and HEAD', async () => {
  expect((await http('POST', '/fr/api/hello', { 'content-type': 'text/plain' }, 'x')).status).toBe(404);
  // An app with API routes sends page data to the render function; the edge answers other methods 405 with Allow.
  const data = await http('POST', `/_app/data/${server.manifest.buildId}/contact.json`, { 'content-type': 'text/plain' }, 'x');
  expect([data.status, data.headers.allow]).toEqual([405, 'GET, HEAD']);
});
