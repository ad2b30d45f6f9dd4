/**
 * `tracing: 'xray'`: with Lambda's active tracing, the request's span is a subsegment of the
 * invocation's segment (`_X_AMZN_TRACE_ID`), and each span goes to the X-Ray daemon over UDP
 * as a segment document the daemon takes. A local UDP socket stands in for the daemon and
 * reads the datagrams as it does: the header line, then one JSON document.
 */
import { createSocket, type Socket } from 'node:dgram';
import { createFunctionUrlHandler } from '../../../../lambdas/shared/function-url';
import { setLogSink } from '../../../../lambdas/shared/log';
import { inSpan } from '../../../../lambdas/shared/tracing/otel';
import { flushTraces } from '../../../../lambdas/shared/tracing/request-span';
import { startTracing } from '../../../../lambdas/shared/tracing/setup';
import { daemonAddress, xrayTraceId, type XRaySubsegment } from '../../../../lambdas/shared/tracing/xray-exporter';
import { functionUrlEvent } from '../../../helpers/function-url-event';

let daemon: Socket;
const documents: XRaySubsegment[] = [];
const refused: string[] = [];
const saved = { ...process.env };
let restoreLog: () => void;

beforeAll(async () => {
  restoreLog = ((previous) => () => void setLogSink(previous))(setLogSink(() => undefined));
  daemon = createSocket('udp4');
  daemon.on('message', (message) => {
    const text = message.toString('utf8');
    const newline = text.indexOf('\n');
    if (text.slice(0, newline) !== '{"format":"json","version":1}') return void refused.push(text);
    documents.push(JSON.parse(text.slice(newline + 1)) as XRaySubsegment);
  });
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  process.env.AWS_XRAY_DAEMON_ADDRESS = `127.0.0.1:${daemon.address().port}`;
  expect(startTracing({ ...process.env, STRATUS_TRACING: 'xray' })).toBe(true);
});
afterAll(() => {
  restoreLog();
  process.env = saved;
  daemon.close();
});

async function until(ready: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`no documents; got ${documents.length}, refused ${refused.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("the request's span is a subsegment of Lambda's segment; its children nest under it", async () => {
  process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
  const handler = createFunctionUrlHandler(async () => ({ status: 503, headers: {}, body: await inSpan('render', { 'http.route': '/x' }, async () => 'busy') }));
  // A visitor's own traceparent does not take the trace away from Lambda's: it is a link.
  await handler(functionUrlEvent('/x', { headers: { traceparent: '00-11111111111111111111111111111111-2222222222222222-01', 'x-amzn-trace-id': 'Root=1-00000000-000000000000000000000000;Sampled=1' } }), { awsRequestId: 'req-9' });
  await flushTraces();
  await until(() => documents.length >= 2);
  const root = documents.find((d) => d.parent_id === '53995c3f42cd8ad8')!;
  expect(root).toMatchObject({
    trace_id: '1-5759e988-bd862e3fe1be46a994272793',
    type: 'subsegment',
    name: 'GET',
    fault: true,
    http: { request: { method: 'GET', url: '/x' }, response: { status: 503 } },
    annotations: { cold_start: true, function: 'render' },
  });
  expect(root.end_time).toBeGreaterThanOrEqual(root.start_time);
  const child = documents.find((d) => d.name === 'render')!;
  expect(child).toMatchObject({ trace_id: root.trace_id, parent_id: root.id, annotations: { route: '/x' } });
  expect(refused).toEqual([]);
});

test("Lambda's Sampled=0: nothing is sent", async () => {
  documents.length = 0;
  process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272794;Parent=53995c3f42cd8ad9;Sampled=0';
  const handler = createFunctionUrlHandler(async () => ({ status: 200, headers: {}, body: 'ok' }));
  await handler(functionUrlEvent('/y'), { awsRequestId: 'req-10' });
  await flushTraces();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(documents).toEqual([]);
});

test('X-Ray ids and the daemon address', () => {
  expect(xrayTraceId('5759e988bd862e3fe1be46a994272793')).toBe('1-5759e988-bd862e3fe1be46a994272793');
  expect(daemonAddress('169.254.79.129:2000')).toEqual({ host: '169.254.79.129', port: 2000 });
  expect(daemonAddress('tcp:127.0.0.1:2000 udp:127.0.0.2:2001')).toEqual({ host: '127.0.0.2', port: 2001 });
  expect(daemonAddress(undefined)).toEqual({ host: '127.0.0.1', port: 2000 });
});
