import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalImageCore } from '../../../lambdas/image/local';
import { createFunctionUrlHandler } from '../../../lambdas/shared/function-url';
import { setLogSink, type LogSink } from '../../../lambdas/shared/log';
import { resolveConfig } from '../../../contract/config-schema';
import { makeJpeg } from '../../fixtures/images/fixtures';
import type { LambdaFunctionURLEvent } from 'aws-lambda';

let assetsDir: string;
let restoreSink: LogSink;

beforeAll(async () => {
  restoreSink = setLogSink(() => undefined);
  assetsDir = mkdtempSync(join(tmpdir(), 'stratus-local-image-'));
  mkdirSync(join(assetsDir, '_app', 'static', 'media'), { recursive: true });
  writeFileSync(join(assetsDir, '_app', 'static', 'media', 'hero.1a2b3c4d.jpg'), await makeJpeg(1000, 500));
});

afterAll(() => {
  rmSync(assetsDir, { recursive: true, force: true });
  setLogSink(restoreSink);
});

describe('createLocalImageCore', () => {
  it('serves images from the asset folder through the same Function URL adapter as Lambda', async () => {
    const handler = createFunctionUrlHandler(createLocalImageCore(assetsDir, resolveConfig({ images: { qualities: [60, 75] } }).images));
    const event = (method: string) => ({
      rawPath: '/_app/image',
      rawQueryString: 'url=%2F_app%2Fstatic%2Fmedia%2Fhero.1a2b3c4d.jpg&w=828&q=60',
      headers: { host: 'localhost:3000', accept: 'image/webp' },
      requestContext: { requestId: 'local-1', domainName: 'localhost', http: { method } },
    }) as unknown as LambdaFunctionURLEvent;
    const result = await handler(event('GET'));
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-disposition': 'inline; filename="hero.1a2b3c4d.webp"',
    });
    expect(result.isBase64Encoded).toBe(true);
    const bytes = Buffer.from(result.body!, 'base64');
    expect(result.headers!['content-length']).toBe(String(bytes.length));
    // HEAD: the GET's headers, Content-Length included, and no body.
    const head = await handler(event('HEAD'));
    expect(head.statusCode).toBe(200);
    expect(head.headers).toEqual(result.headers);
    expect(head.body).toBeUndefined();
  });
});
