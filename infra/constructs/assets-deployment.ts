/**
 * Uploads the build's `assets/` folder with the `Cache-Control` the build chose per key
 * prefix (manifest.s3CacheControl, first matching prefix wins), twice: to the bucket root
 * as an exact mirror of this build, and to `_archive/` without deleting anything.
 * BucketDeployment runs `aws s3 sync` in a Lambda at deploy time: no Docker at synth.
 * https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_s3_deployment-readme.html
 *
 * The build's pages (its page objects, and the HTML and data CloudFront serves from the
 * bucket) are per build, each build beside the others: `stratus deploy` and `npm run deploy`
 * upload only what changed before `cdk deploy` (infra/upload-pages.ts) and say so
 * (`pagesUploaded`); otherwise (a plain `cdk deploy`) they are uploaded here, whole, never
 * pruned.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Size } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { S3CachePrefix } from '../../contract/manifest';
import { ARCHIVE_PREFIX, PRERENDERED_PREFIX, PRIVATE_PREFIX } from '../bucket-layout';
import { PRIVATE_NO_STORE, REVALIDATE_FILE } from '../../lambdas/shared/cache-control';

export interface AssetsDeploymentProps {
  readonly bucket: s3.IBucket;
  /** The build's `assets/` folder. */
  readonly assetsDir: string;
  /** From the manifest; prefixes are folders (`_app/static/`) or `''` for the rest. */
  readonly cacheControl: readonly S3CachePrefix[];
  /** @default 1024 (MiB; the sync handler's memory) */
  readonly memoryLimit?: number;
  /**
   * Prefixes of `assets/` that hold pages, per build (`_app/pages/`, `_app/data/`, under the
   * basePath): never pruned, never archived (each build keeps its own folder).
   * @default []
   */
  readonly pagePrefixes?: readonly string[];
  /** The build's page objects (`<build>/pages`), uploaded under PRERENDERED_PREFIX. @default - none */
  readonly pagesDir?: string;
  /** The deploy uploaded the pages already (infra/upload-pages.ts): only the other files go here. @default false */
  readonly pagesUploaded?: boolean;
}

/** Bytes of the files below `dir`. */
function folderBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
}

/**
 * The sync handler's disk for a folder of pages: room for the zip and what it unpacks to
 * (Lambda's default 512 MiB would not hold a large site's), within Lambda's 10 GiB.
 */
export function ephemeralStorageFor(bytes: number): number {
  return Math.min(10240, Math.max(512, Math.ceil((bytes * 3) / (1024 * 1024)) + 512));
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
    const pagePrefixes = props.pagePrefixes ?? [];
    planUploads(props.cacheControl).forEach((plan, index) => {
      const sourceDir = join(props.assetsDir, plan.prefix);
      if (!existsSync(sourceDir) || readdirSync(sourceDir).length === 0) return;
      const pages = pagePrefixes.includes(plan.prefix);
      if (pages && props.pagesUploaded) return;
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
      if (pages) {
        // One folder per build: earlier builds' pages stay (skew protection, rollbacks).
        this.deployments.push(new s3deploy.BucketDeployment(this, `Pages${index}`, {
          ...common, destinationKeyPrefix: plan.prefix, prune: false, ephemeralStorageSize: Size.mebibytes(ephemeralStorageFor(folderBytes(sourceDir))),
        }));
        return;
      }
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
    if (props.pagesDir && !props.pagesUploaded && existsSync(props.pagesDir) && readdirSync(props.pagesDir).length > 0) {
      this.deployments.push(new s3deploy.BucketDeployment(this, 'PageObjects', {
        sources: [s3deploy.Source.asset(props.pagesDir)],
        destinationBucket: props.bucket,
        destinationKeyPrefix: PRERENDERED_PREFIX,
        cacheControl: [s3deploy.CacheControl.fromString(PRIVATE_NO_STORE)],
        prune: false,
        retainOnDelete: true,
        memoryLimit: props.memoryLimit ?? 1024,
        ephemeralStorageSize: Size.mebibytes(ephemeralStorageFor(folderBytes(props.pagesDir))),
      }));
    }
  }
}
