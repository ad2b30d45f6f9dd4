/**
 * Request bodies through the local server as they go through CloudFront: the edge function
 * lets each path kind's methods through, the body signer (the Lambda@Edge code) states each
 * body's SHA-256, and origin access control's check refuses a body without it, as Lambda
 * does. Against `stratus start` on test/fixtures/apps/transport (a static page, a
 * getStaticProps page, a getServerSideProps form, API routes, a public file), over HTTP:
 * every method on every path kind, bodies of each type arriving byte for byte, the 1 MB
 * limit, a webhook whose HMAC covers the raw bytes, and what happens without the signer.
 */
import { createHash, createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ALL_METHODS } from '../../../contract/edge-behaviours';
import { MAX_SIGNED_BODY_BYTES } from '../../../infra/edge/body-signer';
import { localBodySigner, localEdgeStep } from '../../../cli/serve/local-origins';
import { SIGNATURE_MISMATCH_MESSAGE } from '../../../cli/serve/origin-access';
import { startServer, type OriginRequestStep } from '../../../cli/serve/server';
import { FIXTURES } from '../../helpers/build-app';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { WEBHOOK_SECRET } from '../../fixtures/apps/transport/pages/api/webhook';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(base: string, method: string, url: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = body === undefined ? undefined : Buffer.from(body);
    const all = bytes === undefined ? headers : { ...headers, 'content-length': String(bytes.length) };
    const req = request(base + url, { method, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(bytes);
  });
}
const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let server: LocalServer;
const http = (method: string, url: string, headers?: Record<string, string>, body?: Buffer | string) => send(server.base, method, url, headers, body);

beforeAll(async () => {
  server = await startLocalServer(path.join(FIXTURES, 'apps', 'transport'));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('every method on every path kind', () => {
  // What each path answers; CloudFront's own 403 where the behaviour allows GET and HEAD only
  // (the bucket), the edge's 405 on the image path and on page data (the site has API routes,
  // so its page data goes to the render function: contract/edge-behaviours.ts, edgeRoutingOf),
  // the render core's 405 on a static page (the site has a getServerSideProps page, so page
  // paths take bodies at the edge).
  const kinds = () => {
    const script = server.manifest.entryScripts[0]!;
    return [
      { kind: 'static page', url: '/', read: 200, other: 405, allow: 'GET, HEAD' },
      { kind: 'getServerSideProps page', url: '/contact', read: 200, other: 200 },
      { kind: 'API route', url: '/api/echo', read: 200, other: 200 },
      { kind: 'page data', url: `/_app/data/${server.manifest.buildId}/note.json`, read: 200, other: 405, allow: 'GET, HEAD' },
      { kind: 'image', url: '/_app/image?url=/robots.txt&w=640', read: 400, other: 405, allow: 'GET, HEAD' },
      { kind: 'public file', url: '/robots.txt', read: 200, other: 403 },
      { kind: 'hashed static file', url: script, read: 200, other: 403 },
    ];
  };

  test.each([...ALL_METHODS])('%s', async (method) => {
    for (const { kind, url, read, other, allow } of kinds()) {
      const body = method === 'GET' || method === 'HEAD' ? undefined : 'a=1';
      const answer = await http(method, url, body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}, body);
      const expected = method === 'GET' || method === 'HEAD' ? read : other;
      expect({ kind, method, status: answer.status }).toEqual({ kind, method, status: expected });
      if (answer.status === 405) expect({ kind, allow: answer.headers.allow }).toEqual({ kind, allow });
      if (method === 'HEAD') expect(answer.body.length).toBe(0);
    }
  });

  test('a GET with a body is refused with 403, as CloudFront refuses it', async () => {
    for (const url of ['/api/echo', '/contact', '/robots.txt']) {
      expect({ url, status: (await http('GET', url, { 'content-type': 'text/plain' }, 'x')).status }).toEqual({ url, status: 403 });
    }
  });

  test('an unknown API path is the core\'s JSON 404 for every method, never a page', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await http(method, '/api/nope', {}, method === 'GET' ? undefined : 'x');
      expect({ method, status: answer.status, type: answer.headers['content-type'] }).toEqual({ method, status: 404, type: expect.stringMatching(/^application\/json/) });
    }
  });
});

