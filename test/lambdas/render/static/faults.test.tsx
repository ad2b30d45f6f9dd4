/**
 * Faults degrade, never hang (issue 28): the shared page store (s3rver) and the lease table
 * (dynalite), each behind a proxy that fails on command, go down, hang, throttle, answer
 * 5xx or drop mid-answer. A page that has a good copy is served it, and the failure is
 * logged once per window naming the dependency; a page without one answers the 500 page
 * with a request line naming it; no answer waits past the SDK's operation deadline; the
 * draft secret failing shows the published page. Once the service is back, all is as before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createDraftMode } from '../../../../lambdas/render/api/draft-mode';
import { createRenderApp, type AppModules } from '../../../../lambdas/render/core/render-core';
import { dynamoLease } from '../../../../lambdas/render/ports/dynamodb-lease';
import { s3Pages, s3Prerendered } from '../../../../lambdas/render/ports/s3-pages';
import { hashedKey } from '../../../../lambdas/render/ports/page-object';
import { pageObjectKey } from '../../../../contract/output-layout';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { OPERATION_DEADLINE_MS } from '../../../../lambdas/shared/aws-client-options';
import { DependencyError, resetDependencyFailures } from '../../../../lambdas/shared/dependency-failure';
import type { CoreResponse } from '../../../../lambdas/shared/http';
import { DYNAMO_INTERNAL, DYNAMO_THROTTLED, S3_INTERNAL, S3_SLOW_DOWN, startFaultProxy, type FaultMode, type FaultProxy } from '../../../helpers/fault-proxy';
import { apisOf, captureLogs, manifestOf, pagesOf, request, type RouteSpec } from '../memory-app';

interface Closable { close(callback?: () => void): unknown }
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };
const dynalite = require('dynalite') as (options: Record<string, unknown>) => Closable & { listen(port: number, host: string, cb: () => void): void; address(): { port: number } };

const BUCKET = 'site-assets';
/** Calls to a failed service fail at once this long (5 s in the functions); the tests wait it out. */
const CIRCUIT_OPEN_MS = 300;
const waitOutCircuit = () => new Promise((resolve) => setTimeout(resolve, CIRCUIT_OPEN_MS + 50));
const TABLE = 'stratus-leases';
const ENV_KEYS = ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let s3: InstanceType<typeof S3rver>;
let dynamo: ReturnType<typeof dynalite>;
let dataDir: string;
let s3Faults: FaultProxy;
let dynamoFaults: FaultProxy;

