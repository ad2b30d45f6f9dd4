/**
 * The deploy's upload of a build's pages, incremental: a site of 100,000 pages redeployed
 * unchanged uploads nothing, one page changed uploads that page's files. What is uploaded:
 *
 * | build folder | bucket | read by |
 * |---|---|---|
 * | `pages/<buildId>/…json` | `_data/prerendered/<buildId>/…` | the render function's page store |
 * | `assets/[<basePath>/]_app/pages/<buildId>/…html` | the same key | CloudFront, without the function |
 * | `assets/[<basePath>/]_app/data/<buildId>/…json` | the same key | CloudFront (soft navigations) |
 *
 * Each file is compared with the object under its key by content hash (the bucket's ETag of a
 * single-part upload is the MD5 of its bytes), so only what differs goes up. A build's pages
 * live under its id, beside earlier builds' (skew protection: a visitor on the previous build
 * still finds its page data, a rollback its pages); a build replaced longer than the retention
 * ago is deleted. `stratus deploy` and `npm run deploy` run this before `cdk deploy`, and tell
 * the stack so (context `pagesUploaded`); a plain `cdk deploy` uploads them whole instead
 * (infra/constructs/assets-deployment.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Manifest } from '../contract/manifest';
import { OUTPUT_LAYOUT } from '../contract/output-layout';
import { assetKey, DATA_PREFIX, PAGES_PREFIX } from '../contract/urls';
import { PRIVATE_NO_STORE, REVALIDATE_FILE } from '../lambdas/shared/cache-control';
import { PAGES_PREFIX as REGENERATED_PREFIX, PRERENDERED_PREFIX } from './bucket-layout';

export { PRERENDERED_PREFIX } from './bucket-layout';

/** One file of the build and where it goes. */
export interface PageFile {
  /** Absolute path. */
  file: string;
  key: string;
  contentType: string;
  cacheControl: string;
}

/** The folders of a build that hold its pages, each with its key prefix in the bucket. */
export function pageFolders(buildDir: string, manifest: Pick<Manifest, 'buildId' | 'config'>): { dir: string; prefix: string }[] {
  const base = assetKey(manifest.config.routing?.basePath ?? '');
  const site = base ? `${base}/` : '';
  const assets = path.join(buildDir, OUTPUT_LAYOUT.assets);
  return [
    { dir: path.join(buildDir, OUTPUT_LAYOUT.pages, manifest.buildId), prefix: `${PRERENDERED_PREFIX}${manifest.buildId}/` },
    { dir: path.join(assets, site, assetKey(PAGES_PREFIX), manifest.buildId), prefix: `${site}${assetKey(PAGES_PREFIX)}${manifest.buildId}/` },
    { dir: path.join(assets, site, assetKey(DATA_PREFIX), manifest.buildId), prefix: `${site}${assetKey(DATA_PREFIX)}${manifest.buildId}/` },
  ];
}