describe('bodies arrive byte for byte', () => {
  const multipart = (parts: Buffer) =>
    Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="caption"\r\n\r\nbytes 0-255 ☃\r\n'),
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="all-bytes.bin"\r\nContent-Type: application/octet-stream\r\n\r\n'),
      parts,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
  const allBytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

  test.each([
    ['a urlencoded form', 'application/x-www-form-urlencoded', Buffer.from('name=Ad%C3%A5&message=caf%C3%A9+%E2%98%83&empty=')],
    ['JSON', 'application/json', Buffer.from(JSON.stringify({ id: 7, tags: ['ü', '😀'], nested: { ok: true } }))],
    ['multipart with a binary file (bytes 0-255)', 'multipart/form-data; boundary=XyZ', multipart(allBytes)],
    ['text with non-ASCII', 'text/plain; charset=utf-8', Buffer.from('Grüße aus Zürich — 東京 ☃\r\n', 'utf8')],
    ['bytes that are not UTF-8, labelled text', 'text/plain', Buffer.from([0xc3, 0x28, 0xff, 0x00, 0xe2, 0x82])],
    ['an empty body', 'application/octet-stream', Buffer.alloc(0)],
  ])('%s', async (_label, type, body) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await http(method, '/api/echo', { 'content-type': type }, body);
      expect(answer.status).toBe(200);
      expect(json(answer)).toMatchObject({ method, contentType: type, length: body.length, sha256: sha256(body), base64: body.toString('base64') });
    }
  });

  test('a plain form with JavaScript off posts to its own getServerSideProps page', async () => {
    const answer = await http('POST', '/contact', { 'content-type': 'application/x-www-form-urlencoded', origin: server.base }, 'name=Ad%C3%A5&message=caf%C3%A9+%E2%98%83');
    expect(answer.status).toBe(200);
    expect(answer.body.toString('utf8')).toMatch(/<p id="thanks">Thanks, <!-- -->Adå<!-- -->: <!-- -->café ☃<\/p>/);
  });

  test('fetch from the page: JSON and a urlencoded body, parsed by type', async () => {
    const posted = await http('POST', '/api/form', { 'content-type': 'application/json', origin: server.base, 'sec-fetch-mode': 'cors' }, JSON.stringify({ q: 'naïve', n: [1, 2] }));
    expect(json(posted)).toEqual({ method: 'POST', body: { q: 'naïve', n: [1, 2] } });
    const form = await http('PATCH', '/api/form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&a=2&b=%E2%98%83');
    expect(json(form)).toEqual({ method: 'PATCH', body: { a: ['1', '2'], b: '☃' } });
  });

  test('an upload up to the documented 1 MB goes through whole; one byte more is refused at the edge', async () => {
    const envelope = multipart(Buffer.alloc(0)).length;
    const file = Buffer.alloc(MAX_SIGNED_BODY_BYTES - envelope, 0xa5);
    file[0] = 0;
    file[file.length - 1] = 0xff;
    const atLimit = multipart(file);
    expect(atLimit.length).toBe(MAX_SIGNED_BODY_BYTES);
    const ok = await http('POST', '/api/echo', { 'content-type': 'multipart/form-data; boundary=XyZ' }, atLimit);
    expect(json(ok)).toMatchObject({ length: atLimit.length, sha256: sha256(atLimit) });

    const over = await http('POST', '/api/echo', { 'content-type': 'multipart/form-data; boundary=XyZ' }, multipart(Buffer.concat([file, Buffer.from([1])])));
    expect(over.status).toBe(413);
    expect(json(over)).toEqual({ error: 'Body exceeded 1mb limit' });
    const page = await http('POST', '/contact', { 'content-type': 'application/x-www-form-urlencoded' }, Buffer.alloc(MAX_SIGNED_BODY_BYTES + 1, 0x61));
    expect(page.status).toBe(413);
    expect(page.body.toString('utf8')).toContain('<title>413: An unexpected error has occurred</title>');
  });

  test("a viewer's Authorization never reaches a handler: origin access control signs in its place", async () => {
    const answer = await http('POST', '/api/echo', { authorization: 'Bearer secret-token', 'content-type': 'text/plain' }, 'x');
    expect(json(answer).authorization).toBeNull();
  });
});

