/**
 * The one place that loads sharp, so platform detection and its failure message live
 * together. On Lambda the bundle ships sharp's linux-arm64 package in `node_modules`
 * (see cli/builder/steps/bundle-image.ts); locally the host's sharp is used.
 * https://sharp.pixelplumbing.com/install#aws-lambda
 */
import type { Metadata, Sharp as SharpPipeline, SharpConstructor } from 'sharp';

export type Sharp = SharpConstructor;
export type SharpInstance = SharpPipeline;
export type SharpMetadata = Metadata;

let loaded: Sharp | undefined;

/**
 * Returns sharp, loading it on first use.
 *
 * @throws Error listing the fixes when sharp's native binary does not load for this platform.
 * @example
 * const sharp = getSharp();
 * const webp = await sharp(input).resize({ width: 640 }).webp({ quality: 75 }).toBuffer();
 */
export function getSharp(): Sharp {
  if (loaded) return loaded;
  try {
    // `require`, not `import`, so a missing binary becomes the message below rather than a
    // module-load failure; esbuild keeps sharp external, so this resolves to node_modules.
    loaded = require('sharp') as Sharp;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `sharp could not load its native package for ${process.platform}-${process.arch}. ` +
        'Fixes: run `npm install` on this machine (the local server uses the host\'s sharp); ' +
        'for Lambda, rebuild with `stratus build`, which installs @img/sharp-linux-arm64 into lambdas/image/node_modules, ' +
        'and deploy the function with the arm64 architecture. ' +
        `sharp said: ${reason}`,
    );
  }
  // The image Lambda reads each input once; sharp's operation cache would only hold memory.
  // https://sharp.pixelplumbing.com/api-utility#cache
  loaded.cache(false);
  return loaded;
}
