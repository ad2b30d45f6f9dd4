/**
 * The CDK app builds the site itself when its build folder is missing or older than what
 * it is built from, so `npm ci && npx cdk deploy` works on a fresh clone and a deploy never
 * ships a build older than the pages. The build's progress goes to stderr: a CDK app's
 * stdout is read by the CDK CLI, and `cdk synth` prints the template there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_LAYOUT } from '../contract/output-layout';
import { SetupError, buildFiles, imageArchOf } from './build-output';

/** The checkout: the `stratus` command and the framework's sources live here. */
const REPO_ROOT = path.resolve(__dirname, '..');

/**
 * What every build is made from besides the app: the builder, the contract, the function
 * code bundled into the Lambdas, the browser runtime, and the dependency versions.
 */
export const FRAMEWORK_SOURCES = ['cli', 'contract', 'lambdas', path.join('web', 'runtime'), 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Never sources: installed packages, git's store, build folders (`.stratus` is the default name, `.stratus-dev` the dev server's). */
const NOT_SOURCES = new Set(['node_modules', '.git', '.stratus', '.stratus-dev']);

export interface AppBuildPaths {
  /** The app folder (the one holding `pages/`). */
  appDir: string;
  /** Its build folder; skipped when it lies inside the app folder. */
  buildDir: string;
  /** @default the checkout's framework sources, FRAMEWORK_SOURCES under the repository root */
  frameworkSources?: readonly string[];
  /** The functions' architecture: a build whose image function ships sharp for another is stale. @default 'arm64' */
  arch?: 'arm64' | 'x64';
}

/** The newest file under `entry` (a file or a folder), leaving out `skip` and NOT_SOURCES. */
function newestFile(entry: string, skip: string): { file: string; mtimeMs: number } | undefined {
  if (entry === skip || !existsSync(entry)) return undefined;
  const info = statSync(entry);
  if (!info.isDirectory()) return { file: entry, mtimeMs: info.mtimeMs };
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const name of readdirSync(entry)) {
    if (NOT_SOURCES.has(name)) continue;
    const found = newestFile(path.join(entry, name), skip);
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Why the build folder must be (re)built, or `undefined` when it is current: some of its
 * files are missing, or a file of the app or of the framework is newer than its oldest one
 * (each build rewrites them all, so the oldest marks when the last build started writing).
 */
export function staleBuildReason(paths: AppBuildPaths): string | undefined {
  const appDir = path.resolve(paths.appDir);
  const buildDir = path.resolve(paths.buildDir);
  const outputs = buildFiles(buildDir);
  if (!existsSync(buildDir)) return `there is no build in ${relative(buildDir)}`;
  const missing = [...outputs, path.join(buildDir, OUTPUT_LAYOUT.assets)].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    return `${relative(buildDir)} has no complete build (no ${missing.map((file) => path.relative(buildDir, file)).join(', ')})`;
  }
  const arch = paths.arch ?? 'arm64';
  const built = imageArchOf(path.join(buildDir, OUTPUT_LAYOUT.imageLambda));
  if (built !== undefined && built !== arch) return `${relative(buildDir)} was built for ${built} and the functions run on ${arch}`;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = [appDir, ...(paths.frameworkSources ?? FRAMEWORK_SOURCES.map((s) => path.join(REPO_ROOT, s)))];
  for (const source of sources) {
    const newest = newestFile(source, buildDir);
    if (newest && newest.mtimeMs > builtAt) return `${relative(newest.file)} changed after the build in ${relative(buildDir)}`;
  }
  return undefined;
}

function relative(file: string): string {
  return path.relative(process.cwd(), file) || '.';
}

export interface EnsureBuildOptions extends AppBuildPaths {
  /** Progress and the reason for building. @default a line on stderr */
  log?: (line: string) => void;
}

/**
 * Runs `stratus build <appDir> --out <buildDir>` when the build is missing or stale, its
 * output on this process's stderr. Throws SetupError when the app folder is missing or the
 * build fails (the build has printed why).
 */
export function ensureBuild(options: EnsureBuildOptions): void {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const reason = staleBuildReason(options);
  if (!reason) return;
  const appDir = path.resolve(options.appDir);
  if (!existsSync(path.join(appDir, 'pages'))) {
    throw new SetupError(
      `${reason}, and cdk.json context "appDir" (${relative(appDir)}) is no app folder (it has no pages/). ` +
        'Point "appDir" at the app, or set "autoBuild" to false to deploy "buildDir" as it is.',
    );
  }
  log(`stratus: ${reason}; building ${relative(appDir)} first.`);
  const cli = path.join(REPO_ROOT, 'bin', 'stratus.js');
  // The child's stdout goes to our stderr (fd 2), keeping the CDK app's stdout clean.
  const built = spawnSync(process.execPath, [cli, 'build', appDir, '--out', path.resolve(options.buildDir), '--arch', options.arch ?? 'arm64'], { stdio: ['ignore', 2, 2] });
  if (built.error) throw built.error;
  if (built.status !== 0) {
    throw new SetupError(`The build of ${relative(appDir)} failed (see above); fix it and run again, or run \`npm run build\` to see it alone.`);
  }
}
