/**
 * The streaming Function URL adapter against the response stream as Lambda's Node.js runtime
 * shapes it (cli/serve/lambda-streaming.ts): the bytes the runtime sends are the JSON prelude
 * (status, headers, cookies), 8 NUL bytes, then the body; HEAD and empty answers still carry
 * the prelude; a body that fails mid-way rejects the handler, Lambda's signal of a failed
 * invocation; the visitor leaving (the response stream closing or failing before the answer
 * has ended) reaches the core as `context.signal`, from the start of the request; and the
 * emulation itself reads those bytes back as a Function URL does, and destroys the stream
 * as a lost connection to Lambda's API would when its visitor leaves.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createStreamingHandler, lambdaStreaming, type ResponseStream } from '../../../lambdas/shared/function-url-stream';
import type { Core, CoreResponse, RequestContext } from '../../../lambdas/shared/http';
import { setLogSink } from '../../../lambdas/shared/log';
import { HANDLER_STREAMING, HttpResponseStream, installStreamingGlobals, invokeStreaming, isStreamingHandler, LocalResponseStream, PRELUDE_CONTENT_TYPE, VisitorLeftError } from '../../../cli/serve/lambda-streaming';
import { functionUrlEvent } from '../../helpers/function-url-event';

beforeAll(() => installStreamingGlobals());
let restoreLog: ReturnType<typeof setLogSink>;
beforeAll(() => (restoreLog = setLogSink(() => undefined)));
afterAll(() => void setLogSink(restoreLog));

/** A response stream that keeps the raw bytes the runtime would send to Lambda. */
function rawStream(): { stream: ResponseStream; bytes: () => Buffer; contentType: () => string } {
  const chunks: Buffer[] = [];
  const stream = new LocalResponseStream((chunk, done) => {
    chunks.push(Buffer.from(chunk));
    done();
  });
  return { stream: stream as unknown as ResponseStream, bytes: () => Buffer.concat(chunks), contentType: () => stream.contentType };
}

const coreAnswering = (response: CoreResponse): Core => async () => response;

test('the globals have the runtime’s shapes: streamifyResponse marks the handler, HttpResponseStream.from writes the prelude on the first write', async () => {
  const marked = lambdaStreaming().streamifyResponse(async () => undefined);
  expect((marked as unknown as Record<symbol, unknown>)[HANDLER_STREAMING]).toBe('response');
  expect(isStreamingHandler(marked)).toBe(true);
  const raw = rawStream();
  const out = HttpResponseStream.from(raw.stream as unknown as LocalResponseStream, { statusCode: 201, headers: { a: 'b' } });
  expect(raw.contentType()).toBe(PRELUDE_CONTENT_TYPE);
  expect(raw.bytes().length).toBe(0); // nothing until the first write
  out.write('body');
  expect(raw.bytes()).toEqual(Buffer.concat([Buffer.from('{"statusCode":201,"headers":{"a":"b"}}'), Buffer.alloc(8), Buffer.from('body')]));
  expect(() => out.setContentType('text/plain')).toThrow(/too late/);
});

test('a whole answer: the prelude with status, headers and cookies, 8 NUL bytes, then the body', async () => {
  const raw = rawStream();
  const handler = createStreamingHandler(coreAnswering({ status: 201, headers: { 'content-type': 'application/json' }, cookies: ['a=1'], body: '{"ok":true}' }));
  await handler(functionUrlEvent('/api/x'), raw.stream, { awsRequestId: 'r1' });
  const bytes = raw.bytes();
  const at = bytes.indexOf(0);
  expect(JSON.parse(bytes.subarray(0, at).toString())).toEqual({ statusCode: 201, headers: { 'content-type': 'application/json' }, cookies: ['a=1'] });
  expect(bytes.subarray(at, at + 8)).toEqual(Buffer.alloc(8));
  expect(bytes.subarray(at + 8).toString()).toBe('{"ok":true}');
});

test('bytes go as bytes; HEAD and an empty body still send the prelude (a bare end() would send none)', async () => {
  const binary = rawStream();
  await createStreamingHandler(coreAnswering({ status: 200, headers: {}, body: new Uint8Array([0, 1, 2, 255]) }))(functionUrlEvent('/api/x'), binary.stream);
  expect(binary.bytes().subarray(-4)).toEqual(Buffer.from([0, 1, 2, 255]));
  for (const [method, response] of [
    ['HEAD', { status: 200, headers: { 'content-length': '5' }, body: 'hello' }],
    ['GET', { status: 204, headers: {} }],
  ] as const) {
    const raw = rawStream();
    await createStreamingHandler(coreAnswering(response))(functionUrlEvent('/api/x', { method }), raw.stream);
    const bytes = raw.bytes();
    expect(JSON.parse(bytes.subarray(0, bytes.indexOf(0)).toString()).statusCode).toBe(response.status);
    expect(bytes.length).toBe(bytes.indexOf(0) + 8);
  }
});

