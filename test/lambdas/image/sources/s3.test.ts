/**
 * The S3 source through the real AWS SDK against s3rver, an S3-compatible server the test
 * starts on 127.0.0.1; and the Lambda entry (index.ts) end to end on the same server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { createImageCore } from '../../../../lambdas/image/image-core';
import { bytesOf, imageRequest, textOf } from '../core-request';
import { getSharp } from '../../../../lambdas/image/sharp';
import { createS3Source } from '../../../../lambdas/image/sources/s3';
import { setLogSink, type LogSink } from '../../../../lambdas/shared/log';
import { resolveConfig } from '../../../../contract/config-schema';
import { MANIFEST_VERSION, type Manifest } from '../../../../contract/manifest';
import { makeJpeg } from '../../../fixtures/images/fixtures';

// s3rver ships no types; this is the part the test uses.
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

const BUCKET = 'stratus-assets';
let server: S3rverInstance;
let dataDir: string;
let endpoint: string;
let client: S3Client;
let jpeg: Buffer;
let restoreSink: LogSink;

beforeAll(async () => {
  restoreSink = setLogSink(() => undefined);
  dataDir = mkdtempSync(join(tmpdir(), 'stratus-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dataDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  jpeg = await makeJpeg(1200, 800);
  await client.send(
    new PutObjectCommand({ Bucket: BUCKET, Key: 'photos/big.jpg', Body: jpeg, ContentType: 'image/jpeg' }),
  );
  await client.send(
    new PutObjectCommand({
      Bucket: BUCKET,
      Key: '_app/static/media/hero.abc123.jpg',
      Body: jpeg,
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
});

afterAll(async () => {
  client?.destroy();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  setLogSink(restoreSink);
});

function s3Core(maxInputBytes?: number) {
  return createImageCore({
    config: resolveConfig().images,
    source: createS3Source({ client, bucket: BUCKET, maxInputBytes }),
  });
}

describe('S3 source', () => {
  it('loads an object and resizes it', async () => {
    const response = await s3Core()(
      imageRequest('url=%2Fphotos%2Fbig.jpg&w=640', { accept: 'image/webp' }),
      { requestId: 'r' },
    );
    expect(response.status).toBe(200);
    const meta = await getSharp()(bytesOf(response)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640 });
    expect(response.headers['cache-control']).toBe('public, max-age=14400, must-revalidate');
  });

  it("keeps the object's own longer max-age", async () => {
    const response = await s3Core()(imageRequest('url=/_app/static/media/hero.abc123.jpg&w=640'), {
      requestId: 'r',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, must-revalidate');
  });

  it('answers 404 for a missing key', async () => {
    const response = await s3Core()(imageRequest('url=/photos/missing.jpg&w=640'), { requestId: 'r' });
    expect(response.status).toBe(404);
  });

  it('refuses an object over the byte limit from its length', async () => {
    const response = await s3Core(1000)(imageRequest('url=/photos/big.jpg&w=640'), { requestId: 'r' });
    expect(response.status).toBe(400);
    expect(textOf(response)).toBe(`The requested resource is too large: ${jpeg.byteLength} bytes, the limit is 1000 bytes.`);
  });
});

describe('Lambda entry (index.ts)', () => {
  const saved = { ...process.env };
  let outDir: string;

  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'stratus-image-lambda-'));
    // The smallest manifest the checked reader takes: the image function reads only its config.
    const manifest: Manifest = {
      version: MANIFEST_VERSION, buildId: 'b1', config: resolveConfig(), routes: [], entryScripts: [], errorScripts: {}, styles: [], publicFiles: [], s3CacheControl: [],
    };
    writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest));
    Object.assign(process.env, {
      STRATUS_MANIFEST: join(outDir, 'manifest.json'),
      STRATUS_BUCKET: BUCKET,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });

  afterAll(() => {
    process.env = saved;
    rmSync(outDir, { recursive: true, force: true });
  });

  it('answers a Function URL event with a base64 image from the bucket', async () => {
    const { handler } = require('../../../../lambdas/image/entry') as typeof import('../../../../lambdas/image/entry');
    const event = {
      version: '2.0',
      rawPath: '/_app/image',
      rawQueryString: 'url=%2Fphotos%2Fbig.jpg&w=640&q=75',
      headers: { host: 'example.cloudfront.net', accept: 'image/webp', 'x-amz-cf-id': 'cf-123' },
      requestContext: { requestId: 'req-9', domainName: 'abc.lambda-url.us-east-1.on.aws', http: { method: 'GET' } },
      isBase64Encoded: false,
    } as unknown as LambdaFunctionURLEvent;
    const result = await handler(event);
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers?.['content-type']).toBe('image/webp');
    const meta = await getSharp()(Buffer.from(result.body!, 'base64')).metadata();
    expect(meta.width).toBe(640);
  });
});
