/**
 * The shared page store in S3 (ports.ts, `SharedPages`): where every instance keeps the
 * pages it regenerated, under `STRATUS_BUCKET` / `STRATUS_PAGES_PREFIX`. One JSON object per
 * page, HTML and data together (page-object.ts). Locally, folder-pages.ts.
 */
import { traceAwsCalls } from '../../shared/tracing/aws-calls';
import { awsClientOptions, operationOptions } from '../../shared/aws-client-options';
import { createCircuit } from '../../shared/circuit-breaker';
import { DependencyError } from '../../shared/dependency-failure';
import { deserializePage, hashedKey, serializePage } from './page-object';
import type { SharedPages } from './ports';

/** S3 keys are at most 1,024 bytes; a longer page key is stored under its hash. */
const MAX_READABLE_KEY = 900;

export interface S3PagesOptions {
  bucket: string;
  /** Key prefix, ending in `/`: `_data/pages/`. */
  prefix: string;
  /** An S3-protocol endpoint (tests: s3rver). @default - the region's */
  endpoint?: string;
  /** How long calls fail at once after one failed (circuit-breaker.ts). @default CIRCUIT_OPEN_MS */
  circuitOpenMs?: number;
}

/**
 * Pages as objects `<prefix><buildId>/<locale><path>.json`, readable in the console.
 *
 * @example
 * const shared = s3Pages({ bucket: process.env.STRATUS_BUCKET!, prefix: '_data/pages/' });
 */
export function s3Pages(options: S3PagesOptions): SharedPages {
  type S3 = typeof import('@aws-sdk/client-s3');
  let loaded: Promise<{ sdk: S3; client: import('@aws-sdk/client-s3').S3Client }> | undefined;
  // Loaded on first use: the SDK costs cold start only to instances that read the store.
  const connect = () =>
    (loaded ??= Promise.resolve(require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3')).then((sdk) => ({
      sdk,
      client: traceAwsCalls(new sdk.S3Client({ ...awsClientOptions(options.endpoint), forcePathStyle: !!options.endpoint }), 'S3'),
    })));
  const keyOf = (key: string) => `${options.prefix}${key.length > MAX_READABLE_KEY ? `hashed/${hashedKey(key)}` : key}.json`;
  const dependency = `S3 bucket ${options.bucket} (${options.prefix})`;
  // Reads and writes apart: a bucket refusing writes (a policy, a full quota) still serves
  // reads; one that cannot be read is not written to either.
  const reads = createCircuit(dependency, options.circuitOpenMs);
  const writes = createCircuit(dependency, options.circuitOpenMs);
  return {
    dependency,
    read: (key) => reads.run(async () => {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }), operationOptions());
        return deserializePage(await object.Body!.transformToString());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        const failure = new DependencyError(dependency, error);
        writes.trip(failure);
        throw failure;
      }
    }),
    write: (key, page) => writes.run(async () => {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(key),
          Body: serializePage(page),
          ContentType: 'application/json',
        }), operationOptions());
      } catch (error) {
        throw new DependencyError(dependency, error);
      }
    }),
  };
}
