/** `stratus start --trace` (STRATUS_TRACING=console): each request's spans as a tree on stderr, children under their parents with their times. */
import { createFunctionUrlHandler } from '../../../../lambdas/shared/function-url';
import { setLogSink } from '../../../../lambdas/shared/log';
import { inSpan } from '../../../../lambdas/shared/tracing/otel';
import { startTracing } from '../../../../lambdas/shared/tracing/setup';
import { functionUrlEvent } from '../../../helpers/function-url-event';

test('one tree per request, printed when the request ends', async () => {
  const previous = setLogSink(() => undefined);
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((text) => (written.push(String(text)), true));
  try {
    expect(startTracing({ STRATUS_TRACING: 'console' })).toBe(true);
    const handler = createFunctionUrlHandler(async () => {
      await inSpan('routing', undefined, async () => inSpan('middleware', undefined, () => undefined));
      await inSpan('getServerSideProps', undefined, () => Promise.reject(new Error('down')).catch(() => undefined));
      return { status: 200, headers: {}, body: 'ok' };
    });
    await handler(functionUrlEvent('/page'), { awsRequestId: 'r' });
    const tree = written.join('');
    expect(tree).toMatch(/^trace [0-9a-f]{32}  GET  [\d.]+ ms  status_code=200 coldstart=true\n/);
    expect(tree.split('\n').slice(1, 4).map((line) => line.replace(/  [\d.]+ ms.*/, ''))).toEqual(['  ├ routing', '  │ └ middleware', '  └ getServerSideProps']);
  } finally {
    spy.mockRestore();
    setLogSink(previous);
  }
});
