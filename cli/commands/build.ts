/** `stratus build [appDir]`. */
import { defineCommand } from '../command';
import { UsageError } from '../command';
import { appDirFrom, OUT_OPTION, outDirFrom } from './common';

export const buildCommand = defineCommand({
  name: 'build',
  summary: 'Build the app for AWS into <appDir>/.stratus',
  args: '[appDir]',
  description: 'The build folder holds the bucket\'s files, the render and image functions and the manifest the stack reads.',
  options: {
    out: OUT_OPTION,
    'no-image': { type: 'boolean', description: 'Skip bundling the image function for Lambda (sharp for linux-arm64)' },
    arch: { type: 'string', placeholder: 'ARCH', description: "The functions' architecture, arm64 (default) or x64: the sharp binary\nthe image function ships (the stack's `architecture`)" },
  },
  async run({ values, positionals, log }) {
    const arch = values.arch ?? 'arm64';
    if (arch !== 'arm64' && arch !== 'x64') throw new UsageError(`--arch must be arm64 or x64, got "${arch}"`);
    const { build } = require('../builder/build') as typeof import('../builder/build');
    const { progressTo } = require('../builder/progress') as typeof import('../builder/progress');
    // On a terminal, long steps show one line rewritten in place; in CI, a line every few seconds.
    await build({ appDir: appDirFrom(positionals[0], 'build'), outDir: outDirFrom(values.out), imageLambda: !values['no-image'], arch, log, progress: progressTo(process.stdout, log) });
    return 0;
  },
});
