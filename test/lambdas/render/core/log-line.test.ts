/** The request's log line, derived from the outcome and the response. */
import { NO_STORE } from '../../../../lambdas/shared/cache-control';
import { cacheOf, logLine, logRequest } from '../../../../lambdas/render/core/log-line';
import type { Outcome } from '../../../../lambdas/render/core/outcome';
import type { StoredPage } from '../../../../lambdas/render/ports/ports';
import { api, captureLogs, manifestOf, pageRequest, pagesOf, request } from '../memory-app';
import { readEmf } from '../../../helpers/emf-reader';

const Page = { default: () => null };
const specs = { '/ssr': { kind: 'ssr' as const, module: Page }, '/static': { kind: 'ssg' as const, module: Page }, '/api/x': api(() => undefined) };
const manifest = manifestOf(specs);
const ssr = pageRequest(manifest, pagesOf(specs), '/ssr', '/ssr');
const ssg = pageRequest(manifest, pagesOf(specs), '/static', '/static');
const stored: StoredPage = { html: 'x', json: '{}', etag: '"e"', revalidate: false, renderedAt: 0 };

test('the fields operators query, bytes from Content-Length', () => {
  const outcome: Outcome = { kind: 'static', page: ssg, stored };
  const response = { status: 200, headers: { 'content-length': '1234' }, body: 'x' };
  expect(logLine(request('/static'), { requestId: 'req', cfId: 'cf' }, outcome, response, 1.5)).toEqual({
    requestId: 'req', cfId: 'cf', method: 'GET', path: '/static', route: '/static', status: 200, durationMs: 1.5, bytes: 1234, cache: 'static', _aws: expect.any(Object),
  });
});

describe('metrics in the line (Embedded Metric Format)', () => {
  const points = (line: object) => readEmf(JSON.stringify(line)).map((p) => ({ metric: p.metric, dimensions: p.dimensions, values: p.values, unit: p.unit }));

  test('latency and status per route, per cache outcome and for the site, as CloudWatch reads them', () => {
    const line = logLine(request('/static'), { requestId: 'r' }, { kind: 'static', page: ssg, stored }, { status: 200, headers: {}, body: 'x' }, 3.25);
    expect(points(line)).toEqual([
      { metric: 'durationMs', unit: 'Milliseconds', dimensions: { route: '/static' }, values: [3.25] },
      { metric: 'durationMs', unit: 'Milliseconds', dimensions: { cache: 'static' }, values: [3.25] },
      { metric: 'durationMs', unit: 'Milliseconds', dimensions: {}, values: [3.25] },
      { metric: 'status', unit: 'None', dimensions: { route: '/static' }, values: [200] },
      { metric: 'status', unit: 'None', dimensions: { cache: 'static' }, values: [200] },
      { metric: 'status', unit: 'None', dimensions: {}, values: [200] },
    ]);
    expect(readEmf(JSON.stringify(line))[0]!.namespace).toBe('Stratus');
  });

  test('no route: the site alone (a dimension with no value would void the line)', () => {
    const line = logLine(request('/nowhere'), { requestId: 'r' }, { kind: 'notFound', locale: 'en', asPath: '/nowhere' }, { status: 404, headers: {} }, 1);
    expect(points(line).map((p) => p.dimensions)).toEqual([{}, {}]);
  });

  test("an instance's first request counts a cold start; the next ones do not", () => {
    const cold = logLine(request('/ssr'), { requestId: 'r', coldStart: true }, { kind: 'render', page: ssr, props: {}, query: {}, isFallback: false }, { status: 200, headers: {} }, 9);
    expect(cold.coldStart).toBe(1);
    expect(points(cold)).toContainEqual({ metric: 'coldStart', unit: 'Count', dimensions: {}, values: [1] });
    const warm = logLine(request('/ssr'), { requestId: 'r' }, { kind: 'render', page: ssr, props: {}, query: {}, isFallback: false }, { status: 200, headers: {} }, 9);
    expect(warm.coldStart).toBeUndefined();
    expect(points(warm).some((p) => p.metric === 'coldStart')).toBe(false);
  });

  test("the stack's namespace; STRATUS_METRICS=off leaves the member out", () => {
    const saved = { ...process.env };
    try {
      process.env.STRATUS_METRICS_NAMESPACE = 'Stratus/Shop/Site';
      const line = logLine(request('/static'), { requestId: 'r' }, { kind: 'static', page: ssg, stored }, { status: 200, headers: {} }, 1);
      expect(readEmf(JSON.stringify(line))[0]!.namespace).toBe('Stratus/Shop/Site');
      process.env.STRATUS_METRICS = 'off';
      expect(logLine(request('/static'), { requestId: 'r' }, { kind: 'static', page: ssg, stored }, { status: 200, headers: {} }, 1)._aws).toBeUndefined();
    } finally {
      process.env = saved;
    }
  });

  test("in Lambda, the request line's metrics follow the function's configuration", () => {
    const saved = { ...process.env };
    const lineIn = (env: Record<string, string>) => {
      process.env = { ...saved, AWS_LAMBDA_FUNCTION_NAME: 'render', ...env };
      let text = '';
      // A fresh copy of the module, as a new instance loads it with the function's environment.
      jest.isolateModules(() => {
        const { requestLineText } = require('../../../../lambdas/render/core/log-line') as typeof import('../../../../lambdas/render/core/log-line');
        text = requestLineText(request('/static'), { requestId: 'r' }, { kind: 'static', page: ssg, stored }, { status: 200, headers: {} }, 1);
      });
      return text;
    };
    try {
      expect(readEmf(lineIn({ STRATUS_METRICS_NAMESPACE: 'Stratus/Shop/Site' }))[0]!.namespace).toBe('Stratus/Shop/Site');
      expect(JSON.parse(lineIn({ STRATUS_METRICS: 'off' }))._aws).toBeUndefined();
    } finally {
      process.env = saved;
    }
  });

  test('the member adds under 260 bytes to a request line', () => {
    const outcome: Outcome = { kind: 'static', page: ssg, stored };
    const line = logLine(request('/static'), { requestId: '8f5c3a1e-2b7d-4e8f-9a6c-1d2e3f4a5b6c', cfId: 'x'.repeat(56) }, outcome, { status: 200, headers: { 'content-length': '5120' } }, 3.21);
    const { _aws, ...plain } = line;
    const added = Buffer.byteLength(JSON.stringify(line)) - Buffer.byteLength(JSON.stringify(plain));
    expect(added).toBeLessThan(260);
  });
});

