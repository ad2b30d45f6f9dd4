/**
 * The image core as the local server runs it: the same core as on Lambda, reading the
 * build's asset folder instead of the bucket.
 */
import type { ResolvedImageConfig } from '../../contract/config';
import type { Core } from '../shared/http';
import { createImageCore } from './image-core';
import { createLocalSource } from './sources/local';

/**
 * @param assetsDir the build's `<out>/assets` folder (what is uploaded to S3).
 * @example
 * const imageCore = createLocalImageCore(join(outDir, 'assets'), manifest.config.images);
 */
export function createLocalImageCore(assetsDir: string, config: ResolvedImageConfig): Core {
  return createImageCore({ config, source: createLocalSource(assetsDir) });
}
