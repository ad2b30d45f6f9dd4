/**
 * `stratus deploy [appDir]`: builds the app, synthesizes the stack the checkout's
 * `npm run deploy` deploys (infra/app.ts: one StratusSite, its outputs) for this app folder,
 * and hands the result to the CDK CLI's `cdk deploy`. The synth runs offline; only the
 * deploy needs AWS credentials, and without them the command stops before it with the fix.
 * The CDK is the project's (`npm install --save-dev aws-cdk aws-cdk-lib constructs`).
 *
 * Then the deployed render function makes V8's code cache of its bundle (infra/deploy-code-cache.ts),
 * and a second `cdk deploy` ships it: only that function's code changes, under the same
 * deploy id, so a rollback still returns to the deploy before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from '../builder/build';
import { BuildError } from '../builder/errors';
import { REPO_ROOT } from '../paths';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';
import type { CodeCacheEvent } from '../../lambdas/render/lambda/code-cache';
import { makeCodeCache } from '../../infra/deploy-code-cache';
import { findCredentials, noCredentialsMessage } from '../../infra/aws-credentials';

export interface DeployOptions {
  appDir: string;
  /** @default `<appDir>/.stratus` */
  outDir?: string;
  /** CloudFormation stack name. @default 'Stratus' (or cdk.json context "stackName") */
  stackName?: string;
  /** Region of the stack. @default AWS_REGION, else the profile's (as the AWS CLI finds it), else cdk.json's "region", else us-east-1 */
  region?: string;
  /** Passed on to `cdk deploy` (what follows `--`). */
  cdkArgs?: string[];
  log: (line: string) => void;
  /** Resolves the AWS credentials `cdk deploy` will use; throws when there are none. @default the AWS SDK's default chain */
  findCredentials?: (region: string) => Promise<void>;
  /** Have the render function make its code cache, and deploy again with it. @default true (`--no-code-cache`: false) */
  codeCache?: boolean;
  /** Runs the CDK CLI with these arguments; resolves to its exit code. @default the project's `cdk` */
  cdk?: (args: string[]) => number;
  /** Invokes the render function's live alias with a JSON event. @default the AWS SDK's Lambda client */
  invoke?: (functionName: string, event: CodeCacheEvent) => Promise<unknown>;
}

const NEEDS_CDK = 'stratus deploy uses the AWS CDK installed in your project: run `npm install --save-dev aws-cdk aws-cdk-lib constructs`, then deploy again.';

/** `name`'s folder as the project resolves it (the working directory, the app), else the framework's. */
function packageDir(name: string, from: string[]): string | undefined {
  try {
    return path.dirname(require.resolve(`${name}/package.json`, { paths: from }));
  } catch {
    return undefined;
  }
}

/** The CDK app to synthesize: the checkout's TypeScript one, or the package's bundled copy of it. */
function cdkApp(): string {
  const checkout = path.join(REPO_ROOT, 'infra', 'run-app.cjs');
  return existsSync(checkout) ? checkout : path.join(REPO_ROOT, 'dist', 'cdk-app.js');
}

/** Context keys from a cdk.json, when there is one. */
function contextOf(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
  } catch (error) {
    throw new BuildError(`${file} is not valid JSON: ${(error as Error).message}`, 'DEPLOY_FAILED');
  }
}

// The SDK's notice that its 2027 releases need Node 22 is for the SDK's own users; the
// README says which Node versions Stratus supports, and deploy only asks it for the region and credentials.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The region the AWS SDK (and the CDK CLI) would use: AWS_REGION, else the profile's; undefined when neither says. */
async function profileRegion(): Promise<string | undefined> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({});
  try {
    return await client.config.region();
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}

/**
 * The project's own CDK app: a cdk.json in the working folder (not the framework's own)
 * whose `app` command runs it. Its stacks hold the `StratusSite` with the project's settings.
 */
export function projectCdkApp(cwd: string): { file: string; app: string } | undefined {
  const file = path.join(cwd, 'cdk.json');
  if (path.resolve(cwd) === path.resolve(REPO_ROOT) || !existsSync(file)) return undefined;
  let app: unknown;
  try {
    app = (JSON.parse(readFileSync(file, 'utf8')) as { app?: unknown }).app;
  } catch (error) {
    throw new BuildError(`${file} is not valid JSON: ${(error as Error).message}`, 'DEPLOY_FAILED');
  }
  return typeof app === 'string' && app.trim() !== '' ? { file, app } : undefined;
}