test('a streamed body: the prelude leaves before the first chunk, the chunks as they come', async () => {
  const raw = rawStream();
  const body = new Readable({ read() {} });
  const handler = createStreamingHandler(coreAnswering({ status: 200, headers: { 'content-type': 'text/event-stream' }, stream: body }));
  const done = handler(functionUrlEvent('/api/x'), raw.stream);
  await sleep(10);
  // Headers out, no chunk yet.
  expect(raw.bytes().subarray(-8)).toEqual(Buffer.alloc(8));
  body.push('data: 1\n\n');
  await sleep(10);
  expect(raw.bytes().toString()).toMatch(/data: 1\n\n$/);
  body.push('data: 2\n\n');
  body.push(null);
  await done;
  expect(raw.bytes().toString()).toMatch(/data: 1\n\ndata: 2\n\n$/);
});

test('a body that fails mid-way rejects the handler: Lambda ends the invocation as failed', async () => {
  const raw = rawStream();
  const body = new Readable({ read() {} });
  const done = createStreamingHandler(coreAnswering({ status: 200, headers: {}, stream: body }))(functionUrlEvent('/api/x'), raw.stream);
  body.push('part');
  await sleep(5);
  body.destroy(new Error('writer failed'));
  await expect(done).rejects.toThrow('writer failed');
});

test('a core that throws: a bare 500 prelude, never a throw to Lambda', async () => {
  const raw = rawStream();
  await createStreamingHandler(async () => {
    throw new Error('core failed');
  })(functionUrlEvent('/api/x'), raw.stream);
  const bytes = raw.bytes();
  expect(JSON.parse(bytes.subarray(0, bytes.indexOf(0)).toString()).statusCode).toBe(500);
});

describe('the local Function URL (invokeStreaming) reads what the runtime sends', () => {
  test('status, headers and cookies from the prelude; the body after it, as written', async () => {
    const handler = createStreamingHandler(async () => {
      const body = new Readable({ read() {} });
      setTimeout(() => {
        body.push('one ');
        setTimeout(() => {
          body.push('two');
          body.push(null);
        }, 20);
      }, 20);
      return { status: 207, headers: { 'x-a': 'b' }, cookies: ['c=d'], stream: body };
    });
    const answer = await invokeStreaming(handler, functionUrlEvent('/api/x'), { awsRequestId: 'r' });
    expect(answer.prelude).toEqual({ statusCode: 207, headers: { 'x-a': 'b' }, cookies: ['c=d'] });
    const chunks: string[] = [];
    for await (const chunk of answer.body) chunks.push(String(chunk));
    expect(chunks.join('')).toBe('one two');
  });

  test('a handler that fails before writing is refused (the Function URL answers 502); after writing, the body errors', async () => {
    await expect(invokeStreaming(async () => Promise.reject(new Error('early')), functionUrlEvent('/'), { awsRequestId: 'r' })).rejects.toThrow(/before it wrote its answer: early/);
    await expect(invokeStreaming((() => undefined) as never, functionUrlEvent('/'), { awsRequestId: 'r' })).rejects.toThrow(/non-async handlers/);
    const late = await invokeStreaming(
      (async (_event: unknown, stream: LocalResponseStream) => {
        const out = HttpResponseStream.from(stream, { statusCode: 200, headers: {} });
        out.write('part');
        await sleep(10);
        throw new Error('late');
      }) as never,
      functionUrlEvent('/'),
      { awsRequestId: 'r' },
    );
    const chunks: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of late.body) chunks.push(String(chunk));
      })(),
    ).rejects.toThrow('late');
    expect(chunks.join('')).toBe('part');
  });

  test('a handler that writes without HttpResponseStream.from: 200 with the stream’s content type, the bytes as they are', async () => {
    const answer = await invokeStreaming(
      (async (_event: unknown, stream: LocalResponseStream) => {
        stream.setContentType('text/plain');
        stream.write('raw');
        stream.end();
      }) as never,
      functionUrlEvent('/'),
      { awsRequestId: 'r' },
    );
    expect(answer.prelude).toEqual({ statusCode: 200, headers: { 'content-type': 'text/plain' }, cookies: [] });
    let text = '';
    for await (const chunk of answer.body) text += String(chunk);
    expect(text).toBe('raw');
  });
});