beforeAll(async () => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'stratus-faults-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  s3Faults = await startFaultProxy((await s3.run()).port);
  dynamo = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
  await new DynamoDBClient({ endpoint: `http://127.0.0.1:${dynamo.address().port}` }).send(new CreateTableCommand({
    TableName: TABLE, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  }));
  dynamoFaults = await startFaultProxy(dynamo.address().port);
});
afterAll(async () => {
  for (const key of ENV_KEYS) if (savedEnv[key] === undefined) delete process.env[key]; else process.env[key] = savedEnv[key];
  await s3Faults?.close();
  await dynamoFaults?.close();
  await s3?.close();
  await new Promise<void>((resolve) => dynamo?.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  resetDependencyFailures();
  await s3Faults.set({ kind: 'pass' });
  await dynamoFaults.set({ kind: 'pass' });
});

const News = ({ version, draft }: { version: number; draft: boolean }) => <p>{`news v${version}${draft ? ' (draft)' : ''}`}</p>;

/** One instance over the store and lease table behind the proxies, on a clock the test moves. */
function site(prefix: string, draftSecret: () => Promise<string> = async () => 'test secret') {
  const state = { version: 1 };
  const clock = { now: 1_000_000 };
  const now = () => clock.now;
  const routes: Record<string, RouteSpec> = {
    '/news/[slug]': {
      kind: 'ssg',
      fallback: 'blocking',
      module: {
        default: News,
        getStaticPaths: async () => ({ paths: [], fallback: 'blocking' }),
        getStaticProps: async (context) => ({ props: { version: state.version, draft: context.draftMode === true }, revalidate: 60 }),
      },
    },
  };
  const manifest = manifestOf(routes);
  const modules: AppModules = { pages: pagesOf(routes), apis: apisOf(routes), errorPages: {} };
  const shared = s3Pages({ bucket: BUCKET, prefix, endpoint: s3Faults.endpoint, circuitOpenMs: CIRCUIT_OPEN_MS });
  const lease = dynamoLease({ table: TABLE, endpoint: dynamoFaults.endpoint, now, circuitOpenMs: CIRCUIT_OPEN_MS });
  const draft = createDraftMode(draftSecret);
  const app = createRenderApp(modules, manifest, new PageStore({ shared, lease, buildId: manifest.buildId, cacheMs: 1000, now }), { leaseMs: 30_000, draft });
  return { state, clock, app, draft };
}

const text = (response: CoreResponse) => (typeof response.body === 'string' ? response.body : Buffer.from(response.body ?? '').toString('utf8'));
const context = { requestId: 'test' };

/** The answer and how long it took. */
async function timed(run: () => Promise<CoreResponse>): Promise<{ response: CoreResponse; ms: number }> {
  const started = Date.now();
  const response = await run();
  return { response, ms: Date.now() - started };
}

/** The time a failing call may take: the SDK's deadline for one operation, with room for a loaded machine. */
const BOUND_MS = OPERATION_DEADLINE_MS + 2_500;

const S3_FAULTS: [string, FaultMode][] = [
  ['down (connection refused)', { kind: 'down' }],
  ['hanging', { kind: 'slow' }],
  ['throttling (503 SlowDown)', S3_SLOW_DOWN],
  ['failing (500 InternalError)', S3_INTERNAL],
  ['dropping the answer mid-body', { kind: 'cut' }],
];

describe.each(S3_FAULTS)('the page store %s', (label, fault) => {
  const prefix = `_data/${label.replace(/\W+/g, '-')}/`;

  test('a page with a copy at hand is served it; a page without one is the 500 page naming the bucket; one ERROR line for both; all well once it is back', async () => {
    const { state, clock, app } = site(prefix);
    expect(text(await app.handle(request('/news/kept'), context))).toContain('news v1');
    state.version = 2;
    clock.now += 61_000; // stale, and past the memory copy's trust: the store is read again
    const logs = captureLogs();
    try {
      await s3Faults.set(fault, fault.kind === 'cut' ? (method) => method === 'GET' : undefined);
      const kept = await timed(() => app.handle(request('/news/kept'), context));
      expect(kept.ms).toBeLessThan(BOUND_MS);
      expect(kept.response.status).toBe(200);
      expect(text(kept.response)).toMatch(/news v[12]/);

      const missing = await timed(() => app.handle(request('/news/never-rendered'), context));
      expect(missing.ms).toBeLessThan(BOUND_MS * 2);
      expect(missing.response.status).toBe(500);
      expect(text(missing.response)).toContain('Internal Server Error');
      expect(text(missing.response)).not.toContain(BUCKET);

      const errors = logs.lines.filter((line) => line.context === 'dependency failed');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: 'ERROR', dependency: `S3 bucket ${BUCKET} (${prefix})` });
      const requestLine = logs.lines.find((line) => line.path === '/news/never-rendered' && line.status === 500);
      expect(requestLine).toMatchObject({ dependency: `S3 bucket ${BUCKET} (${prefix})` });
    } finally {
      logs.restore();
      await s3Faults.set({ kind: 'pass' });
    }
    await waitOutCircuit();
    clock.now += 61_000;
    const after = await app.handle(request('/news/never-rendered'), context);
    expect(after.status).toBe(200);
    expect(text(after)).toContain('news v2');
  }, 60_000);
});

test('a page store that cannot be written still serves the page just rendered, logged once', async () => {
  const { app } = site('_data/write-fails/');
  const logs = captureLogs();
  try {
    await s3Faults.set(S3_INTERNAL, (method) => method === 'PUT');
    const first = await app.handle(request('/news/a'), context);
    const second = await app.handle(request('/news/b'), context);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(text(second)).toContain('news v1');
    const errors = logs.lines.filter((line) => line.context === 'dependency failed');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ doing: 'write a regenerated page', served: 'the page just rendered, kept by this instance alone' });
  } finally {
    logs.restore();
  }
});

