/**
 * One request, one trace: Stratus's own tracer provider (`STRATUS_TRACING=otlp`) exports over
 * OTLP/HTTP to a local receiver that decodes what it gets; the spans cover the stages (the
 * request, routing, middleware, the data function, its `fetch`, the render, API handlers,
 * the page store and lease in S3 and DynamoDB with a span per SDK call, proxied rewrites),
 * nest as the work did, carry the trace to the origins called, and follow the request's
 * `traceparent`. Real protocol servers: s3rver, dynalite, an HTTP origin.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createRenderApp, type AppModules } from '../../../../lambdas/render/core/render-core';
import type { RequestErrorContext, ErrorRequest } from '../../../../lambdas/render/core/request-error';
import { createProxy } from '../../../../lambdas/render/routing/proxy';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { s3Pages } from '../../../../lambdas/render/ports/s3-pages';
import { dynamoLease } from '../../../../lambdas/render/ports/dynamodb-lease';
import { createFunctionUrlHandler } from '../../../../lambdas/shared/function-url';
import { setLogSink } from '../../../../lambdas/shared/log';
import { flushTraces } from '../../../../lambdas/shared/tracing/request-span';
import { startTracing } from '../../../../lambdas/shared/tracing/setup';
import * as serverRuntime from '../../../../web/runtime/server';
import { NextResponse } from '../../../../web/runtime/server';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../../helpers/otlp-receiver';
import { api, apisOf, manifestOf, pagesOf, type RouteSpec } from '../../render/memory-app';

const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };
const dynalite = require('dynalite') as (options: Record<string, unknown>) => { listen(port: number, host: string, cb: () => void): void; address(): { port: number }; close(cb: () => void): void };

const BUCKET = 'site-assets';
const TABLE = 'leases';
const ENV_KEYS = ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_SERVICE_NAME'];
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let receiver: OtlpReceiver;
let origin: http.Server;
let originBase: string;
const originSaw: { url: string; traceparent?: string }[] = [];
let s3: InstanceType<typeof S3rver>;
let dynamo: ReturnType<typeof dynalite>;
let dataDir: string;
let restoreLog: () => void;
const reported: { message: string; request: ErrorRequest; context: RequestErrorContext }[] = [];
let handler: ReturnType<typeof createFunctionUrlHandler>;

beforeAll(async () => {
  restoreLog = ((previous) => () => void setLogSink(previous))(setLogSink(() => undefined));
  receiver = await startOtlpReceiver();
  origin = http.createServer((req, res) => {
    originSaw.push({ url: req.url!, traceparent: req.headers.traceparent as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ headline: 'Frost tonight' }));
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originBase = `http://127.0.0.1:${(origin.address() as { port: number }).port}`;
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=local-key', OTEL_SERVICE_NAME: 'site-render',
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'stratus-trace-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  dynamo = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
  const dynamoEndpoint = `http://127.0.0.1:${dynamo.address().port}`;
  await new DynamoDBClient({ endpoint: dynamoEndpoint }).send(new CreateTableCommand({
    TableName: TABLE, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  }));

  expect(startTracing({ ...process.env, STRATUS_TRACING: 'otlp' })).toBe(true);

  const routes: Record<string, RouteSpec> = {
    '/story': {
      kind: 'ssr',
      module: {
        default: ({ headline }: { headline: string }) => <h1>{headline}</h1>,
        // text(), then parse: jest's realm is not the one fetch makes its objects in.
        getServerSideProps: async () => ({ props: JSON.parse(await (await fetch(`${originBase}/headline?key=secret`)).text()) }),
      },
    },
    '/news': { kind: 'ssg', module: { default: () => <p>news</p>, getStaticProps: async () => ({ props: {}, revalidate: 60 }) } },
    '/broken': { kind: 'ssr', module: { default: () => null, getServerSideProps: async () => Promise.reject(new Error('the CMS is down')) } },
    '/api/hello': api((_req, res) => res.json({ hello: 'world' })),
  };
  const manifest = manifestOf(routes);
  manifest.config = {
    ...manifest.config,
    routing: {
      basePath: '', trailingSlash: false, redirects: [], headers: [], middleware: true,
      rewrites: { beforeFiles: [{ source: '/proxied/:path*', destination: `${originBase}/:path*` }], afterFiles: [], fallback: [] },
    },
  };
  const modules: AppModules = {
    pages: pagesOf(routes),
    apis: apisOf(routes),
    errorPages: {},
    middleware: { module: { middleware: () => NextResponse.next({ headers: { 'x-seen': '1' } }) }, runtime: serverRuntime },
  };
  const store = new PageStore({ shared: s3Pages({ bucket: BUCKET, prefix: '_data/pages/', endpoint: s3Endpoint }), lease: dynamoLease({ table: TABLE, endpoint: dynamoEndpoint }), buildId: manifest.buildId });
  const app = createRenderApp(modules, manifest, store, {
    routing: { proxy: createProxy({ allowLoopback: true }) },
    onRequestError: async (error, request, context) => void reported.push({ message: (error as Error).message, request, context }),
  });
  handler = createFunctionUrlHandler(app.handle);
});

afterAll(async () => {
  restoreLog();
  for (const key of ENV_KEYS) if (savedEnv[key] === undefined) delete process.env[key]; else process.env[key] = savedEnv[key];
  await receiver.close();
  origin.closeAllConnections();
  await new Promise((resolve) => origin.close(resolve));
  await s3.close();
  await new Promise<void>((resolve) => dynamo.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends one request, flushes, and returns the spans of its trace once its root arrived. */
