import { log, logError, setLogSink } from '../../../lambdas/shared/log';

function capture(run: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const restore = setLogSink((line) => lines.push(line));
  try {
    run();
  } finally {
    setLogSink(restore);
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

test('one JSON object per line, with level and time', () => {
  const [line] = capture(() => log({ path: '/a', status: 200 }));
  expect(line).toEqual({ level: 'INFO', time: expect.any(String), path: '/a', status: 200 });
});

test("an error line keeps msg 'error' for the log queries, and a caller's message goes in context", () => {
  const [line] = capture(() => logError(new Error('boom'), { msg: "the app's 500 page failed; serving the built-in page", statusCode: 500 }));
  expect(line).toMatchObject({ level: 'ERROR', msg: 'error', context: "the app's 500 page failed; serving the built-in page", error: 'boom', errorName: 'Error', statusCode: 500 });
  expect(String(line!.stack)).toContain('Error: boom');
  const [plain] = capture(() => logError('not an Error'));
  expect(plain).toMatchObject({ msg: 'error', error: 'not an Error' });
  expect(plain).not.toHaveProperty('context');
});
