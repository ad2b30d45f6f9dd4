import fs from 'node:fs';
import { createFunctionUrlHandler, exceedsPayloadLimit, RESPONSE_PAYLOAD_LIMIT, toCoreRequest, toResult } from '../../../lambdas/shared/function-url';
import { fromWebResponse } from '../../../lambdas/shared/http';
import { viewerOrigin } from '../../../lambdas/shared/viewer-host';
import { setLogSink } from '../../../lambdas/shared/log';
import { functionUrlEvent } from '../../helpers/function-url-event';

describe('toCoreRequest', () => {
  test('path and query as sent, lower-case headers, cookies joined into one header', () => {
    const req = toCoreRequest(functionUrlEvent('/posts/a%20b?x=1&x=2', { headers: { 'X-Test': 'yes' }, cookies: ['a=1', 'b=2'] }));
    expect(req).toMatchObject({ method: 'GET', path: '/posts/a%20b', rawQuery: 'x=1&x=2' });
    expect(req.headers['x-test']).toBe('yes');
    expect(req.headers.cookie).toBe('a=1; b=2');
    expect(req.body).toBeUndefined();
  });

  test("header names are the client's: a __proto__ header stays a plain key", () => {
    const req = toCoreRequest(functionUrlEvent('/', { headers: JSON.parse('{"__proto__":"x","constructor":"y"}') }));
    expect(Object.getPrototypeOf(req.headers)).toBeNull();
    expect(Object.getOwnPropertyDescriptor(req.headers, '__proto__')?.value).toBe('x');
    expect(req.headers.constructor).toBe('y');
  });

  test('text bodies arrive as their UTF-8 bytes; GET and HEAD bodies are dropped', () => {
    const post = toCoreRequest(functionUrlEvent('/api/x', { method: 'POST', body: '{"a":"é"}' }));
    expect(Buffer.from(post.body!).toString('utf8')).toBe('{"a":"é"}');
    expect(toCoreRequest(functionUrlEvent('/api/x', { method: 'GET', body: 'ignored' })).body).toBeUndefined();
    expect(toCoreRequest(functionUrlEvent('/api/x', { method: 'HEAD', body: 'ignored' })).body).toBeUndefined();
  });

  test("the stack's signature headers are Lambda's alone: the app sees the viewer's headers and CloudFront's", () => {
    const signed = toCoreRequest(functionUrlEvent('/api/x', {
      method: 'POST',
      body: 'a',
      headers: {
        'x-amz-content-sha256': 'ca978112ca1bbdcafac231b39a23dc4da786eff8147bb4b94f4a6b0c4da2fdc9',
        'X-Amz-Date': '20261127T100000Z',
        'x-amz-security-token': 'token',
        authorization: 'AWS4-HMAC-SHA256 Credential=AKIA/20261127/eu-west-1/lambda/aws4_request, SignedHeaders=host, Signature=abc',
        'x-amz-cf-id': 'cf-1',
        'x-forwarded-for': '203.0.113.9',
        'x-amz-custom': 'kept',
      },
    }));
    for (const name of ['x-amz-content-sha256', 'x-amz-date', 'x-amz-security-token', 'authorization']) expect(signed.headers[name]).toBeUndefined();
    expect(signed.headers).toMatchObject({ 'x-amz-cf-id': 'cf-1', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-amz-custom': 'kept' });
    // Any other Authorization is not origin access control's: it stays.
    expect(toCoreRequest(functionUrlEvent('/', { headers: { authorization: 'Bearer t' } })).headers.authorization).toBe('Bearer t');
  });

  test('base64 bodies are decoded', () => {
    const req = toCoreRequest(functionUrlEvent('/', { method: 'POST', body: Buffer.from('héllo').toString('base64'), isBase64Encoded: true }));
    expect(Buffer.from(req.body!).toString('utf8')).toBe('héllo');
  });
});

describe('toResult', () => {
  test('text bodies and cookies pass through', () => {
    const result = toResult({ status: 201, headers: { 'content-type': 'text/html' }, cookies: ['a=1; Path=/'], body: '<p>hi</p>' }, 'GET');
    expect(result).toEqual({ statusCode: 201, headers: { 'content-type': 'text/html' }, cookies: ['a=1; Path=/'], body: '<p>hi</p>', isBase64Encoded: false });
  });

  test('binary bodies are base64', () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0x00]);
    const result = toResult({ status: 200, headers: { 'content-type': 'image/jpeg' }, body: bytes }, 'GET');
    expect(result.isBase64Encoded).toBe(true);
    expect([...Buffer.from(result.body!, 'base64')]).toEqual([...bytes]);
  });

  test('HEAD drops the body', () => {
    expect(toResult({ status: 200, headers: {}, body: 'x' }, 'HEAD').body).toBeUndefined();
  });

  test("HEAD keeps the core's headers, Content-Length of the GET included", () => {
    const result = toResult({ status: 200, headers: { 'content-type': 'text/html', 'content-length': '9' }, body: '<p>hi</p>' }, 'HEAD');
    expect(result).toEqual({ statusCode: 200, headers: { 'content-type': 'text/html', 'content-length': '9' } });
  });
});

