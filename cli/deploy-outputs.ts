/**
 * Where the deployed stack's outputs (function names) are read from by the operator
 * commands: `--outputs FILE`, else what `stratus deploy` wrote for this app
 * (`<build>/cdk-outputs.json`), else what `npm run deploy` writes in this checkout.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OUTPUTS } from '../infra/outputs';

/** `npm run deploy` in this checkout writes its outputs here. */
export const CHECKOUT_OUTPUTS_FILE = 'cdk.out/stratus-outputs.json';

export function deployOutputsFile(options: { outputs?: string; buildDir: string }): string {
  if (options.outputs) return options.outputs;
  const own = path.join(options.buildDir, 'cdk-outputs.json');
  return existsSync(own) || !existsSync(CHECKOUT_OUTPUTS_FILE) ? own : CHECKOUT_OUTPUTS_FILE;
}

/** The render function's name in a deploy's outputs file, for `stack`; throws with the fix when it is not there. */
export function renderFunctionFrom(file: string, stack: string): string {
  let outputs: Record<string, Record<string, string>>;
  try {
    outputs = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  } catch {
    throw new Error(`Cannot read ${file} (the deploy's outputs): pass --function with the render function's name, or --outputs FILE.`);
  }
  const name = outputs[stack]?.[OUTPUTS.renderFunction];
  if (!name) throw new Error(`${file} has no ${OUTPUTS.renderFunction} for stack ${stack}; pass --stack or --function.`);
  return name;
}
