/**
 * An app that does not trace pays nothing: without a tracer provider, a request through the
 * adapter, a stage's span and an AWS SDK client's middleware run the plain code, and neither
 * the OpenTelemetry API nor Stratus's tracing code is ever loaded. `STRATUS_TRACING` unset,
 * `off` or unknown turns nothing on.
 */
import { createFunctionUrlHandler } from '../../../../lambdas/shared/function-url';
import { setLogSink } from '../../../../lambdas/shared/log';
import { inSpan, tracing } from '../../../../lambdas/shared/tracing/otel';
import { startTracing, tracingMode } from '../../../../lambdas/shared/tracing/setup';
import { traceAwsCalls } from '../../../../lambdas/shared/tracing/aws-calls';
import { functionUrlEvent } from '../../../helpers/function-url-event';

const loaded = () => Object.keys(require.cache).filter((file) => /@opentelemetry|tracing[/\\](traced|sdk)\.ts$/.test(file));

test('a request, a span and an SDK call without a provider load neither the API nor the tracing code', async () => {
  const handler = createFunctionUrlHandler(async () => ({ status: 200, headers: {}, body: inSpan('render', { a: 1 }, (span) => (span === undefined ? 'plain' : 'traced')) }));
  const result = await handler(functionUrlEvent('/'), { awsRequestId: 'r' });
  expect(result).toMatchObject({ statusCode: 200, body: 'plain' });
  const added: unknown[] = [];
  const client = traceAwsCalls({ middlewareStack: { add: (middleware: unknown) => void added.push(middleware) } }, 'S3');
  const send = (added[0] as (next: (args: unknown) => Promise<unknown>, context: object) => (args: unknown) => Promise<unknown>)(async (args) => ({ output: args }), { commandName: 'GetObjectCommand' });
  await expect(send('x')).resolves.toEqual({ output: 'x' });
  expect(client).toBeDefined();
  expect(tracing()).toBeUndefined();
  expect(loaded()).toEqual([]);
});

test('STRATUS_TRACING unset, off, or unknown (with a warning): nothing starts', () => {
  const lines: string[] = [];
  const previous = setLogSink((line) => void lines.push(line));
  try {
    expect(startTracing({})).toBe(false);
    expect(startTracing({ STRATUS_TRACING: 'off' })).toBe(false);
    expect(tracingMode('jaeger')).toBeUndefined();
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'WARN', msg: expect.stringContaining('STRATUS_TRACING="jaeger" is not one of off, xray, otlp, console') });
    expect(loaded()).toEqual([]);
  } finally {
    setLogSink(previous);
  }
});