async function traced(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ root: ReceivedSpan; spans: ReceivedSpan[]; status: number }> {
  const before = new Set(receiver.spans.map((s) => s.traceId));
  const result = await handler(functionUrlEvent(pathAndQuery, { headers: { 'x-forwarded-host': 'site.example', ...headers } }), { awsRequestId: `req-${pathAndQuery}` });
  await flushTraces();
  let root: ReceivedSpan | undefined;
  await receiver.waitFor((spans) => (root = spans.find((s) => s.kind === 2 && !before.has(s.traceId) && s.attributes['url.path'] === pathAndQuery.split('?')[0])) !== undefined);
  return { root: root!, spans: receiver.spans.filter((s) => s.traceId === root!.traceId), status: (result as { statusCode: number }).statusCode };
}

/** `name` of each span under `parent`, in start order. */
const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((s) => s.parentSpanId === parent.spanId).sort((a, b) => Number(a.startNs - b.startNs)).map((s) => s.name);
const named = (spans: ReceivedSpan[], name: string) => spans.find((s) => s.name === name)!;

test('a getServerSideProps page: one trace from the request to the origin its data function fetched', async () => {
  const { root, spans, status } = await traced('/story');
  expect(reported).toEqual([]);
  expect(status).toBe(200);
  expect(root).toMatchObject({ name: 'GET /story', kind: 2, service: 'site-render' });
  expect(root.attributes).toMatchObject({ 'http.route': '/story', 'http.response.status_code': 200, 'stratus.cache': 'none', 'faas.coldstart': true, 'http.request.method': 'GET' });
  expect(childrenOf(spans, root)).toEqual(['routing', 'getServerSideProps', 'render']);
  expect(childrenOf(spans, named(spans, 'routing'))).toEqual(['middleware']);
  const fetchSpan = named(spans, 'GET 127.0.0.1');
  expect(fetchSpan).toMatchObject({ kind: 3, parentSpanId: named(spans, 'getServerSideProps').spanId });
  // The query string (which may hold keys) stays out of the span.
  expect(fetchSpan.attributes).toMatchObject({ 'url.full': `${originBase}/headline`, 'http.response.status_code': 200 });
  // The origin got the trace: its traceparent names the fetch's span.
  expect(originSaw.at(-1)).toEqual({ url: '/headline?key=secret', traceparent: `00-${root.traceId}-${fetchSpan.spanId}-01` });
  // Children sit inside their parent's time.
  for (const span of spans.filter((s) => s !== root)) {
    const parent = spans.find((s) => s.spanId === span.parentSpanId)!;
    expect(span.startNs >= parent.startNs && span.endNs <= parent.endNs).toBe(true);
  }
  // The exporter sent the operator's headers (OTEL_EXPORTER_OTLP_HEADERS).
  expect(receiver.headers.at(-1)!['x-api-key']).toBe('local-key');
});

test("the request's traceparent is the trace's parent; the next request is no cold start", async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const { root } = await traced('/story', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
  expect(root).toMatchObject({ traceId, parentSpanId: '00f067aa0ba902b7' });
  expect(root.attributes['faas.coldstart']).toBe(false);
});

test('a static page rendered under the lease: page store and lease spans, one per S3 and DynamoDB call', async () => {
  const { root, spans } = await traced('/news');
  expect(root.attributes).toMatchObject({ 'http.route': '/news', 'stratus.cache': 'static' });
  const names = spans.map((s) => s.name);
  expect(names).toEqual(expect.arrayContaining(['page store read', 'lease acquire', 'getStaticProps', 'page store write', 'lease release', 'S3.GetObject', 'S3.PutObject', 'DynamoDB.PutItem', 'DynamoDB.DeleteItem']));
  const put = named(spans, 'S3.PutObject');
  expect(put).toMatchObject({ kind: 3, parentSpanId: named(spans, 'page store write').spanId });
  expect(put.attributes).toMatchObject({ 'rpc.system': 'aws-api', 'rpc.service': 'S3', 'rpc.method': 'PutObject', 'http.response.status_code': 200 });
  expect(named(spans, 'DynamoDB.PutItem').parentSpanId).toBe(named(spans, 'lease acquire').spanId);
});

test('a proxied rewrite: a client span, and the origin joins the trace', async () => {
  const { root, spans, status } = await traced('/proxied/feed', { traceparent: '00-11111111111111111111111111111111-2222222222222222-01' });
  expect(status).toBe(200);
  const proxy = spans.find((s) => s.name.startsWith('proxy GET'))!;
  expect(proxy).toMatchObject({ kind: 3, attributes: expect.objectContaining({ 'url.full': `${originBase}/feed`, 'http.response.status_code': 200 }) });
  // The visitor's traceparent is not passed on as it came: the origin's parent is the proxy span.
  expect(originSaw.at(-1)).toEqual({ url: '/feed', traceparent: `00-${root.traceId}-${proxy.spanId}-01` });
});

test('an API route: the handler is a span', async () => {
  const { root, spans } = await traced('/api/hello');
  expect(root.name).toBe('GET /api/hello');
  expect(childrenOf(spans, root)).toContain('API handler');
});

test("a data function's error: the span says so, and onRequestError hears of it with the route", async () => {
  const { root, spans, status } = await traced('/broken?id=7', { 'x-test': 'yes' });
  expect(status).toBe(500);
  expect(root.status.code).toBe(2);
  const gssp = named(spans, 'getServerSideProps');
  expect(gssp.status).toMatchObject({ code: 2, message: 'the CMS is down' });
  expect(reported).toContainEqual({
    message: 'the CMS is down',
    request: { path: '/broken?id=7', method: 'GET', headers: expect.objectContaining({ 'x-test': 'yes' }) },
    context: { routerKind: 'Pages Router', routePath: '/broken', routeType: 'render', revalidateReason: undefined },
  });
});
