/**
 * Where submissions are kept. In AWS, the site's bucket under the prefix the stack grants
 * the render function (`STRATUS_BUCKET`, `STRATUS_STORE_PREFIX`: write-only, never served);
 * on a laptop, JSON files in a local folder, so `npm start` needs nothing but Node.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Feedback } from './feedback';

export interface Submission extends Feedback {
  id: string;
  receivedAt: string;
}

export interface SubmissionStore {
  save(feedback: Feedback): Promise<Submission>;
}

function submission(feedback: Feedback): Submission {
  const receivedAt = new Date().toISOString();
  // Time first, so the keys list in the order they came.
  return { ...feedback, id: `${receivedAt.replace(/[:.]/g, '-')}-${randomUUID()}`, receivedAt };
}

/** Objects `<prefix><id>.json` in an S3 bucket, through the AWS SDK (Lambda's runtime ships it). */
export function s3Store(options: { bucket: string; prefix: string; endpoint?: string }): SubmissionStore {
  return {
    async save(feedback) {
      // Loaded on first use only: pages that never save pay nothing for the SDK.
      const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
      const client = new S3Client(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {});
      const entry = submission(feedback);
      await client.send(new PutObjectCommand({
        Bucket: options.bucket,
        Key: `${options.prefix}${entry.id}.json`,
        Body: JSON.stringify(entry),
        ContentType: 'application/json',
      }));
      return entry;
    },
  };
}

/** JSON files in a folder. */
export function fileStore(dir: string): SubmissionStore {
  return {
    async save(feedback) {
      const entry = submission(feedback);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${entry.id}.json`), JSON.stringify(entry));
      return entry;
    },
  };
}

/** The store this environment has: the bucket when the stack named one, else a local folder. */
export function submissionStore(env: NodeJS.ProcessEnv = process.env): SubmissionStore {
  if (env.STRATUS_BUCKET) {
    return s3Store({ bucket: env.STRATUS_BUCKET, prefix: env.STRATUS_STORE_PREFIX ?? '_data/submissions/', endpoint: env.STRATUS_S3_ENDPOINT });
  }
  return fileStore(env.STRATUS_LOCAL_STORE ?? path.join(os.tmpdir(), 'stratus-site-submissions'));
}
