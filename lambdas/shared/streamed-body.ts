/**
 * Bodies still being written (`CoreResponse.stream`): the streaming limit, a web `Response`
 * taken as one, and reading one whole where the platform buffers answers.
 */
import type { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isTextType, type CoreResponse } from './http';
import { nodeStream } from './node-builtins';

/**
 * What a streamed answer may carry: Lambda's 200 MB ceiling on a response through a
 * streaming Function URL (read as decimal megabytes, the smaller reading), less 64 KiB for
 * the prelude that carries the status, headers and cookies.
 * https://docs.aws.amazon.com/lambda/latest/dg/config-rs-invoke-furls.html
 */
export const STREAMED_RESPONSE_LIMIT = 200_000_000 - 64 * 1024;

/** A body over the limit of the way it leaves; the message names the limit. */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
}

/**
 * A web `Response` as a core response whose body streams: its bytes pass on as its body's
 * reader yields them, and a visitor who leaves cancels that reader (the body's `cancel()`).
 *
 * @example
 * fromWebStream(new Response(readable, { headers: { 'content-type': 'text/event-stream' } })); // { status: 200, headers, stream }
 */
export function fromWebStream(response: Response): CoreResponse {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  const result: CoreResponse = { status: response.status, headers };
  if (cookies.length > 0) result.cookies = cookies;
  if (response.body !== null) result.stream = nodeStream().Readable.fromWeb(response.body as unknown as WebReadableStream);
  return result;
}

/**
 * Reads a streamed body whole, for a platform that sends answers at once: text stays a
 * string (by the content type), anything else bytes. `undefined` when it went past `limit`
 * (the stream is destroyed then, so its writer stops); rejects with what the writer failed with.
 */
export async function readWhole(stream: Readable, contentType: string | undefined, limit: number): Promise<string | Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buffer.byteLength;
    if (bytes > limit) {
      stream.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  const whole = Buffer.concat(chunks);
  return isTextType(contentType) ? whole.toString('utf8') : new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}