test('no body: 0 bytes; no route matched: route undefined', () => {
  const line = logLine(request('/x'), { requestId: 'r' }, { kind: 'redirect', destination: '/', statusCode: 308, cacheControl: NO_STORE }, { status: 308, headers: {} }, 0);
  expect(line).toMatchObject({ bytes: 0, route: undefined, cache: undefined, status: 308 });
});

test.each<[string, string | undefined, Outcome]>([
  ['a stored page', 'static', { kind: 'static', page: ssg, stored }],
  ['a fallback shell', 'fallback', { kind: 'render', page: ssg, props: {}, query: {}, isFallback: true }],
  ['a server page', 'none', { kind: 'render', page: ssr, props: {}, query: {}, isFallback: false }],
  ["a server page's notFound", 'none', { kind: 'notFound', route: ssr.route, locale: 'en', asPath: '/ssr' }],
  ["a server page's failure", 'none', { kind: 'error', statusCode: 500, route: ssr.route, locale: 'en', asPath: '/ssr' }],
  ["a static page's redirect", undefined, { kind: 'redirect', route: ssg.route, destination: '/', statusCode: 307, cacheControl: NO_STORE }],
  ['no route', undefined, { kind: 'notFound', locale: 'en', asPath: '/x' }],
  ['another build', undefined, { kind: 'unknownBuild' }],
  ["an API route's answer", 'none', { kind: 'api', route: manifest.routes.find((r) => r.kind === 'api')!, response: { status: 200, headers: {} } }],
  ["an API route's failure", 'none', { kind: 'error', statusCode: 504, route: manifest.routes.find((r) => r.kind === 'api')!, locale: 'en', asPath: '/api/x' }],
])('cache of %s: %s', (_name, cache, outcome) => {
  expect(cacheOf(outcome)).toBe(cache);
});

