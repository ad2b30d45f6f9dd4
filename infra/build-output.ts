/**
 * The build folder the stack deploys, checked against the layout `stratus build` promises
 * (contract/output-layout.ts), so a missing or stale build fails synth with a fix.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StratusError, type StratusErrorOptions } from '../contract/errors';
import { ManifestError, readManifest, type Manifest } from '../contract/manifest';
import { LAMBDA_ENTRY_FILE, OUTPUT_LAYOUT } from '../contract/output-layout';

/** A setup mistake the user fixes (missing build, bad context): printed without a stack. */
export class SetupError extends StratusError {
  constructor(message: string, options?: StratusErrorOptions) {
    super('SETUP_INVALID', message, options);
    this.name = 'SetupError';
  }
}

export interface BuildOutput {
  /** Absolute path of the build folder. */
  dir: string;
  manifest: Manifest;
  /** Uploaded to the bucket as is. */
  assetsDir: string;
  renderLambdaDir: string;
  imageLambdaDir: string;
  /** The build's page objects (per build), uploaded under the bucket's `_data/prerendered/`. */
  pagesDir: string;
  /** The CPU architecture of the sharp binary the image function ships (`stratus build --arch`); undefined when none is there. */
  imageArch: 'arm64' | 'x64' | undefined;
}

/** The architecture of the sharp binary in an image function's folder (`node_modules/@img/sharp-linux-<arch>`). */
export function imageArchOf(imageLambdaDir: string): 'arm64' | 'x64' | undefined {
  return (['arm64', 'x64'] as const).find((arch) => existsSync(join(imageLambdaDir, 'node_modules', '@img', `sharp-linux-${arch}`)));
}

/**
 * The files every build writes (contract/output-layout.ts), in `root`: the manifest and
 * both functions' entry files. With the assets folder, they make a complete build.
 */
export function buildFiles(root: string): string[] {
  return [
    join(root, OUTPUT_LAYOUT.manifest),
    join(root, OUTPUT_LAYOUT.renderLambda, LAMBDA_ENTRY_FILE),
    join(root, OUTPUT_LAYOUT.imageLambda, LAMBDA_ENTRY_FILE),
  ];
}

/** Reads and checks a build folder; `dir` is relative to `cwd`. */
export function readBuildOutput(dir: string, cwd = process.cwd()): BuildOutput {
  const root = resolve(cwd, dir);
  const manifestPath = join(root, OUTPUT_LAYOUT.manifest);
  const paths = {
    assetsDir: join(root, OUTPUT_LAYOUT.assets),
    renderLambdaDir: join(root, OUTPUT_LAYOUT.renderLambda),
    imageLambdaDir: join(root, OUTPUT_LAYOUT.imageLambda),
    pagesDir: join(root, OUTPUT_LAYOUT.pages),
  };
  const missing = [...buildFiles(root), paths.assetsDir].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new SetupError(
      `No complete Stratus build in ${root} (missing ${missing.join(', ')}). ` +
        'Run `npm run build` (or `npx stratus build <appDir>`) first, or point cdk.json context "buildDir" at the build folder.',
    );
  }
  let manifest: Manifest;
  try {
    manifest = readManifest(manifestPath);
  } catch (error) {
    if (error instanceof ManifestError) throw new SetupError(error.message);
    throw error;
  }
  return { dir: root, manifest, ...paths, imageArch: imageArchOf(paths.imageLambdaDir) };
}
