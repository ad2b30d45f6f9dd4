/**
 * Where every instance keeps the pages it regenerated (`SharedPages`, page-store.ts): an S3
 * prefix in AWS (`STRATUS_BUCKET`, `STRATUS_PAGES_PREFIX`), a folder locally, so `npm start`
 * needs nothing but Node. One JSON object per page, HTML and data together.
 */
import path from 'node:path';
import type { SharedPages, StoredPage } from '../static/page-store';
import { nodeCrypto, nodeFsPromises } from '../../shared/node-builtins';

/** S3 keys are at most 1,024 bytes; a longer page key is stored under its hash. */
const MAX_READABLE_KEY = 900;

/** What is written for a page: the stored page as it is. */
function serialize(page: StoredPage): string {
  return JSON.stringify(page);
}

/** A stored object read back; anything not shaped like a page is treated as absent. */
function deserialize(text: string): StoredPage | undefined {
  try {
    const value = JSON.parse(text) as Partial<StoredPage>;
    if (typeof value.html !== 'string' || typeof value.json !== 'string' || typeof value.renderedAt !== 'number') return undefined;
    return value as StoredPage;
  } catch {
    return undefined;
  }
}

function hashed(key: string): string {
  return nodeCrypto().createHash('sha256').update(key).digest('hex');
}

export interface S3PagesOptions {
  bucket: string;
  /** Key prefix, ending in `/`: `_data/pages/`. */
  prefix: string;
  /** An S3-protocol endpoint (tests: s3rver). @default - the region's */
  endpoint?: string;
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
      client: new sdk.S3Client(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    })));
  const keyOf = (key: string) => `${options.prefix}${key.length > MAX_READABLE_KEY ? `hashed/${hashed(key)}` : key}.json`;
  return {
    async read(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
        return deserialize(await object.Body!.transformToString());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async write(key, page) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({
        Bucket: options.bucket,
        Key: keyOf(key),
        Body: serialize(page),
        ContentType: 'application/json',
      }));
    },
  };
}

/**
 * Pages as files `<dir>/<sha256 of the key>.json`: no path a visitor chose ever becomes a
 * file path. Written to a temporary name and renamed, so a reader never sees half a page.
 */
export function filePages(dir: string): SharedPages {
  const fileOf = (key: string) => path.join(dir, `${hashed(key)}.json`);
  return {
    async read(key) {
      try {
        return deserialize(await nodeFsPromises().readFile(fileOf(key), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(key, page) {
      const fs = nodeFsPromises();
      await fs.mkdir(dir, { recursive: true });
      const file = fileOf(key);
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, serialize(page));
      await fs.rename(temporary, file);
    },
  };
}
