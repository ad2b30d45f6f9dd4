/**
 * The image Lambda: config from the `manifest.json` the build copies next to this file
 * (`STRATUS_MANIFEST` may point elsewhere), images from the bucket named by
 * `STRATUS_BUCKET`, all behind the one Function URL adapter; traced when `STRATUS_TRACING` says so.
 */
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { readManifest } from '../../contract/manifest';
import { awsClientOptions } from '../shared/aws-client-options';
import { createFunctionUrlHandler } from '../shared/function-url';
import { traceAwsCalls } from '../shared/tracing/aws-calls';
import { startTracing } from '../shared/tracing/setup';
import { createImageCore } from './image-core';
import { createS3Source } from './sources/s3';

const manifestPath = process.env.STRATUS_MANIFEST ?? join(__dirname, 'manifest.json');
const manifest = readManifest(manifestPath);
const bucket = process.env.STRATUS_BUCKET;
if (!bucket) throw new Error('STRATUS_BUCKET is not set: the image Lambda needs the name of the assets bucket.');

// The stack's `tracing` option (STRATUS_TRACING): Stratus's tracer provider, loaded only then.
startTracing();

export const handler = createFunctionUrlHandler(
  createImageCore({
    config: manifest.config.images,
    source: createS3Source({ client: traceAwsCalls(new S3Client(awsClientOptions()), 'S3'), bucket }),
  }),
  'image',
);