describe('a server-to-server webhook signed over the raw bytes', () => {
  const event = Buffer.from(JSON.stringify({ type: 'invoice.paid', amount: 4200, note: 'naïve ☃', padding: ' \t\r\n' }));
  const signature = (bytes: Buffer) => `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(bytes).digest('hex')}`;
  const headers = (bytes: Buffer) => ({ 'content-type': 'application/json', 'user-agent': 'Webhook-Sender/1.0', 'x-signature-256': signature(bytes) });

  test('verifies: the handler computes the same HMAC over what arrived', async () => {
    const answer = await http('POST', '/api/webhook', headers(event), event);
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({ verified: true, event: 'invoice.paid' });
  });

  test('a byte changed on the way, or no signature, is refused by the handler', async () => {
    const tampered = Buffer.from(event);
    tampered[tampered.length - 3] = 0x20;
    expect((await http('POST', '/api/webhook', headers(event), tampered)).status).toBe(401);
    expect((await http('POST', '/api/webhook', { 'content-type': 'application/json' }, event)).status).toBe(401);
  });
});

describe('the mechanism, not a shortcut: without the signer a body is refused as Lambda refuses it', () => {
  let bare: Awaited<ReturnType<typeof startServer>> | undefined;
  const through = async (originRequest: OriginRequestStep | undefined, method: string, url: string, body?: string) => {
    await bare?.close();
    bare = await startServer({ outDir: server.outDir, port: 0, edge: localEdgeStep(server.manifest), originRequest });
    return send(bare.url, method, url, body === undefined ? {} : { 'content-type': 'text/plain' }, body);
  };
  afterAll(async () => {
    await bare?.close();
  });

  test('no signer: a body gets 403 InvalidSignatureException; GET and an empty POST pass', async () => {
    const refused = await through(undefined, 'POST', '/api/echo', 'hello');
    expect(refused.status).toBe(403);
    expect(refused.headers['x-amzn-errortype']).toBe('InvalidSignatureException');
    expect(json(refused)).toEqual({ message: SIGNATURE_MISMATCH_MESSAGE });
    expect((await through(undefined, 'GET', '/api/echo')).status).toBe(200);
    expect((await through(undefined, 'POST', '/api/echo', '')).status).toBe(200);
  });

  test('a signer that hashes other bytes: 403 too', async () => {
    const real = localBodySigner();
    const lying: OriginRequestStep = async (req) => {
      const signed = await real({ ...req, body: Buffer.from('other bytes') });
      return 'request' in signed ? { request: { ...signed.request, body: req.body } } : signed;
    };
    expect((await through(lying, 'PUT', '/api/echo', 'hello')).status).toBe(403);
    expect((await through(localBodySigner(), 'PUT', '/api/echo', 'hello')).status).toBe(200);
  });
});

describe('pageBodies: false: pages keep to GET and HEAD, API routes still take bodies', () => {
  let getOnly: LocalServer;
  let appDir: string;
  beforeAll(async () => {
    appDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-page-bodies-'));
    cpSync(path.join(FIXTURES, 'apps', 'transport'), appDir, { recursive: true });
    writeFileSync(path.join(appDir, 'stratus.config.ts'), 'export default { pageBodies: false };\n');
    getOnly = await startLocalServer(appDir);
  }, 120_000);
  afterAll(async () => {
    await getOnly?.stop();
    rmSync(appDir, { recursive: true, force: true });
  });

  test('a form posted to a getServerSideProps page is 405 at the edge; the page still answers GET; /api takes the body', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const posted = await send(getOnly.base, 'POST', '/contact', form, 'name=A&message=b');
    expect(posted.status).toBe(405);
    expect(posted.headers.allow).toBe('GET, HEAD');
    expect((await send(getOnly.base, 'GET', '/contact')).status).toBe(200);
    const api = await send(getOnly.base, 'POST', '/api/echo', { 'content-type': 'text/plain' }, 'hello');
    expect(api.status).toBe(200);
    expect(json(api)).toMatchObject({ method: 'POST', sha256: sha256(Buffer.from('hello')) });
    // The build says which it is, and what the default costs in AWS.
    expect(getOnly.output()).toContain('Server pages take GET and HEAD only (pageBodies: false).');
    expect(server.output()).toContain('Server pages take request bodies, so in AWS the body signer (Lambda@Edge) runs on every');
  });
});
