/**
 * The second step of a deploy (`stratus deploy`, and this checkout's `npm run deploy`): the
 * render function just deployed makes V8's code cache of its own bundle
 * (lambdas/render/lambda/code-cache.ts says why only it can), the cache is written beside the
 * bundle in the build folder, and the caller runs `cdk deploy` again to ship it. A cold
 * start with it skips most of compiling.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_LAYOUT } from '../contract/output-layout';
import { APP_BUNDLE_FILE, codeCacheFileName, type CodeCacheAnswer, type CodeCacheEvent } from '../lambdas/render/lambda/code-cache';
import { appBundleId } from './bundle-id';
import { invokeLive } from './invoke-live';
import { renderFunctionFrom } from './outputs';

export interface CodeCacheStepOptions {
  /** The build's render function folder (`<outDir>/lambdas/render`). */
  renderDir: string;
  functionName: string;
  log: (line: string) => void;
  /** Invokes the function's live alias with a JSON event and returns its JSON answer (invoke-live.ts in a deploy). */
  invoke: (functionName: string, event: CodeCacheEvent) => Promise<unknown>;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

function isAnswer(value: unknown): value is CodeCacheAnswer {
  const a = value as Partial<CodeCacheAnswer> | null;
  return typeof a === 'object' && a !== null && typeof a.file === 'string' && typeof a.codeCache === 'string' && typeof a.node === 'string' && typeof a.arch === 'string';
}

/**
 * Whether the bytes open as V8's code caches do: a header (24 bytes on Node 20, 32 on 22)
 * whose first word, little-endian, is a magic number with 0xC0DE as its high half. The rest
 * of the header changes with V8's version and V8 checks it itself.
 */
export function looksLikeV8CodeCache(bytes: Buffer): boolean {
  return bytes.length > 32 && bytes.readUInt16LE(2) === 0xc0de;
}

/**
 * Asks the function for its cache and writes it beside the build's bundle. Resolves to the
 * file written, or undefined when there is none to ship (the reason logged): the site
 * works the same without it, so nothing here fails the deploy.
 */
export async function fetchCodeCache(options: CodeCacheStepOptions): Promise<string | undefined> {
  const { renderDir, log } = options;
  const bundle = path.join(renderDir, APP_BUNDLE_FILE);
  if (!existsSync(bundle)) {
    log(`code cache: skipped, ${bundle} is not there`);
    return undefined;
  }
  const bundleId = appBundleId(bundle);
  let answer: unknown;
  try {
    answer = await options.invoke(options.functionName, { stratus: 'code-cache' });
  } catch (error) {
    log(`code cache: skipped, the render function did not make one (${(error as Error).message.split('\n')[0]}); cold starts compile the bundle as before.`);
    return undefined;
  }
  if (!isAnswer(answer)) {
    log('code cache: skipped, the render function answered something else (is the deployed function older than this Stratus?)');
    return undefined;
  }
  // The cache is for the bundle the function runs (and the Node and architecture it runs on); it must be this build's.
  if (answer.file !== codeCacheFileName(bundleId, answer.node, answer.arch)) {
    log(`code cache: skipped, the live function runs another build than ${path.relative(process.cwd(), bundle)} (another deploy since?)`);
    return undefined;
  }
  const bytes = Buffer.from(answer.codeCache, 'base64');
  // V8 checks a cache's version, flags and length, but not the bytes after its header (a
  // garbled file of the right length stops the process at init): only a V8 cache is shipped,
  // and in Lambda the deployment zip's CRC keeps its bytes as written.
  if (!looksLikeV8CodeCache(bytes)) {
    log('code cache: skipped, the render function\'s answer is not a V8 code cache');
    return undefined;
  }
  const file = path.join(renderDir, answer.file);
  writeFileSync(file, bytes);
  log(`code cache: ${kB(bytes.length)}, made by the render function in Lambda (Node.js ${answer.node}, ${answer.arch})`);
  return file;
}


/** A context value as `cdk deploy` resolves it: `-c key=value` / `--context key=value` in `args`, else cdk.json's. */
export function contextValue(root: string, args: readonly string[], key: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const given = arg === '-c' || arg === '--context' ? args[i + 1] : arg.startsWith('--context=') ? arg.slice('--context='.length) : undefined;
    if (given?.startsWith(`${key}=`)) value = given.slice(key.length + 1);
  }
  if (value !== undefined) return value;
  try {
    const context = (JSON.parse(readFileSync(path.join(root, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
    return typeof context[key] === 'string' ? (context[key] as string) : undefined;
  } catch {
    return undefined;
  }
}

export interface MakeCodeCacheOptions {
  /** The build's render function folder (`<buildDir>/lambdas/render`). */
  renderDir: string;
  /** Where `cdk deploy` wrote the stacks' outputs. */
  outputsFile: string;
  /** The site's stack; any stack with the render function's output when not named. */
  stack?: string;
  region?: string;
  /** How the command is told to skip the step, for the progress line. */
  skipWith: string;
  log: (line: string) => void;
  /** @default the AWS SDK's Lambda client on the live alias */
  invoke?: (functionName: string, event: CodeCacheEvent) => Promise<unknown>;
}

/**
 * A deploy's second step, up to the second `cdk deploy`: resolves to whether a cache was
 * written (the deploy must run again to ship it). Nothing here fails the deploy: the first
 * one stands, and the reason for skipping is logged.
 */
export async function makeCodeCache(options: MakeCodeCacheOptions): Promise<boolean> {
  const { log } = options;
  let functionName: string;
  try {
    functionName = renderFunctionFrom(options.outputsFile, options.stack);
  } catch {
    log(`code cache: skipped, ${path.relative(process.cwd(), options.outputsFile)} names no render function${options.stack ? ` for stack ${options.stack}` : ''}`);
    return false;
  }
  log(`making the render function's code cache in Lambda (${options.skipWith} skips it)…`);
  try {
    const written = await fetchCodeCache({
      renderDir: options.renderDir,
      functionName,
      log,
      invoke: options.invoke ?? ((name, event) => invokeLive(options.region, name, event)),
    });
    return written !== undefined;
  } catch (error) {
    log(`code cache: skipped (${(error as Error).message.split('\n')[0]})`);
    return false;
  }
}

/** What `npm run deploy` deployed, as `cdk deploy` resolves this checkout's context: the render folder and the region. */
export function checkoutDeployTarget(root: string, args: readonly string[]): { renderDir: string; buildDir: string; region?: string; stack?: string; retentionDays?: number } {
  const buildDir = path.resolve(root, contextValue(root, args, 'buildDir') || 'web/site/.stratus');
  const retention = Number(contextValue(root, args, 'assetRetentionDays'));
  return {
    renderDir: path.join(buildDir, OUTPUT_LAYOUT.renderLambda),
    buildDir,
    region: contextValue(root, args, 'region') || undefined,
    stack: contextValue(root, args, 'stackName') || undefined,
    ...(Number.isFinite(retention) && retention > 0 ? { retentionDays: retention } : {}),
  };
}
