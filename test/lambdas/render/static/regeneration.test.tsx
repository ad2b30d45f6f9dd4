/**
 * Two render-core instances (two Lambda instances) over one shared page store in S3
 * (s3rver), regeneration leases in DynamoDB (dynalite) and invalidations sent with the real
 * CloudFront client to a local fake: one regeneration for 50 concurrent stale hits, both
 * serve the new version after it, res.revalidate reaches both and the edge, a regeneration
 * that dies holds the page no longer than its lease.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { batchInvalidations } from '../../../../lambdas/render/ports/batched-invalidations';
import { cloudFrontSender } from '../../../../lambdas/render/ports/cloudfront-invalidations';
import { createDraftMode } from '../../../../lambdas/render/api/draft-mode';
import { dynamoLease } from '../../../../lambdas/render/ports/dynamodb-lease';
import { createRenderApp, type AppModules } from '../../../../lambdas/render/core/render-core';
import { s3Pages } from '../../../../lambdas/render/ports/s3-pages';
import type { CoreResponse } from '../../../../lambdas/shared/http';
import { startFakeCloudFront, type FakeCloudFront } from '../../../helpers/fake-cloudfront';
import { api, apisOf, captureLogs, manifestOf, pagesOf, request, type RouteSpec } from '../memory-app';

interface Closable { close(callback?: () => void): unknown }
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };
const dynalite = require('dynalite') as (options: Record<string, unknown>) => Closable & { listen(port: number, host: string, cb: () => void): void; address(): { port: number } };

const BUCKET = 'site-assets';
const TABLE = 'stratus-leases';
const LEASE_MS = 5000;
const CACHE_MS = 1000;
const ENV_KEYS = ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let s3: InstanceType<typeof S3rver>;
let dynamo: ReturnType<typeof dynalite>;
let cloudFront: FakeCloudFront;
let dataDir: string;
let s3Endpoint: string;
let dynamoEndpoint: string;

beforeAll(async () => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'stratus-regeneration-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  dynamo = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
  dynamoEndpoint = `http://127.0.0.1:${dynamo.address().port}`;
  await new DynamoDBClient({ endpoint: dynamoEndpoint }).send(new CreateTableCommand({
    TableName: TABLE, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  }));
  cloudFront = await startFakeCloudFront();
});
afterAll(async () => {
  for (const key of ENV_KEYS) if (savedEnv[key] === undefined) delete process.env[key]; else process.env[key] = savedEnv[key];
  await s3?.close();
  await new Promise<void>((resolve) => dynamo?.close(() => resolve()));
  await cloudFront?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The site's content, which getStaticProps reads; `hang` makes it never answer (an instance that dies mid-regeneration). */
function content() {
  return { version: 1, calls: 0, hang: false, fail: false };
}

/** A fleet of instances over one store, lease table and distribution, on one clock the test moves. */
function fleet(prefix: string) {
  const state = content();
  const clock = { now: 1_000_000 };
  const now = () => clock.now;
  const News = ({ version }: { version: number }) => <p>news v{version}</p>;
  const routes: Record<string, RouteSpec> = {
    '/news': {
      kind: 'ssg',
      module: {
        default: News,
        getStaticProps: async (context) => {
          state.calls++;
          if (state.hang) return new Promise(() => undefined);
          if (state.fail) throw new Error('the CMS is down');
          return { props: { version: state.version, draft: context.draftMode === true }, revalidate: 60 };
        },
      },
    },
    '/api/publish': api(async (req, res) => {
      state.version = Number(req.query.version);
      await Promise.all([res.revalidate('/news'), res.revalidate('/news')]);
      res.json({ revalidated: true });
    }),
    '/api/draft': api((req, res) => {
      res.setDraftMode({ enable: req.query.on === '1' });
      res.end();
    }),
  };
  const manifest = manifestOf(routes);
  const modules: AppModules = { pages: pagesOf(routes), apis: apisOf(routes), errorPages: {} };
  const shared = s3Pages({ bucket: BUCKET, prefix, endpoint: s3Endpoint });
  const lease = dynamoLease({ table: TABLE, endpoint: dynamoEndpoint, now });
  const draft = createDraftMode(async () => 'test secret');
  const instance = () =>
    createRenderApp(modules, manifest, new PageStore('/nonexistent', [], { shared, lease, buildId: manifest.buildId, cacheMs: CACHE_MS, now }), {
      leaseMs: LEASE_MS,
      draft,
      invalidations: batchInvalidations(cloudFrontSender({ distributionId: async () => 'E2TESTDIST', endpoint: cloudFront.endpoint }), 20),
    });
  return { state, clock, a: instance(), b: instance(), manifest };
}

