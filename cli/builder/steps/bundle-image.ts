/**
 * Step: the image Lambda. esbuild bundles lambdas/image/entry.ts into one CommonJS file
 * with sharp left external, and sharp is installed beside it for Lambda's platform
 * (linux, arm64, glibc) without Docker, as sharp documents:
 * https://sharp.pixelplumbing.com/install#cross-platform
 * The install is cached per sharp version, so repeated builds only copy it.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { OUTPUT_LAYOUT } from '../../../contract/output-layout';
import { NODE_MODULES, REPO_ROOT } from '../../paths';
import { BuildError, fromEsbuildFailure } from '../errors';
import { makeSourceMapReadable } from '../source-map-paths';
import { lazyPackagesPlugin, writeLazyPackages } from '../lazy-packages';

const run = promisify(execFile);

export interface BundleImageOptions {
  /** Lambda's CPU architecture; both functions use arm64. @default 'arm64' */
  arch?: 'arm64' | 'x64';
  /** Where installs of sharp for Lambda are kept between builds. @default node_modules/.cache/stratus */
  cacheDir?: string;
}

/**
 * Writes `<outDir>/lambdas/image/index.js` (handler `index.handler`) and
 * `<outDir>/lambdas/image/node_modules` with sharp for Lambda.
 *
 * @throws BuildError when esbuild fails or sharp cannot be installed for Lambda.
 * @example
 * await bundleImageLambda('web/site/.stratus');
 */
export async function bundleImageLambda(outDir: string, options: BundleImageOptions = {}): Promise<void> {
  const arch = options.arch ?? 'arm64';
  const lambdaDir = path.join(outDir, OUTPUT_LAYOUT.imageLambda);
  mkdirSync(lambdaDir, { recursive: true });
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, 'lambdas', 'image', 'entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: path.join(lambdaDir, 'index.js'),
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    // sharp loads a native binary, which cannot be bundled: it is installed beside index.js.
    // The AWS SDK v3 ships with Lambda's Node.js runtimes, so it stays out of the bundle.
    // https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html
    external: ['sharp', '@aws-sdk/*'],
    nodePaths: [NODE_MODULES],
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    // ipaddr.js (remote sources' address checks) beside index.js, loaded on first use.
    plugins: [lazyPackagesPlugin()],
  }).catch((error: unknown) => {
    throw fromEsbuildFailure(error, 'Compiling the image Lambda failed');
  });
  await writeLazyPackages(result.metafile, lambdaDir);
  makeSourceMapReadable(path.join(lambdaDir, 'index.js'), REPO_ROOT);

  const installed = await installSharpForLambda(arch, options.cacheDir ?? path.join(NODE_MODULES, '.cache', 'stratus'));
  const target = path.join(lambdaDir, 'node_modules');
  rmSync(target, { recursive: true, force: true });
  // Real files, no symlinks: Lambda's zip must hold the binaries themselves.
  cpSync(installed, target, { recursive: true, dereference: true });
}

/** sharp's version on this machine; the Lambda gets the same one. */
function sharpVersion(): string {
  const manifest = path.join(NODE_MODULES, 'sharp', 'package.json');
  if (!existsSync(manifest)) throw new BuildError('sharp is not installed: run `npm install` in the Stratus checkout.');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Installs sharp for linux-`arch` (glibc) into the cache once; returns its node_modules. */
async function installSharpForLambda(arch: 'arm64' | 'x64', cacheRoot: string): Promise<string> {
  const version = sharpVersion();
  const dir = path.join(cacheRoot, `sharp-${version}-linux-${arch}-glibc`);
  const modules = path.join(dir, 'node_modules');
  if (hasLambdaBinaries(modules, arch)) return modules;

  // Install into a scratch folder and rename it into place, so an interrupted or
  // concurrent build never leaves a half-installed cache behind.
  const scratch = `${dir}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  writeFileSync(
    path.join(scratch, 'package.json'),
    JSON.stringify({ name: 'stratus-image-lambda', private: true, dependencies: { sharp: version } }),
  );
  const npm = process.env.npm_execpath;
  const [command, prefix] = npm && /npm-cli\.js$/.test(npm) ? [process.execPath, [npm]] : ['npm', []];
  const args = [
    ...prefix,
    'install',
    `--os=linux`,
    `--cpu=${arch}`,
    '--libc=glibc',
    '--omit=dev',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--loglevel=error',
  ];
  try {
    await run(command, args, { cwd: scratch, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new BuildError(
      `Could not install sharp ${version} for Lambda (linux-${arch}). ` +
        'The image Lambda needs @img/sharp-linux-' + arch + ' and @img/sharp-libvips-linux-' + arch + ' from the npm registry. ' +
        'Fixes: check that npm can reach the registry (proxy settings, `npm config get registry`), ' +
        'or build without the image Lambda (`stratus start` does not need it).\n' +
        `npm said: ${detail.split('\n').slice(-5).join('\n')}`,
    );
  }
  const scratchModules = path.join(scratch, 'node_modules');
  if (!hasLambdaBinaries(scratchModules, arch)) {
    rmSync(scratch, { recursive: true, force: true });
    throw new BuildError(
      `npm installed sharp ${version} without its linux-${arch} binary. ` +
        'Fixes: use npm 10 or later (it honours --os/--cpu/--libc), and make sure no .npmrc sets `omit=optional`.',
    );
  }
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(scratch, dir);
  } catch (error) {
    // Another build finished the same install first: use its copy.
    rmSync(scratch, { recursive: true, force: true });
    if (!hasLambdaBinaries(modules, arch)) throw error;
  }
  return modules;
}

/** True when `modules` holds sharp's native addon and libvips for linux-`arch`. */
function hasLambdaBinaries(modules: string, arch: string): boolean {
  const addonDir = path.join(modules, '@img', `sharp-linux-${arch}`, 'lib');
  const libvipsDir = path.join(modules, '@img', `sharp-libvips-linux-${arch}`, 'lib');
  const has = (dir: string, pattern: RegExp) => existsSync(dir) && readdirSync(dir).some((name) => pattern.test(name));
  return has(addonDir, /\.node$/) && has(libvipsDir, /^libvips-cpp\.so/);
}
