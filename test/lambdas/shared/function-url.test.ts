import { createFunctionUrlHandler, toRequest, toResult } from '../../../lambdas/shared/function-url';
import { setLogSink } from '../../../lambdas/shared/log';
import { functionUrlEvent } from '../../helpers/function-url-event';

describe('toRequest', () => {
  test('path, raw query, headers and cookies become a Request', () => {
    const req = toRequest(functionUrlEvent('/posts/a%20b?x=1&x=2', { headers: { 'X-Test': 'yes' }, cookies: ['a=1', 'b=2'] }));
    expect(req.url).toBe('https://abc123.lambda-url.eu-west-1.on.aws/posts/a%20b?x=1&x=2');
    expect(req.headers.get('x-test')).toBe('yes');
    expect(req.headers.get('cookie')).toBe('a=1; b=2');
    expect(req.method).toBe('GET');
  });

  test("the viewer's host from the edge wins over the function URL's", () => {
    const req = toRequest(functionUrlEvent('/', { headers: { 'x-forwarded-host': 'www.example.com' } }));
    expect(new URL(req.url).host).toBe('www.example.com');
  });

  test('base64 bodies are decoded', async () => {
    const req = toRequest(functionUrlEvent('/', { method: 'POST', body: Buffer.from('héllo').toString('base64'), isBase64Encoded: true }));
    expect(await req.text()).toBe('héllo');
  });
});

describe('toResult', () => {
  test('set-cookie headers become the cookies array', async () => {
    const headers = new Headers({ 'content-type': 'text/html' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    const result = await toResult(new Response('<p>hi</p>', { status: 201, headers }), 'GET');
    expect(result).toEqual({ statusCode: 201, headers: { 'content-type': 'text/html' }, cookies: ['a=1; Path=/', 'b=2; Path=/'], body: '<p>hi</p>', isBase64Encoded: false });
  });

  test('binary bodies are base64', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00]);
    const result = await toResult(new Response(bytes, { headers: { 'content-type': 'image/jpeg' } }), 'GET');
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body!, 'base64')).toEqual(bytes);
  });

  test('HEAD drops the body', async () => {
    const result = await toResult(new Response('x', { headers: { 'content-type': 'text/plain' } }), 'HEAD');
    expect(result.body).toBeUndefined();
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