/** Every page file of a build, with the headers its object gets (the same the bucket deployment would give). */
export function* pageFiles(buildDir: string, manifest: Pick<Manifest, 'buildId' | 'config' | 's3CacheControl'>): Generator<PageFile> {
  for (const { dir, prefix } of pageFolders(buildDir, manifest)) {
    let names: string[];
    try {
      names = readdirSync(dir, { recursive: true }) as string[];
    } catch {
      continue; // a build without pages of that kind
    }
    for (const name of names) {
      if (!name.endsWith('.html') && !name.endsWith('.json')) continue;
      const key = prefix + name.split(path.sep).join('/');
      const cacheControl = key.startsWith(PRERENDERED_PREFIX) ? PRIVATE_NO_STORE : (manifest.s3CacheControl.find((rule) => key.startsWith(rule.prefix))?.cacheControl ?? REVALIDATE_FILE);
      yield { file: path.join(dir, name), key, contentType: name.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/json', cacheControl };
    }
  }
}

export interface UploadPagesOptions {
  client: S3Client;
  bucket: string;
  buildDir: string;
  manifest: Pick<Manifest, 'buildId' | 'config' | 's3CacheControl'>;
  /** Count what would go up, upload nothing. @default false */
  dryRun?: boolean;
  /** Uploads at once. @default 16 */
  concurrency?: number;
  /** Days a replaced build's pages stay (as `assetRetentionDays` keeps old scripts). @default 30 */
  retentionDays?: number;
  /** @default Date.now */
  now?: () => number;
  log?: (line: string) => void;
}

export interface UploadPagesResult {
  /** Page files of the build. */
  files: number;
  /** Those uploaded (or that would be, in a dry run): new or changed. */
  uploaded: number;
  /** Earlier builds whose pages were deleted (replaced longer than the retention ago). */
  deletedBuilds: string[];
}

/**
 * The ETag of each object under `prefix` (quotes taken off). Paged by the last key (ListObjects
 * with a marker), which every S3 implementation takes; s3rver's continuation tokens of
 * ListObjectsV2 need a cipher Node's OpenSSL 3 no longer has.
 */
async function listEtags(client: S3Client, bucket: string, prefix: string): Promise<Map<string, string>> {
  const etags = new Map<string, string>();
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker }));
    const contents = page.Contents ?? [];
    for (const object of contents) if (object.Key && object.ETag) etags.set(object.Key, object.ETag.replace(/"/g, ''));
    if (!page.IsTruncated || contents.length === 0) return etags;
    marker = contents.at(-1)!.Key;
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inParallel<T>(items: Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await work(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Uploads the build's pages that the bucket does not hold as they are, then deletes the
 * pages of builds replaced more than `retentionDays` ago.
 *
 * @example
 * const result = await uploadPages({ client: new S3Client({ region }), bucket, buildDir: 'web/site/.stratus', manifest });
 * // { files: 100000, uploaded: 3, deletedBuilds: [] }: one page changed
 */
export async function uploadPages(options: UploadPagesOptions): Promise<UploadPagesResult> {
  const { client, bucket, manifest } = options;
  const log = options.log ?? (() => undefined);
  const existing = new Map<string, string>();
  for (const { prefix } of pageFolders(options.buildDir, manifest)) for (const [key, etag] of await listEtags(client, bucket, prefix)) existing.set(key, etag);
  const result: UploadPagesResult = { files: 0, uploaded: 0, deletedBuilds: [] };
  await inParallel(pageFiles(options.buildDir, manifest), options.concurrency ?? 16, async (page) => {
    result.files++;
    const body = readFileSync(page.file);
    if (existing.get(page.key) === createHash('md5').update(body).digest('hex')) return;
    result.uploaded++;
    if (options.dryRun) return;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: page.key, Body: body, ContentType: page.contentType, CacheControl: page.cacheControl }));
  });
  log(`pages: ${result.uploaded} of ${result.files} files ${options.dryRun ? 'would be uploaded' : 'uploaded'} (the rest are in the bucket as they are)`);
  if (!options.dryRun) result.deletedBuilds = await deleteReplacedBuilds(options);
  if (result.deletedBuilds.length > 0) log(`pages: deleted those of builds replaced over ${options.retentionDays ?? 30} days ago: ${result.deletedBuilds.join(', ')}`);
  return result;
}

/**
 * The builds whose pages are in the bucket, and since when each was replaced (null: the
 * current one), kept in one object beside them.
 */
export const BUILDS_RECORD = `${PRERENDERED_PREFIX}builds.json`;
type BuildsRecord = Record<string, { replacedAt: number | null }>;

/**
 * Earlier builds' pages stay while a visitor or a rollback may still ask for them: each build
 * other than this one is recorded replaced the first time a deploy sees it so, and deleted
 * once that is `retentionDays` old.
 */
async function deleteReplacedBuilds(options: UploadPagesOptions): Promise<string[]> {
  const { client, bucket, manifest } = options;
  const now = (options.now ?? Date.now)();
  const retentionMs = (options.retentionDays ?? 30) * 24 * 3600 * 1000;
  let record: BuildsRecord = Object.create(null);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: BUILDS_RECORD }));
    record = Object.assign(Object.create(null), JSON.parse(await object.Body!.transformToString()));
  } catch (error) {
    if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
  }
  const deleted: string[] = [];
  for (const [buildId, entry] of Object.entries(record)) {
    if (buildId === manifest.buildId) continue;
    if (entry.replacedAt === null) entry.replacedAt = now;
    if (now - entry.replacedAt < retentionMs) continue;
    const prefixes = [...pageFolders(options.buildDir, { ...manifest, buildId }).map((folder) => folder.prefix), `${REGENERATED_PREFIX}${buildId}/`];
    for (const prefix of prefixes) {
      const keys = [...(await listEtags(client, bucket, prefix)).keys()];
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
      }
    }
    delete record[buildId];
    deleted.push(buildId);
  }
  // This build is current (again, after a rollback redeployed it).
  record[manifest.buildId] = { replacedAt: null };
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: BUILDS_RECORD, Body: JSON.stringify(record), ContentType: 'application/json', CacheControl: PRIVATE_NO_STORE }));
  return deleted;
}