const text = (response: CoreResponse) => (typeof response.body === 'string' ? response.body : Buffer.from(response.body ?? '').toString('utf8'));
/** The version a page answer shows; throws with the answer when it shows none (a 500 page). */
function versionOf(response: CoreResponse): number {
  const match = /news v(?:<!-- -->)?(\d+)/.exec(text(response));
  if (!match) throw new Error(`no version in ${response.status}: ${text(response).slice(0, 400)}`);
  return Number(match[1]);
}
const context = { requestId: 'test' };

test('50 concurrent requests for one stale page on two instances: one regeneration, everyone answered, both serve the new version after', async () => {
  const { state, clock, a, b } = fleet('_data/pages-concurrent/');
  const logs = captureLogs();
  try {
    expect(versionOf(await a.handle(request('/news'), context))).toBe(1);
    expect(versionOf(await b.handle(request('/news'), context))).toBe(1); // B reads A's copy from the store
    expect(state.calls).toBe(1);

    state.version = 2;
    clock.now += 61_000; // past revalidate: 60
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? b : a).handle(request('/news'), context)));
    const regenerations = state.calls - 1;
    // eslint-disable-next-line no-console
    console.log(`regenerations for 50 concurrent stale requests on two instances: ${regenerations}`);
    expect(regenerations).toBe(1);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(answers.map(versionOf).every((v) => v === 1 || v === 2)).toBe(true);

    clock.now += CACHE_MS + 1; // past the memory bound: each instance reads the store again
    expect(versionOf(await a.handle(request('/news'), context))).toBe(2);
    expect(versionOf(await b.handle(request('/news'), context))).toBe(2);
    expect(state.calls).toBe(2);
    expect(logs.lines.filter((l) => l.msg === 'regenerated')).toEqual([expect.objectContaining({ route: '/news', reason: 'stale' })]);
  } finally {
    logs.restore();
  }
});

test('res.revalidate on one instance: rendered now, the other serves it within the memory bound, CloudFront told once of the page and its data', async () => {
  const { state, clock, a, b, manifest } = fleet('_data/pages-on-demand/');
  const logs = captureLogs();
  try {
    expect(versionOf(await a.handle(request('/news'), context))).toBe(1);
    expect(versionOf(await b.handle(request('/news'), context))).toBe(1);
    const before = cloudFront.invalidations.length;

    const answer = await a.handle(request('/api/publish?version=3', { method: 'POST' }), context);
    expect({ status: answer.status, body: text(answer) }).toEqual({ status: 200, body: '{"revalidated":true}' });
    expect(versionOf(await a.handle(request('/news'), context))).toBe(3); // not stale (revalidate 60), yet new
    clock.now += CACHE_MS + 1;
    expect(versionOf(await b.handle(request('/news'), context))).toBe(3);
    expect(state.calls).toBe(2);
    // Two calls for one path: one invalidation, each path once (the default locale's page spelled out too).
    expect(cloudFront.invalidations.slice(before)).toEqual([
      { distributionId: 'E2TESTDIST', paths: ['/news', `/_app/data/${manifest.buildId}/news.json`, '/en/news', `/_app/data/${manifest.buildId}/en/news.json`] },
    ]);
  } finally {
    logs.restore();
  }
});

test('res.revalidate of something that is not a static page rejects, and the handler answers what it chose', async () => {
  const { a } = fleet('_data/pages-bad-revalidate/');
  const revalidate = a.revalidate;
  await expect(revalidate('/nope')).rejects.toThrow(/no page matches it/);
  await expect(revalidate('/news?x=1')).rejects.toThrow(/without a query/);
  // The default locale spelled out is the same page, as the pages router serves it.
  await expect(revalidate('/en/news')).resolves.toBeUndefined();
});

