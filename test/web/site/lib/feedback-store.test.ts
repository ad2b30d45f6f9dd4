/**
 * The sample site's store: the S3 one against a real S3 protocol server (s3rver), through
 * the site's built API route as in Lambda; and the local folder `npm start` uses.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { fileStore, submissionStore } from '../../../../web/site/lib/feedback-store';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { functionUrlEvent } from '../../../helpers/function-url-event';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

const BUCKET = 'site-assets';
const PREFIX = '_data/submissions/';
const ENV_KEYS = ['STRATUS_BUCKET', 'STRATUS_STORE_PREFIX', 'STRATUS_S3_ENDPOINT', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let server: S3rverInstance;
let dataDir: string;
let client: S3Client;
let site: BuiltApp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stratus-site-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    STRATUS_BUCKET: BUCKET, STRATUS_STORE_PREFIX: PREFIX, STRATUS_S3_ENDPOINT: endpoint,
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  site = await buildApp(path.resolve(__dirname, '../../../../web/site'));
});
afterAll(async () => {
  for (const key of ENV_KEYS) if (saved[key] === undefined) delete process.env[key]; else process.env[key] = saved[key];
  site?.cleanup();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function keys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: PREFIX }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

test('the API route saves a valid submission as one object under the store prefix', async () => {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((c) => (lines.push(String(c)), true));
  let answer;
  try {
    answer = (await site.handler(functionUrlEvent('/api/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Saved through s3rver.' }),
    }))) as { statusCode: number; body: string };
  } finally {
    write.mockRestore();
  }
  expect({ status: answer.statusCode, logs: answer.statusCode === 201 ? [] : lines }).toEqual({ status: 201, logs: [] });
  const { id } = JSON.parse(answer.body) as { id: string };
  expect(await keys()).toContain(`${PREFIX}${id}.json`);
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${id}.json` }));
  expect(JSON.parse(await object.Body!.transformToString())).toMatchObject({ id, name: 'Ada', email: 'ada@example.com', message: 'Saved through s3rver.' });
});

test('sending the form renders /feedback-received again (res.revalidate): the next visitor sees the new time', async () => {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const page = async () => {
    const answer = (await site.handler(functionUrlEvent('/feedback-received'))) as { statusCode: number; body: string };
    expect(answer.statusCode).toBe(200);
    return /id="last-feedback" dateTime="([^"]+)"/.exec(answer.body)![1];
  };
  try {
    const before = await page();
    expect(await page()).toBe(before); // served from the store, not rendered per request
    await new Promise((resolve) => setTimeout(resolve, 5));
    const sent = (await site.handler(functionUrlEvent('/api/feedback', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Revalidate the page.' }),
    }))) as { statusCode: number };
    expect(sent.statusCode).toBe(201);
    expect(Date.parse((await page())!)).toBeGreaterThan(Date.parse(before!));
  } finally {
    write.mockRestore();
  }
});

test('an invalid submission saves nothing', async () => {
  const before = await keys();
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const answer = (await site.handler(functionUrlEvent('/api/feedback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":""}' }))) as { statusCode: number };
    expect(answer.statusCode).toBe(422);
  } finally {
    write.mockRestore();
  }
  expect(await keys()).toEqual(before);
});

test('without a bucket, submissions go to a local folder (npm start needs nothing but Node)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stratus-site-files-'));
  try {
    const entry = await fileStore(dir).save({ name: 'Ada', email: 'ada@example.com', message: 'Kept on disk.' });
    expect(readdirSync(dir)).toEqual([`${entry.id}.json`]);
    expect(JSON.parse(readFileSync(path.join(dir, `${entry.id}.json`), 'utf8'))).toMatchObject({ message: 'Kept on disk.' });
    expect(submissionStore({ STRATUS_LOCAL_STORE: dir })).toBeDefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
