/** A failing dependency's ERROR line: once per window, the next window's line counting what the window before left out. */
import { DependencyError, FAILURE_LOG_WINDOW_MS, isDependencyError, reportDependencyFailure, resetDependencyFailures } from '../../../lambdas/shared/dependency-failure';
import { setLogSink } from '../../../lambdas/shared/log';

test('one line per dependency per window, then one more with the count of the failures not logged', () => {
  resetDependencyFailures();
  const lines: Record<string, unknown>[] = [];
  const restore = setLogSink((line) => lines.push(JSON.parse(line)));
  try {
    const bucket = new DependencyError('S3 bucket b (_data/pages/)', new Error('SlowDown'));
    const table = new DependencyError('DynamoDB table t', new Error('ECONNREFUSED'));
    const fields = (error: DependencyError) => ({ dependency: error.dependency, doing: 'read a page', served: 'the copy at hand' });
    for (let i = 0; i < 5; i++) reportDependencyFailure(bucket, fields(bucket), 1_000 + i);
    reportDependencyFailure(table, fields(table), 1_000);
    reportDependencyFailure(bucket, fields(bucket), 1_000 + FAILURE_LOG_WINDOW_MS);
    expect(lines.map((line) => [line.level, line.dependency, line.failuresNotLogged])).toEqual([
      ['ERROR', 'S3 bucket b (_data/pages/)', 0],
      ['ERROR', 'DynamoDB table t', 0],
      ['ERROR', 'S3 bucket b (_data/pages/)', 4],
    ]);
    expect([lines[0]!.msg, lines[0]!.context]).toEqual(['error', 'dependency failed']);
  } finally {
    setLogSink(restore);
  }
});

test('the error names the dependency and keeps the cause; the guard also knows a copy from another bundle by its name', () => {
  const error = new DependencyError('DynamoDB table t', new Error('ThrottlingException: rate exceeded'));
  expect(error.message).toBe('DynamoDB table t failed: ThrottlingException: rate exceeded');
  expect(isDependencyError(error)).toBe(true);
  const copy = Object.assign(new Error('x'), { name: 'DependencyError', dependency: 'S3 bucket b' });
  expect(isDependencyError(copy)).toBe(true);
  expect(isDependencyError(new Error('x'))).toBe(false);
});
