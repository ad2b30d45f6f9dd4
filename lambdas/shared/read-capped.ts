/**
 * Reads a byte stream into one Buffer, stopping as soon as it passes `limit`, so an
 * oversized or endless body never sits whole in memory. Past the limit it rejects with
 * what `overflow()` gives (which may also stop the stream).
 */
export async function readUpTo(stream: AsyncIterable<Uint8Array>, limit: number, overflow: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.byteLength;
    if (total > limit) throw overflow();
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, total);
}
