/**
 * Uploads the build's `assets/` folder with the `Cache-Control` the build chose per key
 * prefix (manifest.s3CacheControl, first matching prefix wins), twice: to the bucket root
 * as an exact mirror of this build, and to `_archive/` without deleting anything.
 * BucketDeployment runs `aws s3 sync` in a Lambda at deploy time: no Docker at synth.
 * https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_s3_deployment-readme.html
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { S3CachePrefix } from '../../contract/manifest';
import { ARCHIVE_PREFIX, PRIVATE_PREFIX } from './assets-bucket';
import { REVALIDATE_FILE } from '../../lambdas/shared/cache-control';

export interface AssetsDeploymentProps {
  readonly bucket: s3.IBucket;
  /** The build's `assets/` folder. */
  readonly assetsDir: string;
  /** From the manifest; prefixes are folders (`_app/static/`) or `''` for the rest. */
  readonly cacheControl: readonly S3CachePrefix[];
  /** @default 1024 (MiB; the sync handler's memory) */
  readonly memoryLimit?: number;
}

/** For files outside every prefix of the manifest. */
export const DEFAULT_CACHE_CONTROL = REVALIDATE_FILE;

/** One upload: the files of `prefix` not claimed by an earlier prefix. */
export interface UploadPlan {
  prefix: string;
  cacheControl: string;
  /** Paths below `prefix` that belong to earlier entries (sync patterns, relative). */
  exclude: string[];
}

/** Splits the assets into uploads by `Cache-Control`; the first matching prefix wins. */
export function planUploads(manifestEntries: readonly S3CachePrefix[]): UploadPlan[] {
  // Files no prefix claims still ship; they revalidate, as the safe choice.
  const entries = manifestEntries.some((entry) => entry.prefix === '')
    ? manifestEntries
    : [...manifestEntries, { prefix: '', cacheControl: DEFAULT_CACHE_CONTROL }];
  return entries.map((entry, index) => {
    if (entry.prefix !== '' && !entry.prefix.endsWith('/')) {
      throw new Error(`manifest.s3CacheControl prefix "${entry.prefix}" must be a folder ending in "/" or "".`);
    }
    const exclude = entries
      .slice(0, index)
      .filter((earlier) => earlier.prefix.startsWith(entry.prefix) && earlier.prefix !== entry.prefix)
      .map((earlier) => `${earlier.prefix.slice(entry.prefix.length)}*`);
    return { prefix: entry.prefix, cacheControl: entry.cacheControl, exclude };
  });
}

export class AssetsDeployment extends Construct {
  /** The deployments that fill the bucket root; the distribution waits for them. */
  readonly deployments: s3deploy.BucketDeployment[] = [];

  constructor(scope: Construct, id: string, props: AssetsDeploymentProps) {
    super(scope, id);
    planUploads(props.cacheControl).forEach((plan, index) => {
      const sourceDir = join(props.assetsDir, plan.prefix);
      if (!existsSync(sourceDir) || readdirSync(sourceDir).length === 0) return;
      // Keep the earlier prefixes' files out of the zip, not just out of the sync.
      const source = s3deploy.Source.asset(sourceDir, { exclude: plan.exclude.map((pattern) => pattern.replace(/\/?\*$/, '')) });
      const common = {
        sources: [source],
        destinationBucket: props.bucket,
        cacheControl: [s3deploy.CacheControl.fromString(plan.cacheControl)],
        exclude: plan.exclude,
        memoryLimit: props.memoryLimit ?? 1024,
        // Keep objects when a construct is renamed or the stack is deleted.
        retainOnDelete: true,
      };
      this.deployments.push(
        new s3deploy.BucketDeployment(this, `Current${index}`, {
          ...common,
          destinationKeyPrefix: plan.prefix || undefined,
          // The root mirrors this build exactly; `exclude` also shields the archive, the
          // site's own data and the other prefixes from the deletes, since sync skips excluded keys.
          prune: true,
          ...(plan.prefix === '' ? { exclude: [...plan.exclude, `${ARCHIVE_PREFIX}*`, `${PRIVATE_PREFIX}*`] } : {}),
        }),
      );
      new s3deploy.BucketDeployment(this, `Archive${index}`, {
        ...common,
        destinationKeyPrefix: ARCHIVE_PREFIX + plan.prefix,
        // Earlier builds' files stay until the lifecycle rule expires them.
        prune: false,
      });
    });
  }
}
