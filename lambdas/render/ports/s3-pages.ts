/**
 * The page store's ports in S3 (ports.ts): the shared store where every instance keeps the
 * pages it regenerated (`SharedPages`, under `STRATUS_PAGES_PREFIX`), the build's prerendered
 * pages (`PageSource`, under `STRATUS_PRERENDERED_PREFIX`, uploaded by the deploy) and the
 * copies CloudFront serves straight from the bucket (`PublishedPages`). One JSON object per
 * page, HTML and data together (page-object.ts). Locally, the folder implementations.
 */
import { traceAwsCalls } from '../../shared/tracing/aws-calls';
import { awsClientOptions, operationOptions } from '../../shared/aws-client-options';
import { createCircuit } from '../../shared/circuit-breaker';
import { DependencyError } from '../../shared/dependency-failure';
import { BUCKET_PAGE_DATA, staticCacheControl } from '../../shared/cache-control';
import { deserializePage, hashedKey, serializePage } from './page-object';
import type { PageSource, PublishedPages, SharedPages, StoredPage } from './ports';

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

type S3 = typeof import('@aws-sdk/client-s3');
type Connected = { sdk: S3; client: import('@aws-sdk/client-s3').S3Client };

/** One client per endpoint, made on first use: the SDK costs cold start only to instances that read the bucket. */
const clients = new Map<string, Promise<Connected>>();

function connect(endpoint: string | undefined): Promise<Connected> {
  const id = endpoint ?? '';
  let connected = clients.get(id);
  if (!connected) {
    connected = Promise.resolve(require('@aws-sdk/client-s3') as S3).then((sdk) => ({
      sdk,
      client: traceAwsCalls(new sdk.S3Client({ ...awsClientOptions(endpoint), forcePathStyle: !!endpoint }), 'S3'),
    }));
    clients.set(id, connected);
  }
  return connected;
}

/** Whether S3 answered that the key is not there (with s3:ListBucket; without it S3 says AccessDenied). */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** A page object at `key`, undefined when S3 says it is not there; any other failure as a DependencyError. */
async function readPageObject(options: S3PagesOptions, key: string, dependency: string): Promise<StoredPage | undefined> {
  const { sdk, client } = await connect(options.endpoint);
  try {
    const object = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: key }), operationOptions());
    return deserializePage(await object.Body!.transformToString());
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw new DependencyError(dependency, error);
  }
}

/**
 * Pages as objects `<prefix><buildId>/<locale><path>.json`, readable in the console.
 *
 * @example
 * const shared = s3Pages({ bucket: process.env.STRATUS_BUCKET!, prefix: '_data/pages/' });
 */
export function s3Pages(options: S3PagesOptions): SharedPages {
  const keyOf = (key: string) => `${options.prefix}${key.length > MAX_READABLE_KEY ? `hashed/${hashedKey(key)}` : key}.json`;
  const dependency = `S3 bucket ${options.bucket} (${options.prefix})`;
  // Reads and writes apart: a bucket refusing writes (a policy, a full quota) still serves
  // reads; one that cannot be read is not written to either.
  const reads = createCircuit(dependency, options.circuitOpenMs);
  const writes = createCircuit(dependency, options.circuitOpenMs);
  return {
    dependency,
    read: (key) => reads.run(() =>
      readPageObject(options, keyOf(key), dependency).catch((failure: unknown) => {
        // A bucket that cannot be read is not written to either.
        if (failure instanceof DependencyError) writes.trip(failure);
        throw failure;
      }),
    ),
    write: (key, page) => writes.run(async () => {
      const { sdk, client } = await connect(options.endpoint);
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

/**
 * The build's prerendered pages, as the deploy uploaded them: `<prefix><pageObjectKey>`
 * (the key ends in `.json`). Read only.
 *
 * @example
 * const prerendered = s3Prerendered({ bucket, prefix: '_data/prerendered/' });
 * await prerendered.read('b1/en/posts/first.json');
 */
export function s3Prerendered(options: S3PagesOptions): PageSource {
  const dependency = `S3 bucket ${options.bucket} (${options.prefix})`;
  const reads = createCircuit(dependency, options.circuitOpenMs);
  return {
    dependency,
    read: (key) => reads.run(() => readPageObject(options, options.prefix + key, dependency)),
  };
}

/**
 * The copies CloudFront serves from the bucket, written or removed at their keys with the
 * headers the deploy gives them (a static page's Cache-Control, its type).
 */
export function s3Published(options: Omit<S3PagesOptions, 'prefix'>): PublishedPages {
  const dependency = `S3 bucket ${options.bucket} (published pages)`;
  const writes = createCircuit(dependency, options.circuitOpenMs);
  return {
    dependency,
    put: (key, body, type) => writes.run(async () => {
      const { sdk, client } = await connect(options.endpoint);
      try {
        if (body === undefined) {
          await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: key }), operationOptions());
          return;
        }
        await client.send(new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: type === 'html' ? 'text/html; charset=utf-8' : 'application/json',
          CacheControl: type === 'html' ? staticCacheControl(false) : BUCKET_PAGE_DATA,
        }), operationOptions());
      } catch (error) {
        throw new DependencyError(dependency, error);
      }
    }),
  };
}