test('a failure logs its cause (with the stack) before the request line; other outcomes one line', () => {
  const logs = captureLogs();
  try {
    const cause = new Error('db down');
    logRequest(request('/ssr'), { requestId: 'r', cfId: 'c' }, { kind: 'error', statusCode: 500, route: ssr.route, locale: 'en', asPath: '/ssr', cause }, { status: 500, headers: {} }, 2);
    expect(logs.lines).toEqual([
      expect.objectContaining({ level: 'ERROR', requestId: 'r', cfId: 'c', path: '/ssr', route: '/ssr', error: 'db down', stack: expect.stringContaining('Error: db down') }),
      expect.objectContaining({ level: 'INFO', status: 500, route: '/ssr' }),
    ]);
    logs.lines.length = 0;
    logRequest(request('/x'), { requestId: 'r' }, { kind: 'error', statusCode: 400, locale: 'en', asPath: '/' }, { status: 400, headers: {} }, 2);
    expect(logs.lines).toEqual([expect.objectContaining({ level: 'INFO', status: 400 })]);
  } finally {
    logs.restore();
  }
});

describe('the request line as written (text made without an object of its fields)', () => {
  const fc = require('fast-check') as typeof import('fast-check');
  const { checkProperty } = require('../../../helpers/property') as typeof import('../../../helpers/property');
  const { requestLineText } = require('../../../../lambdas/render/core/log-line') as typeof import('../../../../lambdas/render/core/log-line');
  const { isoTime } = require('../../../../lambdas/shared/log') as typeof import('../../../../lambdas/shared/log');

  const outcomes: Outcome[] = [
    { kind: 'static', page: ssg, stored },
    { kind: 'render', page: ssr, props: {}, query: {}, isFallback: false },
    { kind: 'render', page: ssr, props: {}, query: {}, isFallback: true },
    { kind: 'notFound', locale: 'en', asPath: '/x' },
    { kind: 'redirect', destination: '/', statusCode: 308, cacheControl: NO_STORE },
  ];

  test('generated requests: the text parses to exactly { level, time, ...logLine() }, metrics on or off', async () => {
    const saved = process.env.STRATUS_METRICS;
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_790_000_000_123);
    try {
      await checkProperty(
        'request line text equals its fields',
        fc.property(
          fc.record({
            path: fc.oneof(fc.string(), fc.constant('/a"b\\c'), fc.constant('/caf\u00e9\u2028')),
            requestId: fc.string({ minLength: 1 }),
            cfId: fc.option(fc.string(), { nil: undefined }),
            method: fc.constantFrom('GET', 'POST', 'HEAD'),
            status: fc.constantFrom(200, 304, 404, 500),
            durationMs: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e5, noNaN: true }).map((n) => Math.round(n * 100) / 100)),
            outcome: fc.nat(outcomes.length - 1),
            coldStart: fc.boolean(),
            streamed: fc.option(fc.record({ bytes: fc.nat(), ending: fc.constantFrom('ended' as const, 'aborted' as const, 'failed' as const) }), { nil: undefined }),
            metricsOff: fc.boolean(),
            length: fc.option(fc.nat(99_999).map(String), { nil: undefined }),
          }),
          (c) => {
            if (c.metricsOff) process.env.STRATUS_METRICS = 'off';
            else delete process.env.STRATUS_METRICS;
            const request = { method: c.method, path: c.path, rawQuery: '', headers: {} };
            const context = { requestId: c.requestId, cfId: c.cfId, ...(c.coldStart ? { coldStart: true } : {}) };
            const headers: Record<string, string> = c.length === undefined ? {} : { 'content-length': c.length };
            const response = { status: c.status, headers, body: 'x\u00e9' };
            const outcome = outcomes[c.outcome]!;
            const written = requestLineText(request, context, outcome, response, c.durationMs, c.streamed, Date.now());
            const expected = JSON.stringify({ level: 'INFO', time: isoTime(Date.now()), ...logLine(request, context, outcome, response, c.durationMs, c.streamed) });
            expect(written).toBe(expected);
          },
        ),
        1000,
      );
    } finally {
      now.mockRestore();
      if (saved === undefined) delete process.env.STRATUS_METRICS;
      else process.env.STRATUS_METRICS = saved;
    }
  });
});