test('an instance that dies mid-regeneration: the old copy is served meanwhile, and the page regenerates once its lease expires', async () => {
  const { state, clock, a, b } = fleet('_data/pages-crash/');
  const logs = captureLogs();
  try {
    expect(versionOf(await a.handle(request('/news'), context))).toBe(1);
    state.version = 2;
    state.hang = true;
    clock.now += 61_000;
    void a.handle(request('/news'), context); // takes the lease and never finishes: the instance is gone
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.calls).toBe(2);
    state.hang = false;

    expect(versionOf(await b.handle(request('/news'), context))).toBe(1); // lease held: the last good copy
    clock.now += 1000;
    expect(versionOf(await b.handle(request('/news'), context))).toBe(1);
    expect(state.calls).toBe(2);

    clock.now += LEASE_MS; // the lease has expired
    expect(versionOf(await b.handle(request('/news'), context))).toBe(2);
    expect(state.calls).toBe(3);
  } finally {
    logs.restore();
  }
});

test('a regeneration that fails keeps the last good copy, is logged, and is tried again once its lease expires', async () => {
  const { state, clock, a, b } = fleet('_data/pages-failure/');
  const logs = captureLogs();
  try {
    expect(versionOf(await a.handle(request('/news'), context))).toBe(1);
    state.version = 2;
    state.fail = true;
    clock.now += 61_000;
    expect(versionOf(await a.handle(request('/news'), context))).toBe(1);
    expect(logs.lines.filter((l) => l.context === 'regeneration failed')).toEqual([expect.objectContaining({ route: '/news', error: 'the CMS is down', level: 'ERROR' })]);
    // Not tried again by the other instance while the failed one's lease stands.
    expect(versionOf(await b.handle(request('/news'), context))).toBe(1);
    expect(state.calls).toBe(2);

    state.fail = false;
    clock.now += LEASE_MS + 1;
    expect(versionOf(await b.handle(request('/news'), context))).toBe(2);
    expect(state.calls).toBe(3);
  } finally {
    logs.restore();
  }
});

test('draft mode: the signed cookie from res.setDraftMode gets getStaticProps with draftMode, no-store, and nothing stored', async () => {
  const { state, a, b } = fleet('_data/pages-draft/');
  const logs = captureLogs();
  try {
    expect(versionOf(await a.handle(request('/news'), context))).toBe(1);
    const on = await a.handle(request('/api/draft?on=1'), context);
    const cookie = on.cookies?.[0] ?? '';
    expect(cookie).toMatch(/^__stratus_draft=[\w-]+\.[\w-]+; Path=\/; HttpOnly; Secure; SameSite=None$/);
    const pair = cookie.split(';')[0]!;

    state.version = 9; // unpublished content
    const draft = await b.handle(request('/news', { headers: { cookie: `a=1; ${pair}` } }), context);
    expect(versionOf(draft)).toBe(9);
    expect(text(draft)).toContain('"draft":true');
    expect(draft.headers['cache-control']).toMatch(/no-store/);
    const data = await b.handle(request('/_app/data/build-1/news.json', { headers: { cookie: pair } }), context);
    expect(JSON.parse(text(data))).toEqual({ pageProps: { version: 9, draft: true } });
    expect(data.headers['cache-control']).toMatch(/no-store/);

    // Everyone else still gets the stored copy; nothing the draft saw was written.
    expect(versionOf(await a.handle(request('/news'), context))).toBe(1);
    expect(versionOf(await b.handle(request('/news'), context))).toBe(1);
    // A forged or tampered cookie is no draft.
    const forged = await b.handle(request('/news', { headers: { cookie: `${pair.slice(0, -2)}xx` } }), context);
    expect({ status: forged.status, version: versionOf(forged) }).toEqual({ status: 200, version: 1 });
    const junk = await b.handle(request('/news', { headers: { cookie: '__stratus_draft=%E0%A4%A; __stratus_draft=.' } }), context);
    expect({ status: junk.status, version: versionOf(junk) }).toEqual({ status: 200, version: 1 });

    const off = await a.handle(request('/api/draft?on=0'), context);
    expect(off.cookies?.[0]).toMatch(/^__stratus_draft=; .*Expires=Thu, 01 Jan 1970/);
  } finally {
    logs.restore();
  }
});
