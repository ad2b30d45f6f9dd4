/**
 * The page upload of a deploy (infra/upload-pages.ts), before `cdk deploy`: into the bucket
 * the previous deploy's outputs name. A first deploy has none yet; its `cdk deploy` uploads
 * the pages whole (infra/constructs/assets-deployment.ts), and later deploys upload only what
 * changed. Shared by `stratus deploy` and `npm run deploy`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { readManifest } from '../contract/manifest';
import { OUTPUT_LAYOUT } from '../contract/output-layout';
import { OUTPUTS } from './outputs';
import { uploadPages } from './upload-pages';

/** The site bucket in a deploy's outputs file: `stack`'s, or the one stack that has one. */
export function bucketFrom(outputsFile: string, stack?: string): string | undefined {
  if (!existsSync(outputsFile)) return undefined;
  let outputs: Record<string, Record<string, string>>;
  try {
    outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
  } catch {
    return undefined;
  }
  const named = stack === undefined ? undefined : outputs[stack]?.[OUTPUTS.bucket];
  if (named) return named;
  const buckets = Object.values(outputs).map((values) => values[OUTPUTS.bucket]).filter((name): name is string => typeof name === 'string');
  return buckets.length === 1 ? buckets[0] : undefined;
}

/** What a deploy without an earlier one's bucket says about pages. */
export const FIRST_DEPLOY = 'pages: no earlier deploy names a bucket, so cdk deploy uploads them whole this time; later deploys upload only what changed';

export interface DeployPagesOptions {
  /** The previous deploy's outputs (`cdk deploy --outputs-file`). */
  outputsFile: string;
  stack?: string;
  buildDir: string;
  region?: string;
  /** Days a replaced build's pages stay. @default 30 */
  retentionDays?: number;
  log: (line: string) => void;
  /** @default an S3 client for `region` */
  client?: S3Client;
}

/**
 * Uploads the build's pages that changed into the deployed site's bucket; resolves to the
 * build id they belong to (the stack's `pagesUploaded` context), or undefined when no
 * earlier deploy names a bucket (then `cdk deploy` uploads them).
 *
 * @example
 * const uploaded = await deployPages({ outputsFile: 'cdk.out/stratus-outputs.json', buildDir: 'web/site/.stratus', log: console.log });
 * const context = uploaded ? ['--context', `pagesUploaded=${uploaded}`] : [];
 */
export async function deployPages(options: DeployPagesOptions): Promise<string | undefined> {
  const bucket = bucketFrom(options.outputsFile, options.stack);
  if (!bucket) {
    options.log(FIRST_DEPLOY);
    return undefined;
  }
  const manifest = readManifest(path.join(options.buildDir, OUTPUT_LAYOUT.manifest));
  const client = options.client ?? new S3Client({ ...(options.region ? { region: options.region } : {}), followRegionRedirects: true });
  try {
    options.log(`pages: comparing build ${manifest.buildId} with bucket ${bucket}`);
    await uploadPages({ client, bucket, buildDir: options.buildDir, manifest, retentionDays: options.retentionDays, log: options.log });
  } finally {
    if (!options.client) client.destroy();
  }
  return manifest.buildId;
}
