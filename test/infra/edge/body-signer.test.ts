/**
 * The body signer (Lambda@Edge, origin request): the SHA-256 it states is the one of the raw
 * bytes CloudFront forwards, for every kind of body; it answers 413 where Lambda@Edge cut the
 * body off; and it is the small, dependency-free text the stack uploads inline.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  bodySignerCode, bodySignerSourcePath, isOriginResponse, loadBodySigner, MAX_INLINE_CODE_BYTES, MAX_SIGNED_BODY_BYTES,
  type OriginRequest, type OriginRequestEvent, type OriginRequestResponse,
} from '../../../infra/edge/body-signer';
import { toOriginRequestEvent } from '../../../cli/serve/local-origins';
import { errorTitle } from '../../../web/runtime/shared/errors';

const signer = loadBodySigner();
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** An origin-request event as CloudFront builds it with the body included (base64). */
function event(body: Buffer, options: { method?: string; uri?: string; headers?: Record<string, string>; truncated?: boolean } = {}): OriginRequestEvent {
  const headers: OriginRequest['headers'] = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name] = [{ key: name, value }];
  return {
    Records: [
      {
        cf: {
          config: { distributionDomainName: 'd.cloudfront.net', distributionId: 'E1', eventType: 'origin-request', requestId: 'r' },
          request: {
            clientIp: '192.0.2.1',
            method: options.method ?? 'POST',
            uri: options.uri ?? '/api/echo',
            querystring: '',
            headers,
            body: { inputTruncated: options.truncated ?? false, action: 'read-only', encoding: 'base64', data: body.toString('base64') },
          },
        },
      },
    ],
  };
}

async function signed(e: OriginRequestEvent): Promise<OriginRequest> {
  const result = await signer(e);
  if (isOriginResponse(result)) throw new Error(`expected the request, got ${JSON.stringify(result)}`);
  return result;
}
const hashOf = (request: OriginRequest) => request.headers['x-amz-content-sha256'] ?? [];

const multipart = Buffer.concat([
  Buffer.from('--b0undary\r\nContent-Disposition: form-data; name="file"; filename="bytes.bin"\r\nContent-Type: application/octet-stream\r\n\r\n'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n--b0undary--\r\n'),
]);

describe('the hash it states', () => {
  test.each([
    ['a urlencoded form', Buffer.from('name=Ad%C3%A5&message=hello+world')],
    ['JSON', Buffer.from(JSON.stringify({ a: 1, b: ['ü', '😀'] }))],
    ['multipart with bytes 0-255', multipart],
    ['non-ASCII text', Buffer.from('Grüße, 世界 — ☃\n', 'utf8')],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x80])],
    ['random bytes', randomBytes(64 * 1024)],
  ])('%s: SHA-256 of the raw bytes', async (_label, body) => {
    expect(hashOf(await signed(event(body)))).toEqual([{ key: 'x-amz-content-sha256', value: sha256(body) }]);
  });

  test('an empty body (and a GET) get the hash of nothing', async () => {
    const empty = sha256('');
    expect(hashOf(await signed(event(Buffer.alloc(0))))[0]!.value).toBe(empty);
    expect(hashOf(await signed(event(Buffer.alloc(0), { method: 'GET' })))[0]!.value).toBe(empty);
    const noBody = event(Buffer.alloc(0), { method: 'GET' });
    delete noBody.Records[0].cf.request.body;
    expect(hashOf(await signed(noBody))[0]!.value).toBe(empty);
  });

  test("replaces a viewer's own value, which could name other bytes", async () => {
    const body = Buffer.from('real');
    const request = await signed(event(body, { headers: { 'x-amz-content-sha256': sha256('forged') } }));
    expect(hashOf(request)).toEqual([{ key: 'x-amz-content-sha256', value: sha256(body) }]);
  });

  test('leaves the body read-only (so CloudFront forwards the whole original) and every other header alone', async () => {
    const e = event(Buffer.from('x'), { headers: { 'content-type': 'text/plain', 'x-hub-signature-256': 'sha256=abc' } });
    const before = JSON.parse(JSON.stringify(e.Records[0].cf.request)) as OriginRequest;
    const after = await signed(e);
    expect(after.body).toEqual(before.body);
    const { ['x-amz-content-sha256']: _hash, ...rest } = after.headers;
    expect(rest).toEqual(before.headers);
    expect(after.uri).toBe(before.uri);
    expect(after.method).toBe(before.method);
  });

  test('a body of exactly the limit is hashed whole', async () => {
    const body = randomBytes(MAX_SIGNED_BODY_BYTES);
    expect(hashOf(await signed(event(body)))[0]!.value).toBe(sha256(body));
  });
});

describe('a body Lambda@Edge cut off (over 1 MB)', () => {
  const tooLarge = async (uri: string) => {
    const result = await signer(event(randomBytes(1024), { uri, truncated: true }));
    if (!isOriginResponse(result)) throw new Error('expected a response');
    return result as OriginRequestResponse;
  };

  test('API routes: 413 JSON, the render core\'s own words', async () => {
    const response = await tooLarge('/api/upload');
    expect(response.status).toBe('413');
    expect(response.headers?.['content-type']).toEqual([{ key: 'Content-Type', value: 'application/json' }]);
    expect(response.headers?.['cache-control']).toEqual([{ key: 'Cache-Control', value: 'private, no-store' }]);
    expect(JSON.parse(response.body!)).toEqual({ error: 'Body exceeded 1mb limit' });
  });

  test('pages: an error page titled as the contract titles a 413', async () => {
    const response = await tooLarge('/contact');
    expect(response.status).toBe('413');
    expect(response.headers?.['content-type']?.[0]?.value).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<title>${errorTitle(413)}</title>`);
  });

  test('the local server cuts the body where Lambda@Edge does', () => {
    const at = (length: number) => toOriginRequestEvent({ method: 'POST', url: '/api/x?a=1', headers: { host: 'h' }, body: Buffer.alloc(length, 1) }).Records[0].cf.request;
    expect(at(MAX_SIGNED_BODY_BYTES).body).toMatchObject({ inputTruncated: false, action: 'read-only', encoding: 'base64' });
    const over = at(MAX_SIGNED_BODY_BYTES + 1);
    expect(over.body!.inputTruncated).toBe(true);
    expect(Buffer.from(over.body!.data, 'base64').length).toBe(MAX_SIGNED_BODY_BYTES);
    expect(over.querystring).toBe('a=1');
    expect(over.uri).toBe('/api/x');
  });
});

describe('source and limits', () => {
  const source = readFileSync(bodySignerSourcePath(), 'utf8');

  test('fits inline Lambda code without its comments, and that is what the stack uploads', () => {
    const code = bodySignerCode();
    expect(Buffer.byteLength(code)).toBeLessThan(MAX_INLINE_CODE_BYTES);
    expect(code).not.toMatch(/^\s*\/\//m);
    expect(code).toContain('exports.handler');
  });

  test('CommonJS with one built-in module and no environment (Lambda@Edge has none)', () => {
    expect([...source.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1])).toEqual(['crypto']);
    expect(source).not.toMatch(/process\.env|\bimport\s|\bexport\s/);
  });

  test('refuses code over the inline limit', () => {
    expect(() => bodySignerCode(`exports.handler = 1;\n${'x'.repeat(MAX_INLINE_CODE_BYTES)}`)).toThrow(/inline Lambda code allows 4096/);
  });
});
