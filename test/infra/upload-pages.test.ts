/**
 * Incremental deploys (issue 32): the pages of a build go to the bucket (s3rver here) only
 * where they differ from what is there. Counted for a first deploy, a redeploy with no
 * change, a change to one page's data, and a change to the page's code (a new build).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { build } from '../../cli/builder/build';
import type { Manifest } from '../../contract/manifest';
import { BUILDS_RECORD, PRERENDERED_PREFIX, uploadPages } from '../../infra/upload-pages';
import { tempApp } from '../helpers/temp-app';

const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const BUCKET = 'site-assets';
const PAGES = 20;
let s3: InstanceType<typeof S3rver>;
let client: S3Client;
let dataDir: string;
let outDir: string;

const page = (greeting: string) => `
export default function Item({ id, text }: { id: string; text: string }) {
  return <p>{\`${greeting} \${id}: \${text}\`}</p>;
}
export async function getStaticPaths() {
  return { paths: Array.from({ length: ${PAGES} }, (_, i) => ({ params: { id: String(i) } })), fallback: false };
}
export async function getStaticProps({ params }: { params: { id: string } }) {
  const texts = JSON.parse(require('node:fs').readFileSync(require('node:path').join(process.cwd(), 'texts.json'), 'utf8'));
  return { props: { id: params.id, text: texts[params.id] ?? 'plain' } };
}
`;

const app = tempApp({ 'pages/items/[id].tsx': page('item'), 'pages/index.tsx': 'export default function Home() { return <p>home</p>; }', 'texts.json': '{}' }, 'stratus-upload-');

async function buildOnce(): Promise<Manifest> {
  return (await build({ appDir: app, outDir, imageLambda: false })).manifest;
}

const deploy = (manifest: Manifest, extra: Partial<Parameters<typeof uploadPages>[0]> = {}) => uploadPages({ client, bucket: BUCKET, buildDir: outDir, manifest, ...extra });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stratus-upload-s3-'));
  outDir = mkdtempSync(path.join(tmpdir(), 'stratus-upload-build-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

test('a first deploy uploads every page file; no change uploads none; one page changed uploads that page; a code change uploads the new build beside the old', async () => {
  const first = await buildOnce();
  // Each page (the items and the home page): its object for the render function, its HTML and its data for CloudFront.
  const files = (PAGES + 1) * 3;
  expect(await deploy(first)).toMatchObject({ files, uploaded: files });
  const html = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `_app/pages/${first.buildId}/en/items/3.html` }));
  expect(html.ContentType).toBe('text/html; charset=utf-8');
  expect(html.CacheControl).toMatch(/s-maxage=31536000/);
  expect(await html.Body!.transformToString()).toContain('item 3: plain');

  const unchanged = await buildOnce();
  expect(unchanged.buildId).toBe(first.buildId);
  expect(await deploy(unchanged, { dryRun: true })).toMatchObject({ files, uploaded: 0 });
  expect(await deploy(unchanged)).toMatchObject({ files, uploaded: 0 });

  writeFileSync(path.join(app, 'texts.json'), JSON.stringify({ 3: 'changed' }));
  const onePage = await buildOnce();
  expect(onePage.buildId).toBe(first.buildId);
  expect(await deploy(onePage)).toMatchObject({ files, uploaded: 3 });
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${PRERENDERED_PREFIX}${first.buildId}/en/items/3.json` }));
  expect(JSON.parse(await object.Body!.transformToString()).html).toContain('item 3: changed');

  writeFileSync(path.join(app, 'pages/items/[id].tsx'), page('entry'));
  const newCode = await buildOnce();
  expect(newCode.buildId).not.toBe(first.buildId);
  expect(await deploy(newCode)).toMatchObject({ files, uploaded: files, deletedBuilds: [] });
  // The build before keeps its pages (a visitor on it, a rollback to it).
  await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `_app/data/${first.buildId}/items/3.json` }))).resolves.toBeDefined();
}, 120_000);

test('a build replaced longer than the retention ago has its pages deleted; the current one never', async () => {
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const record = JSON.parse(await (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: BUILDS_RECORD }))).Body!.transformToString()) as Record<string, { replacedAt: number | null }>;
  expect(record[manifest.buildId]).toEqual({ replacedAt: null });
  const old = Object.keys(record).filter((id) => id !== manifest.buildId);
  expect(old).toHaveLength(1);
  const day = 24 * 3600 * 1000;
  // The deploy that replaced it marked it; ten days on it stays, thirty-one days on it goes.
  expect((await deploy(manifest, { now: () => Date.now() + 10 * day })).deletedBuilds).toEqual([]);
  expect((await deploy(manifest, { now: () => Date.now() + 31 * day })).deletedBuilds).toEqual(old);
  await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `_app/data/${old[0]}/items/3.json` }))).rejects.toMatchObject({ name: 'NotFound' });
  await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `_app/pages/${manifest.buildId}/en/items/3.html` }))).resolves.toBeDefined();
}, 60_000);
