/**
 * An app's `instrumentation.ts` on the local server, as the pages router runs it: `register()`
 * once, awaited before the first request, here registering the app's own OTLP exporter (the
 * OpenTelemetry SDK bundled into the render function with the app); one request to a
 * getServerSideProps page that fetches an origin makes one trace that a local OTLP/HTTP
 * receiver decodes; `onRequestError` hears of a data function's, an API route's and
 * middleware's errors with the pages router's request and context. And `stratus start
 * --trace` prints the same spans for an app that registers nothing.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { startOtlpReceiver, type OtlpReceiver } from '../../helpers/otlp-receiver';
import { tempApp } from '../../helpers/temp-app';

const INSTRUMENTATION = `
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { appendFileSync } from 'node:fs';

export async function register() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'shop' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: process.env.TEST_OTLP_URL }), { scheduledDelayMillis: 100 })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  globalThis.registeredAt = Date.now();
  appendFileSync(process.env.TEST_LOG_FILE, JSON.stringify({ register: true }) + '\\n');
}

export async function onRequestError(error, request, context) {
  appendFileSync(process.env.TEST_LOG_FILE, JSON.stringify({ message: error.message, request, context }) + '\\n');
}
`;

const PAGES = {
  'pages/story.tsx': `
export default function Story({ headline, registered }: { headline: string; registered: boolean }) {
  return <h1>{headline} {registered ? 'after register' : 'before register'}</h1>;
}
export async function getServerSideProps() {
  const answer = await fetch(process.env.TEST_ORIGIN + '/headline');
  return { props: { ...(await answer.json()), registered: typeof (globalThis as any).registeredAt === 'number' } };
}
`,
  'pages/broken/[id].tsx': `
export default function Broken() { return null; }
export async function getServerSideProps() { throw new Error('the CMS is down'); }
`,
  'pages/api/fail.ts': `
export default function handler() { throw new Error('the API failed'); }
`,
  'middleware.ts': `
import { NextResponse, type NextRequest } from 'next/server';
export function middleware(request: NextRequest) {
  if (request.nextUrl.pathname === '/guarded') throw new Error('middleware failed');
  return NextResponse.next();
}
`,
};

let receiver: OtlpReceiver;
let origin: http.Server;
const originSaw: (string | undefined)[] = [];
let server: LocalServer;
let logFile: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  origin = http.createServer((req, res) => {
    originSaw.push(req.headers.traceparent as string | undefined);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ headline: 'Frost tonight' }));
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const appDir = tempApp({ 'instrumentation.ts': INSTRUMENTATION, ...PAGES });
  logFile = path.join(appDir, 'instrumentation.log');
  server = await startLocalServer(appDir, {
    env: { TEST_OTLP_URL: receiver.url, TEST_ORIGIN: `http://127.0.0.1:${(origin.address() as { port: number }).port}`, TEST_LOG_FILE: logFile },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await receiver.close();
  origin.closeAllConnections();
  await new Promise((resolve) => origin.close(resolve));
});

const records = () => readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);

test('register() ran once, before the first request; one request is one trace, the origin in it', async () => {
  const page = await (await fetch(`${server.base}/story`)).text();
  expect(page).toContain('after register</h1>');
  await receiver.waitFor((spans) => spans.some((s) => s.name === 'GET /story'));
  const root = receiver.spans.find((s) => s.name === 'GET /story')!;
  const spans = receiver.spans.filter((s) => s.traceId === root.traceId);
  expect(root).toMatchObject({ kind: 2, service: 'shop', attributes: expect.objectContaining({ 'http.route': '/story', 'http.response.status_code': 200, 'faas.coldstart': true }) });
  expect(spans.map((s) => s.name).sort()).toEqual(['GET /story', 'GET 127.0.0.1', 'getServerSideProps', 'middleware', 'render', 'routing'].sort());
  const fetched = spans.find((s) => s.name === 'GET 127.0.0.1')!;
  expect(originSaw.at(-1)).toBe(`00-${root.traceId}-${fetched.spanId}-01`);
  expect(records().filter((r) => r.register)).toHaveLength(1);
});

test('onRequestError: a data function, an API route and middleware, with the request and the route', async () => {
  expect((await fetch(`${server.base}/broken/7?x=1`, { headers: { 'x-test': 'yes' } })).status).toBe(500);
  expect((await fetch(`${server.base}/api/fail`)).status).toBe(500);
  expect((await fetch(`${server.base}/guarded`)).status).toBe(500);
  const errors = records().filter((r) => r.message);
  expect(errors).toEqual([
    {
      message: 'the CMS is down',
      request: { path: '/broken/7?x=1', method: 'GET', headers: expect.objectContaining({ 'x-test': 'yes' }) },
      context: { routerKind: 'Pages Router', routePath: '/broken/[id]', routeType: 'render' },
    },
    { message: 'the API failed', request: expect.objectContaining({ path: '/api/fail', method: 'GET' }), context: { routerKind: 'Pages Router', routePath: '/api/fail', routeType: 'route' } },
    { message: 'middleware failed', request: expect.objectContaining({ path: '/guarded' }), context: { routerKind: 'Pages Router', routePath: '/proxy', routeType: 'proxy' } },
  ]);
  expect(records().filter((r) => r.register)).toHaveLength(1);
});

test('stratus start --trace: each request as a tree of its spans on stderr', async () => {
  const appDir = tempApp({ 'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\nexport async function getServerSideProps() { return { props: {} }; }\n' });
  const traced = await startLocalServer(appDir, { args: ['--trace'] });
  try {
    expect((await fetch(`${traced.base}/`)).status).toBe(200);
    const deadline = Date.now() + 5000;
    while (!/trace [0-9a-f]{32}  GET \/  /.test(traced.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const tree = traced.output().slice(traced.output().search(/trace [0-9a-f]{32}  GET \/  /));
    expect(tree.split('\n').slice(0, 4).map((line) => line.replace(/  [\d.]+ ms.*/, '').replace(/[0-9a-f]{32}/, 'ID'))).toEqual(['trace ID  GET /', '  ├ routing', '  ├ getServerSideProps', '  └ render']);
  } finally {
    await traced.stop();
  }
}, 120_000);
