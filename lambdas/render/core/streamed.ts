/**
 * An answer whose body is still being written (`CoreResponse.stream`: an API route that
 * wrote before it ended, a web `Response` with a stream body), on its way out of the core.
 * Where the platform buffers answers it is read whole first, within the buffered limit;
 * where it streams, it is passed on watched: its bytes counted against Lambda's streaming
 * limit (past it the answer is cut off, never ended as if whole), and its end reported
 * once, for the request's log line.
 */
import type { Readable } from 'node:stream';
import type { CoreResponse } from '../../shared/http';
import { nodeStream } from '../../shared/node-builtins';
import { readWhole, ResponseTooLargeError, STREAMED_RESPONSE_LIMIT } from '../../shared/streamed-body';
import { RESPONSE_PAYLOAD_LIMIT } from '../../shared/function-url';

/** How a streamed answer ended: whole; cut off because its reader left (the visitor); or cut off by a failure. */
export type StreamEnd = { ending: 'ended' | 'aborted'; bytes: number } | { ending: 'failed'; bytes: number; error: unknown };

/**
 * The answer with its body read whole (`content-length` set), or the reason it cannot be:
 * a ResponseTooLargeError naming the limit, or what its writer failed with.
 */
export async function readStreamed(response: CoreResponse, label: string): Promise<CoreResponse | { failure: unknown }> {
  let body: string | Uint8Array | undefined;
  try {
    body = await readWhole(response.stream!, response.headers['content-type'], RESPONSE_PAYLOAD_LIMIT);
  } catch (error) {
    return { failure: error };
  }
  if (body === undefined) {
    return { failure: new ResponseTooLargeError(`The answer of ${label} is over Lambda's ${RESPONSE_PAYLOAD_LIMIT}-byte response payload (buffered Function URL); answered 500 instead.`) };
  }
  const { stream: _read, ...rest } = response;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return { ...rest, headers: { ...response.headers, 'content-length': String(length) }, body };
}

/**
 * The stream as the platform reads it: the same chunks, counted. Past `limit` bytes it
 * fails with a ResponseTooLargeError naming the limit (its writer is stopped); a reader
 * that destroys it (the visitor left) stops the writer too. `onEnd` is called once.
 */
export function watchStreamed(stream: Readable, label: string, onEnd: (end: StreamEnd) => void, limit = STREAMED_RESPONSE_LIMIT): Readable {
  const { Transform, pipeline } = nodeStream();
  let bytes = 0;
  let tooLarge: ResponseTooLargeError | undefined;
  // Destroyed from the reader's side (the visitor left) while the writer was still sound.
  let readerLeft = false;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.byteLength;
      if (bytes <= limit) return callback(null, chunk);
      tooLarge = new ResponseTooLargeError(`The answer of ${label} went past ${limit} bytes, the limit on a streamed response (Lambda's 200 MB): cut off there.`);
      callback(tooLarge);
    },
    destroy(error, callback) {
      if (!tooLarge && !stream.errored && !stream.readableEnded) readerLeft = true;
      callback(error);
    },
  });
  pipeline(stream, counted, (error) => {
    if (!error) onEnd({ ending: 'ended', bytes });
    else if (tooLarge) onEnd({ ending: 'failed', bytes, error: tooLarge });
    else if (readerLeft) onEnd({ ending: 'aborted', bytes });
    // The writer's own failure (the handler threw, the answer was cut at its budget).
    else onEnd({ ending: 'failed', bytes, error: stream.errored ?? error });
  });
  return counted;
}