const LEASE_FAULTS: [string, FaultMode][] = [
  ['down (connection refused)', { kind: 'down' }],
  ['hanging', { kind: 'slow' }],
  ['throttling', DYNAMO_THROTTLED],
  ['failing (500)', DYNAMO_INTERNAL],
];

describe.each(LEASE_FAULTS)('the lease table %s', (label, fault) => {
  test('a stale page is served stale; a page never rendered is the 500 page naming the table; one ERROR line', async () => {
    const { state, clock, app } = site(`_data/lease-${label.replace(/\W+/g, '-')}/`);
    expect(text(await app.handle(request('/news/kept'), context))).toContain('news v1');
    state.version = 2;
    clock.now += 61_000;
    const logs = captureLogs();
    try {
      await dynamoFaults.set(fault);
      const stale = await timed(() => app.handle(request('/news/kept'), context));
      expect(stale.ms).toBeLessThan(BOUND_MS);
      expect([stale.response.status, text(stale.response).includes('news v1')]).toEqual([200, true]);
      const missing = await timed(() => app.handle(request('/news/new'), context));
      expect(missing.ms).toBeLessThan(BOUND_MS);
      expect(missing.response.status).toBe(500);
      expect(logs.lines.filter((line) => line.context === 'dependency failed')).toEqual([expect.objectContaining({ dependency: `DynamoDB table ${TABLE}` })]);
      expect(logs.lines.find((line) => line.path === '/news/new' && line.status === 500)).toMatchObject({ dependency: `DynamoDB table ${TABLE}` });
    } finally {
      logs.restore();
      await dynamoFaults.set({ kind: 'pass' });
    }
    await waitOutCircuit();
    clock.now += 31_000; // past the lease a failed regeneration may have left
    expect(text(await app.handle(request('/news/kept'), context))).toMatch(/news v[12]/);
  }, 60_000);
});

test('a draft-mode secret that cannot be read shows the published page, logged once', async () => {
  const good = site('_data/draft-good/');
  const cookie = (await good.draft.cookie(true)).split(';')[0]!;
  const broken = site('_data/draft-broken/', async () => {
    throw new DependencyError('Secrets Manager secret arn:draft', new Error('ThrottlingException'));
  });
  const logs = captureLogs();
  try {
    const answers = [await broken.app.handle(request('/news/x', { headers: { cookie } }), context), await broken.app.handle(request('/news/y', { headers: { cookie } }), context)];
    expect(answers.map((answer) => [answer.status, text(answer).includes('(draft)'), text(answer).includes('news v1')])).toEqual([[200, false, true], [200, false, true]]);
    expect(logs.lines.filter((line) => line.context === 'dependency failed')).toEqual([expect.objectContaining({ dependency: 'Secrets Manager secret arn:draft', served: 'the published page' })]);
  } finally {
    logs.restore();
  }
  expect(text(await good.app.handle(request('/news/x', { headers: { cookie } }), context))).toContain('(draft)');
});

test('repeated failures within a window: one ERROR line', async () => {
  const { state, clock, app } = site('_data/windows/');
  await app.handle(request('/news/w'), context);
  const logs = captureLogs();
  try {
    await s3Faults.set(S3_INTERNAL);
    state.version = 2;
    for (let i = 0; i < 3; i++) {
      clock.now += 61_000;
      await app.handle(request('/news/w'), context);
    }
    expect(logs.lines.filter((line) => line.context === 'dependency failed')).toHaveLength(1);
  } finally {
    logs.restore();
  }
});

/**
 * The page store also holds the build's prerendered pages now (issue 32): they are read from
 * the bucket when first asked for, beside the shared store, behind the same faults. A page the
 * build prerendered and this instance has read is served its copy while the bucket fails; one
 * it has not read answers the 500 page naming the bucket; a path the build did not prerender
 * (fallback false) is the 404 page once the bucket answers again.
 */