describe('the visitor leaving, as the response stream tells it', () => {
  /** A core that waits until `answer` is called, keeping the context it was given. */
  function waitingCore() {
    let context: RequestContext | undefined;
    let answer!: (response: CoreResponse) => void;
    const core: Core = async (_request, given) => {
      context = given;
      return new Promise<CoreResponse>((resolve) => (answer = resolve));
    };
    return { core, context: () => context!, answer: (response: CoreResponse) => answer(response) };
  }

  test.each([
    ['closes', (stream: ResponseStream) => stream.destroy()],
    ['fails (its connection to Lambda’s API lost)', (stream: ResponseStream) => stream.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))],
  ])('before the answer: the stream %s, the core’s signal aborts; what it answers then is dropped, a stream destroyed; the handler settles', async (_name, leave) => {
    const raw = rawStream();
    raw.stream.on('error', () => undefined); // the runtime's own listener
    const waiting = waitingCore();
    const done = createStreamingHandler(waiting.core)(functionUrlEvent('/api/x'), raw.stream);
    await sleep(5);
    const signal = waiting.context().signal!;
    expect(signal.aborted).toBe(false);
    leave(raw.stream);
    await sleep(5);
    expect(signal.aborted).toBe(true);
    const body = new Readable({ read() {} });
    waiting.answer({ status: 200, headers: {}, stream: body });
    await done;
    expect(body.destroyed).toBe(true);
    expect(raw.bytes().length).toBe(0);
  });

  test('mid-stream: the signal aborts and the body is destroyed (its writer hears it)', async () => {
    const raw = rawStream();
    const waiting = waitingCore();
    const done = createStreamingHandler(waiting.core)(functionUrlEvent('/api/x'), raw.stream);
    await sleep(5);
    const body = new Readable({ read() {} });
    waiting.answer({ status: 200, headers: {}, stream: body });
    body.push('one');
    await sleep(5);
    raw.stream.destroy();
    await done;
    expect(waiting.context().signal!.aborted).toBe(true);
    expect(body.destroyed).toBe(true);
  });

  test('an answer that finished: the signal never aborts, and the handler leaves no listener behind', async () => {
    const raw = rawStream();
    const waiting = waitingCore();
    const done = createStreamingHandler(waiting.core)(functionUrlEvent('/api/x'), raw.stream);
    await sleep(5);
    waiting.answer({ status: 200, headers: {}, body: 'whole' });
    await done;
    await sleep(5);
    expect(waiting.context().signal!.aborted).toBe(false);
    expect((raw.stream as unknown as LocalResponseStream).listenerCount('close')).toBe(0);
    expect((raw.stream as unknown as LocalResponseStream).listenerCount('error')).toBe(0);
  });

  test('the local Function URL: a visitor who leaves before the head destroys the stream as a lost connection (error ECONNRESET, close, failed writes) and the invocation rejects', async () => {
    const heard: string[] = [];
    let writeError: unknown;
    let wrote!: () => void;
    const writing = new Promise<void>((resolve) => (wrote = resolve));
    const visitor = new AbortController();
    const invocation = invokeStreaming(
      (async (_event: unknown, stream: LocalResponseStream) => {
        stream.on('error', (error: NodeJS.ErrnoException) => heard.push(`error ${error.code}`));
        stream.on('close', () => heard.push('close'));
        await sleep(20);
        stream.write('late', (error) => {
          writeError = error;
          wrote();
        });
      }) as never,
      functionUrlEvent('/'),
      { awsRequestId: 'r' },
      visitor.signal,
    );
    visitor.abort();
    await expect(invocation).rejects.toBeInstanceOf(VisitorLeftError);
    await writing;
    expect(heard).toEqual(['error ECONNRESET', 'close']);
    expect((writeError as NodeJS.ErrnoException).code).toBe('ERR_STREAM_DESTROYED');
  });

  test('the local Function URL: cancel() after the head, through the adapter, reaches the core as its signal', async () => {
    const waiting = waitingCore();
    const answer = invokeStreaming(createStreamingHandler(waiting.core), functionUrlEvent('/api/x'), { awsRequestId: 'r' });
    await sleep(5);
    const body = new Readable({ read() {} });
    waiting.answer({ status: 200, headers: {}, stream: body });
    (await answer).cancel();
    await sleep(5);
    expect(waiting.context().signal!.aborted).toBe(true);
    expect(body.destroyed).toBe(true);
  });
});
