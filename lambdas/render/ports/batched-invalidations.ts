/**
 * Invalidations (ports.ts) batched over a sender (cloudfront-invalidations.ts): paths asked
 * for within `delayMs` of each other go out as one invalidation, each path once. The delay
 * is at least the page store's memory bound (`DEFAULT_STORE_CACHE_MS`): by the time
 * CloudFront asks an instance again, no instance still trusts its old memory copy, so the
 * edge cannot take the old page back. Invalidations are charged per path past the first
 * 1,000 a month (https://aws.amazon.com/cloudfront/pricing/): deduplicating matters.
 */
import { DEFAULT_STORE_CACHE_MS, type InvalidationSender, type Invalidations } from './ports';

/** Paths per CreateInvalidation at most (CloudFront takes 3,000 file paths in progress per distribution). */
export const MAX_PATHS_PER_INVALIDATION = 1000;

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
