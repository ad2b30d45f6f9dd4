import fs from 'node:fs';
import fc from 'fast-check';
import { flushLog, isoTime, log, logError, setLogSink } from '../../../lambdas/shared/log';

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

describe('on stdout', () => {
  let writes: string[];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    writes = [];
    spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
  });
  afterEach(() => spy.mockRestore());

  test('request lines of one event-loop turn leave in one write, each still a line of its own', async () => {
    log({ path: '/a' });
    log({ path: '/b' });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split('\n').filter(Boolean).map((line) => JSON.parse(line).path)).toEqual(['/a', '/b']);
  });

  test('an ERROR line is written at once, on its own, after the lines waiting before it', () => {
    log({ path: '/before' });
    logError(new Error('boom'));
    expect(writes).toHaveLength(2);
    expect(JSON.parse(writes[0]!).path).toBe('/before');
    expect(writes[1]!.startsWith('{"level":"ERROR"')).toBe(true);
  });

  test('flushLog writes what waits (Lambda calls it before answering)', () => {
    log({ path: '/c' });
    flushLog();
    expect(writes.map((w) => JSON.parse(w).path)).toEqual(['/c']);
  });
});

test('line times read as Date would write them, at any moment and in any order', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 4_102_444_800_000 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 120_000 }), (moments, step) => {
      for (const ms of moments) {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
        expect(isoTime(ms + step)).toBe(new Date(ms + step).toISOString());
      }
    }),
    { seed: 15, numRuns: 500 },
  );
});

test('copies of the logger in one process (each render bundle the dev server loads) share one buffer and one exit hook', () => {
  const before = process.listenerCount('exit');
  const copies: (typeof import('../../../lambdas/shared/log'))[] = [];
  for (let i = 0; i < 12; i++) jest.isolateModules(() => copies.push(require('../../../lambdas/shared/log')));
  expect(process.listenerCount('exit')).toBe(before);
  const writes: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    copies[0]!.log({ path: '/from-one-copy' });
    copies[11]!.flushLog();
    expect(writes.join('')).toContain('/from-one-copy');
  } finally {
    spy.mockRestore();
  }
});

describe('in Lambda, lines go to file descriptor 1', () => {
  /** A copy of the logger loaded as in Lambda, with fd 1's writes and the stream's captured. */
  function lambdaLogger(writeSync: (fd: number, text: string) => number) {
    const previous = process.env.AWS_LAMBDA_FUNCTION_NAME;
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'render';
    let logger: typeof import('../../../lambdas/shared/log') | undefined;
    jest.isolateModules(() => (logger = require('../../../lambdas/shared/log')));
    if (previous === undefined) delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    else process.env.AWS_LAMBDA_FUNCTION_NAME = previous;
    const fd: string[] = [];
    const stream: string[] = [];
    const fdSpy = jest.spyOn(fs, 'writeSync').mockImplementation(((descriptor: number, text: string) => {
      const written = writeSync(descriptor, text);
      fd.push(Buffer.from(text).subarray(0, written).toString());
      return written;
    }) as typeof fs.writeSync);
    const streamSpy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stream.push(Buffer.from(chunk).toString());
      return true;
    });
    return { logger: logger!, fd, stream, restore: () => (fdSpy.mockRestore(), streamSpy.mockRestore()) };
  }

  test('each flush is one write of whole lines', () => {
    const { logger, fd, stream, restore } = lambdaLogger((_fd, text) => Buffer.byteLength(text));
    try {
      logger.log({ path: '/a' });
      logger.log({ path: '/é' });
      logger.flushLog();
      expect(stream).toEqual([]);
      expect(fd).toHaveLength(1);
      expect(fd[0]!.split('\n').filter(Boolean).map((line) => JSON.parse(line).path)).toEqual(['/a', '/é']);
    } finally {
      restore();
    }
  });

  test('what a full pipe did not take goes through the stream, and every later line after it, in order', () => {
    let calls = 0;
    // The first write takes 10 bytes, the second is refused (EAGAIN).
    const { logger, fd, stream, restore } = lambdaLogger((_fd, text) => {
      calls++;
      if (calls === 1) return 10;
      throw Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
    });
    try {
      logger.log({ path: '/first' });
      logger.flushLog();
      logger.log({ path: '/second' });
      logger.flushLog();
      expect(calls).toBe(1);
      const all = fd.join('') + stream.join('');
      expect(all.split('\n').filter(Boolean).map((line) => JSON.parse(line).path)).toEqual(['/first', '/second']);
    } finally {
      restore();
    }
  });
});
