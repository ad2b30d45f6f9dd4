/**
 * Removing pages from CloudFront's cache after an on-demand revalidation. Paths asked for
 * within `delayMs` of each other go out as one invalidation, each path once. The delay is
 * at least the page store's memory bound (page-store.ts, `DEFAULT_STORE_CACHE_MS`): by the
 * time CloudFront asks an instance again, no instance still trusts its old memory copy, so
 * the edge cannot take the old page back. Invalidations are charged per path past the first
 * 1,000 a month (https://aws.amazon.com/cloudfront/pricing/): deduplicating matters.
 */
import { log } from '../../shared/log';
import { DEFAULT_STORE_CACHE_MS } from '../static/page-store';
import { nodeCrypto } from '../../shared/node-builtins';

/** Sends one invalidation of these paths. */
export type InvalidationSender = (paths: string[]) => Promise<void>;

/** Paths per CreateInvalidation at most (CloudFront takes 3,000 file paths in progress per distribution). */
export const MAX_PATHS_PER_INVALIDATION = 1000;

export interface Invalidations {
  /** Resolves once an invalidation holding these paths has been accepted; rejects when it was refused. */
  invalidate(paths: readonly string[]): Promise<void>;
}

/**
 * @example
 * const invalidations = batchInvalidations(cloudFrontSender({ distributionId: async () => 'E2QWRUHAPOMQZL' }));
 * await Promise.all([invalidations.invalidate(['/a']), invalidations.invalidate(['/a', '/b'])]); // one invalidation: /a, /b
 */
export function batchInvalidations(send: InvalidationSender, delayMs = DEFAULT_STORE_CACHE_MS): Invalidations {
  let batch: { paths: Set<string>; sent: Promise<void> } | undefined;
  return {
    invalidate(paths) {
      if (!batch) {
        const paths = new Set<string>();
        const sent = new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(async () => {
          batch = undefined;
          const all = [...paths];
          for (let i = 0; i < all.length; i += MAX_PATHS_PER_INVALIDATION) await send(all.slice(i, i + MAX_PATHS_PER_INVALIDATION));
        });
        batch = { paths, sent };
      }
      for (const path of paths) batch.paths.add(path);
      return batch.sent;
    },
  };
}

/**
 * A path as CloudFront's invalidation takes it: `*` is its wildcard, so a literal one is
 * escaped; the rest is already percent-encoded.
 */
export function invalidationPath(urlPath: string): string {
  return urlPath.replace(/\*/g, '%2A');
}

export interface CloudFrontSenderOptions {
  /** The distribution's id (read from SSM in AWS, once). */
  distributionId: () => Promise<string>;
  /** A CloudFront-protocol endpoint (tests: a local fake). @default - CloudFront's */
  endpoint?: string;
}

/** CreateInvalidation through the AWS SDK (loaded on first use). */
export function cloudFrontSender(options: CloudFrontSenderOptions): InvalidationSender {
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-cloudfront'); client: import('@aws-sdk/client-cloudfront').CloudFrontClient }> | undefined;
  const connect = () =>
    (loaded ??= Promise.resolve(require('@aws-sdk/client-cloudfront') as typeof import('@aws-sdk/client-cloudfront')).then((sdk) => ({
      sdk,
      client: new sdk.CloudFrontClient(options.endpoint ? { endpoint: options.endpoint } : {}),
    })));
  return async (paths) => {
    const [{ sdk, client }, distributionId] = await Promise.all([connect(), options.distributionId()]);
    const items = paths.map(invalidationPath);
    const answer = await client.send(new sdk.CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: nodeCrypto().randomUUID(), Paths: { Quantity: items.length, Items: items } },
    }));
    log({ msg: 'invalidation', invalidationId: answer.Invalidation?.Id, paths: items.length, first: items[0] });
  };
}

/** The distribution id from an SSM parameter, read once (`STRATUS_DISTRIBUTION_PARAMETER`). */
export function distributionIdFromParameter(name: string, endpoint?: string): () => Promise<string> {
  let id: Promise<string> | undefined;
  return () =>
    (id ??= (async () => {
      // require, not import(): one module system in the bundle, and jest runs it as it is.
      const sdk = require('@aws-sdk/client-ssm') as typeof import('@aws-sdk/client-ssm');
      const client = new sdk.SSMClient(endpoint ? { endpoint } : {});
      const answer = await client.send(new sdk.GetParameterCommand({ Name: name }));
      if (!answer.Parameter?.Value) throw new Error(`The SSM parameter ${name} holds no distribution id.`);
      return answer.Parameter.Value;
    })().catch((error) => {
      id = undefined;
      throw error;
    }));
}

/** Where nothing caches pages in front of the function (the local server, tests): nothing to remove. */
export const noInvalidations: Invalidations = { invalidate: async () => undefined };