describe('prerendered pages in the bucket', () => {
  const Doc = ({ slug }: { slug: string }) => <p>{`doc ${slug}`}</p>;
  const routes: Record<string, RouteSpec> = {
    '/docs/[slug]': {
      kind: 'ssg',
      fallback: false,
      module: {
        default: Doc,
        getStaticPaths: async () => ({ paths: [], fallback: false }),
        // Never called: the build's copy is the page.
        getStaticProps: async () => {
          throw new Error('rendered at run time');
        },
      },
    },
  };

  /** The build's copy of a page, as the deploy uploads it. */
  async function upload(prefix: string, buildId: string, slug: string) {
    const client = new S3Client({ endpoint: s3Faults.endpoint, forcePathStyle: true });
    const html = `<!DOCTYPE html><p>doc ${slug}, as built</p>`;
    const page = { html, json: JSON.stringify({ pageProps: { slug } }), etag: '"built"', revalidate: false, renderedAt: 0 };
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: prefix + pageObjectKey(buildId, 'en', `/docs/${slug}`, hashedKey), Body: JSON.stringify(page) }));
    client.destroy();
  }

  function built(label: string) {
    const clock = { now: 1_000_000 };
    const now = () => clock.now;
    const manifest = manifestOf(routes);
    const modules: AppModules = { pages: pagesOf(routes), apis: apisOf(routes), errorPages: {} };
    const endpoint = s3Faults.endpoint;
    const shared = s3Pages({ bucket: BUCKET, prefix: `_data/pages-${label}/`, endpoint, circuitOpenMs: CIRCUIT_OPEN_MS });
    const prerendered = s3Prerendered({ bucket: BUCKET, prefix: `_data/prerendered-${label}/`, endpoint, circuitOpenMs: CIRCUIT_OPEN_MS });
    const store = new PageStore({ shared, prerendered, buildId: manifest.buildId, cacheMs: 1000, now });
    return { clock, manifest, prefix: `_data/prerendered-${label}/`, app: createRenderApp(modules, manifest, store) };
  }

  test.each(S3_FAULTS)('the bucket %s: a page read before is served its copy, one never read is the 500 page naming the bucket; all well once it is back', async (label, fault) => {
    const { clock, manifest, prefix, app } = built(label.replace(/\W+/g, '-'));
    await upload(prefix, manifest.buildId, 'read');
    await upload(prefix, manifest.buildId, 'unread');
    const first = await app.handle(request('/docs/read'), context);
    expect([first.status, text(first)]).toEqual([200, expect.stringContaining('doc read, as built')]);
    clock.now += 5_000; // past the memory copy's trust: the shared store is read again
    const logs = captureLogs();
    try {
      await s3Faults.set(fault, fault.kind === 'cut' ? (method) => method === 'GET' : undefined);
      const kept = await timed(() => app.handle(request('/docs/read'), context));
      expect(kept.ms).toBeLessThan(BOUND_MS);
      expect([kept.response.status, text(kept.response)]).toEqual([200, expect.stringContaining('doc read, as built')]);
      const unread = await timed(() => app.handle(request('/docs/unread'), context));
      expect(unread.ms).toBeLessThan(BOUND_MS);
      expect(unread.response.status).toBe(500);
      expect(text(unread.response)).not.toContain(BUCKET);
      const errors = logs.lines.filter((line) => line.context === 'dependency failed');
      expect(errors).toHaveLength(1);
      expect(String(errors[0]!.dependency)).toMatch(new RegExp(`^S3 bucket ${BUCKET} \\(_data/`));
      expect(logs.lines.find((line) => line.path === '/docs/unread' && line.status === 500)).toMatchObject({ dependency: expect.stringMatching(new RegExp(`^S3 bucket ${BUCKET}`)) });
    } finally {
      logs.restore();
      await s3Faults.set({ kind: 'pass' });
    }
    await waitOutCircuit();
    const after = await app.handle(request('/docs/unread'), context);
    expect([after.status, text(after)]).toEqual([200, expect.stringContaining('doc unread, as built')]);
    expect((await app.handle(request('/docs/never-built'), context)).status).toBe(404);
  }, 60_000);
});