/** Builds, synthesizes and deploys; resolves to the exit code. */
export async function deploy(options: DeployOptions): Promise<number> {
  const appDir = path.resolve(options.appDir);
  const outDir = path.resolve(options.outDir ?? path.join(appDir, '.stratus'));
  const from = [process.cwd(), appDir, REPO_ROOT];
  const cli = packageDir('aws-cdk', from);
  if (!cli || !packageDir('aws-cdk-lib', from) || !packageDir('constructs', from)) throw new BuildError(NEEDS_CDK, 'DEPLOY_FAILED');
  const runCdk = options.cdk ?? ((cdkArgs: string[]) => {
    const deployed = spawnSync(process.execPath, [path.join(cli, 'bin', 'cdk'), ...cdkArgs], { stdio: 'inherit' });
    if (deployed.error) throw deployed.error;
    return deployed.status ?? 1;
  });

  await build({ appDir, outDir, imageLambda: true, log: options.log });

  const own = projectCdkApp(process.cwd());
  if (own) return deployProjectApp(own, options, outDir, runCdk);

  // The settings: the framework's defaults (its cdk.json), the project's cdk.json, then this command's.
  const region = options.region ?? (await profileRegion());
  const deployId = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const context: Record<string, unknown> = {
    ...contextOf(path.join(REPO_ROOT, 'cdk.json')),
    ...contextOf(path.join(process.cwd(), 'cdk.json')),
    appDir,
    buildDir: outDir,
    autoBuild: false,
    deployId,
    ...(options.stackName ? { stackName: options.stackName } : {}),
    ...(region ? { region } : {}),
  };
  const assembly = path.join(outDir, 'cdk.out');
  const synthesize = () => {
    options.log(`synthesizing the stack into ${path.relative(process.cwd(), assembly)}`);
    rmSync(assembly, { recursive: true, force: true });
    // The app's stdout is the CDK CLI's channel; its progress and errors go to stderr.
    const synth = spawnSync(process.execPath, [cdkApp()], {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, CDK_OUTDIR: assembly, CDK_CONTEXT_JSON: JSON.stringify(context) },
    });
    if (synth.error) throw synth.error;
    if (synth.status !== 0) throw new BuildError('Synthesizing the stack failed (see above).', 'DEPLOY_FAILED');
  };
  synthesize();

  try {
    await (options.findCredentials ?? findCredentials)(String(context.region || 'us-east-1'));
  } catch (error) {
    const shown = path.relative(process.cwd(), assembly);
    throw new BuildError(noCredentialsMessage(error, { assembly: shown, deploy: `npx cdk deploy --app ${shown} --all` }), 'DEPLOY_FAILED');
  }

  const outputsFile = path.join(outDir, 'cdk-outputs.json');
  const args = ['deploy', '--app', assembly, '--all', '--outputs-file', outputsFile, ...(options.cdkArgs ?? [])];
  const cdk = runCdk;
  options.log(`cdk ${args.join(' ')}`);
  const status = cdk(args);
  if (status !== 0 || options.codeCache === false) return status;

  const written = await makeCodeCache({
    renderDir: path.join(outDir, OUTPUT_LAYOUT.renderLambda),
    outputsFile,
    stack: String(context.stackName ?? 'Stratus'),
    region: context.region ? String(context.region) : undefined,
    skipWith: 'stratus deploy --no-code-cache',
    log: options.log,
    invoke: options.invoke,
  });
  if (!written) return 0;
  // The same context (deploy id included): the version this publishes belongs to this deploy.
  synthesize();
  options.log(`cdk ${args.join(' ')}   (again: the render function, with its code cache)`);
  const again = cdk(args);
  if (again !== 0) options.log('The second deploy failed: the site runs what the first one deployed, without the code cache. `stratus deploy` again makes and ships it.');
  return again;
}

/**
 * `stratus deploy` in a project with a CDK app of its own: that app is what deploys (its
 * stacks, its `StratusSite` settings), every stack of it, with a deploy id as the checkout's
 * deploy gives; then the render function's code cache, as for the stack Stratus makes.
 */
async function deployProjectApp(own: { file: string; app: string }, options: DeployOptions, outDir: string, cdk: (args: string[]) => number): Promise<number> {
  options.log(`deploying the project's CDK app (${path.relative(process.cwd(), own.file)}: "${own.app}"): its stacks and StratusSite settings`);
  if (options.stackName || options.region) options.log('  --stack and --region name the stack Stratus makes when a project has no CDK app: your app names its own stacks and regions');
  // The credential chain hardly depends on the region; the app's stacks name their own.
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
  try {
    await (options.findCredentials ?? findCredentials)(region);
  } catch (error) {
    throw new BuildError(noCredentialsMessage(error), 'DEPLOY_FAILED');
  }
  const deployId = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const outputsFile = path.join(outDir, 'cdk-outputs.json');
  const args = ['deploy', '--all', '--context', `deployId=${deployId}`, '--outputs-file', outputsFile, ...(options.cdkArgs ?? [])];
  options.log(`cdk ${args.join(' ')}`);
  const status = cdk(args);
  if (status !== 0 || options.codeCache === false) return status;
  const written = await makeCodeCache({
    renderDir: path.join(outDir, OUTPUT_LAYOUT.renderLambda),
    outputsFile,
    skipWith: 'stratus deploy --no-code-cache',
    log: options.log,
    invoke: options.invoke,
  });
  if (!written) return 0;
  options.log(`cdk ${args.join(' ')}   (again: the render function, with its code cache)`);
  const again = cdk(args);
  if (again !== 0) options.log('The second deploy failed: the site runs what the first one deployed, without the code cache. `stratus deploy` again makes and ships it.');
  return again;
}
