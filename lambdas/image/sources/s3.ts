/**
 * Source on Lambda: the site's S3 bucket, which holds `public/` files and hashed static
 * media under the same keys as their URL paths.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { operationOptions } from '../../shared/aws-client-options';
import { createCircuit } from '../../shared/circuit-breaker';
import { DependencyError } from '../../shared/dependency-failure';
import { DEFAULT_MAX_INPUT_BYTES, notFound, parseMaxAge, pathToKey, readCapped, tooManyBytes, type ImageSource } from './source';

export interface S3SourceOptions {
  client: S3Client;
  /** Bucket name; on Lambda it comes from `STRATUS_BUCKET`. */
  bucket: string;
  /** Key prefix the assets sit under. @default '' */
  prefix?: string;
  /** @default DEFAULT_MAX_INPUT_BYTES (50 MiB) */
  maxInputBytes?: number;
}

/** Error names S3 gives for a key that is not there. */
const MISSING = new Set(['NoSuchKey', 'NotFound']);

/**
 * Reads site paths from an S3 bucket through the AWS SDK.
 *
 * @example
 * const source = createS3Source({ client: new S3Client({}), bucket: process.env.STRATUS_BUCKET! });
 */
export function createS3Source(options: S3SourceOptions): ImageSource {
  const { client, bucket, prefix = '' } = options;
  const maxInputBytes = options.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const dependency = `S3 bucket ${bucket}`;
  const circuit = createCircuit(dependency);
  return {
    async load(url) {
      const key = prefix + pathToKey(url);
      if (key === prefix) throw notFound();
      // A bucket that fails fails fast for a while (circuit-breaker.ts); a missing key is no failure.
      const object = await circuit.run(async () => {
        try {
          return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), operationOptions());
        } catch (error) {
          if (MISSING.has((error as { name?: string }).name ?? '')) throw notFound();
          throw new DependencyError(dependency, error);
        }
      });
      const body = object.Body as (AsyncIterable<Uint8Array> & { destroy?: () => void }) | undefined;
      if (!body) throw notFound();
      if (object.ContentLength !== undefined && object.ContentLength > maxInputBytes) {
        body.destroy?.();
        throw tooManyBytes(object.ContentLength, maxInputBytes);
      }
      const buffer = await readCapped(body, maxInputBytes, () => body.destroy?.());
      return { buffer, maxAge: parseMaxAge(object.CacheControl) };
    },
  };
}
