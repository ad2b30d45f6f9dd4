/**
 * Where the deployed stack's outputs (function names) are read from by the operator
 * commands: `--outputs FILE`, else what `stratus deploy` wrote for this app
 * (`<build>/cdk-outputs.json`), else what `npm run deploy` writes in this checkout.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** `npm run deploy` in this checkout writes its outputs here. */
export const CHECKOUT_OUTPUTS_FILE = 'cdk.out/stratus-outputs.json';

export function deployOutputsFile(options: { outputs?: string; buildDir: string }): string {
  if (options.outputs) return options.outputs;
  const own = path.join(options.buildDir, 'cdk-outputs.json');
  return existsSync(own) || !existsSync(CHECKOUT_OUTPUTS_FILE) ? own : CHECKOUT_OUTPUTS_FILE;
}