describe('web answers', () => {
  test("the viewer's host from the edge wins over the function URL's", () => {
    expect(viewerOrigin(toCoreRequest(functionUrlEvent('/a?b=1', { headers: { 'x-forwarded-host': 'www.example.com' } })))).toBe('https://www.example.com');
  });

  test('set-cookie headers become cookies; text stays a string, images become bytes', async () => {
    const headers = new Headers({ 'content-type': 'text/plain' });
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    expect(await fromWebResponse(new Response('hi', { headers }))).toEqual({ status: 200, headers: { 'content-type': 'text/plain' }, cookies: ['a=1', 'b=2'], body: 'hi' });
    const image = await fromWebResponse(new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'image/png' } }));
    expect(image.body).toEqual(new Uint8Array([1, 2]));
  });
});

test('a core that throws becomes a bare 500, logged, never thrown to Lambda', async () => {
  const lines: string[] = [];
  const restore = setLogSink((l) => lines.push(l));
  try {
    const handler = createFunctionUrlHandler(async () => {
      throw new Error('secret internals');
    });
    const result = await handler(functionUrlEvent('/x', { headers: { 'x-amz-cf-id': 'cf-1' } }), { awsRequestId: 'aws-1' });
    expect(result.statusCode).toBe(500);
    expect(result.body).toBe('Internal Server Error');
    const logged = JSON.parse(lines[0]!);
    expect(logged).toMatchObject({ level: 'ERROR', requestId: 'aws-1', cfId: 'cf-1', error: 'secret internals' });
  } finally {
    setLogSink(restore);
  }
});

test('HEAD to a core that throws: the bare 500 without a body', async () => {
  const restore = setLogSink(() => undefined);
  try {
    const handler = createFunctionUrlHandler(async () => {
      throw new Error('down');
    });
    const result = await handler(functionUrlEvent('/x', { method: 'HEAD' }));
    expect(result.statusCode).toBe(500);
    expect(result.body).toBeUndefined();
    expect(result.headers!['content-length']).toBe('21');
  } finally {
    setLogSink(restore);
  }
});

describe("Lambda's 6 MB response payload", () => {
  const text = (length: number) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'a'.repeat(length) });

  test('small answers are cleared without serialising; HEAD never counts its body', () => {
    expect(RESPONSE_PAYLOAD_LIMIT).toBe(6 * 1024 * 1024);
    expect(exceedsPayloadLimit(text(1000), 'GET')).toBe(false);
    expect(exceedsPayloadLimit(text(RESPONSE_PAYLOAD_LIMIT + 1), 'HEAD')).toBe(false);
    expect(exceedsPayloadLimit({ status: 204, headers: {} }, 'GET')).toBe(false);
  });

  test('text counts as sent: its bytes, JSON escapes included', () => {
    expect(exceedsPayloadLimit(text(RESPONSE_PAYLOAD_LIMIT - 1000), 'GET')).toBe(false);
    expect(exceedsPayloadLimit(text(RESPONSE_PAYLOAD_LIMIT + 1), 'GET')).toBe(true);
    // Quotes are escaped in the JSON Lambda returns: 4 MB of them are 8 MB on the wire.
    expect(exceedsPayloadLimit({ status: 200, headers: {}, body: '"'.repeat(4 * 1024 * 1024) }, 'GET')).toBe(true);
  });

  test('bytes count base64-encoded: 4.5 MB of them fill 6 MB', () => {
    expect(exceedsPayloadLimit({ status: 200, headers: {}, body: new Uint8Array(4.4 * 1024 * 1024) }, 'GET')).toBe(false);
    expect(exceedsPayloadLimit({ status: 200, headers: {}, body: new Uint8Array(4.6 * 1024 * 1024) }, 'GET')).toBe(true);
  });

  test('an answer over it becomes a bare 500 with an ERROR line saying why, never a failed invocation', async () => {
    const lines: string[] = [];
    const restore = setLogSink((l) => lines.push(l));
    try {
      const handler = createFunctionUrlHandler(async () => text(RESPONSE_PAYLOAD_LIMIT + 1));
      const result = await handler(functionUrlEvent('/big'));
      expect(result.statusCode).toBe(500);
      expect(result.body).toBe('Internal Server Error');
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'ERROR', path: '/big', status: 200, error: expect.stringContaining('payload limit') });
    } finally {
      setLogSink(restore);
    }
  });
});

test("in Lambda the request's log lines are written before the handler answers (the instance may freeze right after)", async () => {
  const writes: string[] = [];
  // In Lambda the logger writes to file descriptor 1 itself (lambdas/shared/log.ts).
  const spy = jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, text: string) => {
    if (fd === 1) writes.push(text);
    return Buffer.byteLength(text);
  }) as typeof fs.writeSync);
  const previous = process.env.AWS_LAMBDA_FUNCTION_NAME;
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'render';
  try {
    let inLambda: typeof import('../../../lambdas/shared/function-url') | undefined;
    let logModule: typeof import('../../../lambdas/shared/log') | undefined;
    jest.isolateModules(() => {
      inLambda = require('../../../lambdas/shared/function-url');
      logModule = require('../../../lambdas/shared/log');
    });
    const handler = inLambda!.createFunctionUrlHandler(async () => {
      logModule!.log({ msg: 'request', path: '/' });
      return { status: 200, headers: {}, body: 'ok' };
    });
    const result = await handler(functionUrlEvent('/'));
    expect(result.statusCode).toBe(200);
    expect(writes.join('')).toContain('"msg":"request"');
  } finally {
    if (previous === undefined) delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    else process.env.AWS_LAMBDA_FUNCTION_NAME = previous;
    spy.mockRestore();
  }
});
