/**
 * The render function's platform seams, named once: where regenerated pages are shared,
 * how a regeneration is leased across the fleet, where invalidations go, and how secrets
 * are read. Each implementation is a file of its own beside this one (memory, folder, S3,
 * DynamoDB, CloudFront, SSM/Secrets Manager); `from-environment.ts` picks them. The core
 * and its in-memory tests import this file and the memory implementations only; only the
 * AWS implementations require an AWS SDK.
 */

/** A rendered static page as the page store keeps it: HTML and page data together, so the two never disagree. */
export interface StoredPage {
  html: string;
  json: string;
  etag: string;
  /** Seconds; false when the page never goes stale. */
  revalidate: number | false;
  /** `Date.now()` when it was rendered or loaded. */
  renderedAt: number;
  notFound?: boolean;
}

/**
 * Where regenerated pages are kept for every instance: one object per page. `key` is
 * `<buildId>/<locale><path>`. Implementations: `s3-pages.ts` (AWS), `folder-pages.ts`
 * (the local server); without one, each instance keeps its own (static/page-store.ts).
 */
export interface SharedPages {
  /** What an operator calls this store in a log line (`S3 bucket b (_data/pages/)`); a failing read or write throws a DependencyError naming it. */
  dependency?: string;
  /** The page, or undefined when none was written (or what was written is not a page). */
  read(key: string): Promise<StoredPage | undefined>;
  write(key: string, page: StoredPage): Promise<void>;
}

/**
 * How long an instance trusts its memory copy of a shared page before reading the store
 * again: the bound on how much later than another instance's write it serves the new copy,
 * and so the least delay before an invalidation (batched-invalidations.ts).
 */
export const DEFAULT_STORE_CACHE_MS = 1000;

/**
 * At most one regeneration of a page at a time across the fleet. A lease expires by itself
 * (`ttlMs`), so an instance that dies mid-regeneration holds nobody up for longer than that.
 * Implementations: `memory-lease.ts` (one process), `dynamodb-lease.ts` (AWS).
 */
export interface RegenerationLease {
  /** What an operator calls the lease store in a log line (`DynamoDB table t`); a failing call throws a DependencyError naming it. */
  dependency?: string;
  /** Takes the lease on `key` for `ttlMs`: a token to release it with, or undefined when another holds it. */
  acquire(key: string, ttlMs: number): Promise<string | undefined>;
  /** Gives the lease back, if it is still the one `token` took (an expired one may be someone else's now). */
  release(key: string, token: string): Promise<void>;
}

/**
 * Removing pages from the CDN's cache after an on-demand revalidation. Implementations:
 * `no-invalidations.ts` (nothing in front of the function), `batched-invalidations.ts`
 * over a sender (`cloudfront-invalidations.ts`).
 */
export interface Invalidations {
  /** Resolves once an invalidation holding these paths has been accepted; rejects when it was refused. */
  invalidate(paths: readonly string[]): Promise<void>;
}

/** Sends one invalidation of these paths. */
export type InvalidationSender = (paths: string[]) => Promise<void>;

/** Where the render function's secrets are read from (`aws-secrets.ts` in AWS; tests pass their own). */
export interface SecretReaders {
  /** Decrypted values of SSM parameters by the name asked for; throws naming any that are missing. */
  ssm(names: string[]): Promise<Map<string, string>>;
  /** A Secrets Manager secret's current value (SecretString, or SecretBinary as UTF-8). */
  secretsManager(id: string): Promise<string>;
}

/** Draft mode's signing secret, read when first needed (api/draft-mode.ts). */
export type DraftSecret = () => Promise<string>;
