/**
 * `npm run deploy`'s second step, as `stratus deploy` has it (cli/deploy/code-cache.ts): the
 * render function just deployed makes V8's code cache of its bundle, written beside the
 * bundle in the build folder; infra/deploy.cjs then runs `cdk deploy` again to ship it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fetchCodeCache } from '../cli/deploy/code-cache';
import { invokeLive } from '../cli/invoke-live';
import { OUTPUT_LAYOUT } from '../contract/output-layout';
import type { CodeCacheEvent } from '../lambdas/render/code-cache';
import { OUTPUTS } from './outputs';

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

/** The render function's name in the outputs file (`npm run deploy` names no stack: any stack with the output). */
function renderFunctionIn(outputsFile: string): string | undefined {
  try {
    const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
    return Object.values(outputs).map((stack) => stack[OUTPUTS.renderFunction]).find((name) => typeof name === 'string');
  } catch {
    return undefined;
  }
}

export interface DeployCodeCacheOptions {
  /** The checkout (cdk.json's folder). */
  root: string;
  /** What was passed on to `cdk deploy`. */
  args: readonly string[];
  outputsFile: string;
  log: (line: string) => void;
  /** @default the AWS SDK's Lambda client on the live alias */
  invoke?: (functionName: string, event: CodeCacheEvent) => Promise<unknown>;
}

/** Resolves to whether a cache was written (the deploy must run again to ship it). */
export async function makeCodeCache(options: DeployCodeCacheOptions): Promise<boolean> {
  const functionName = renderFunctionIn(options.outputsFile);
  if (!functionName) {
    options.log(`code cache: skipped, ${path.relative(options.root, options.outputsFile)} names no render function`);
    return false;
  }
  const buildDir = path.resolve(options.root, contextValue(options.root, options.args, 'buildDir') || 'web/site/.stratus');
  const region = contextValue(options.root, options.args, 'region') || undefined;
  options.log('making the render function\'s code cache in Lambda (npm run deploy -- --no-code-cache skips it)…');
  const written = await fetchCodeCache({
    renderDir: path.join(buildDir, OUTPUT_LAYOUT.renderLambda),
    functionName,
    log: options.log,
    invoke: options.invoke ?? ((name, event) => invokeLive(region, name, event)),
  });
  return written !== undefined;
}
