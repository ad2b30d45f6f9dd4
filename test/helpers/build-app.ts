/** Builds a fixture app into a fresh temporary folder and loads its render Lambda. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildResult } from '../../cli/builder/build';
import type { FunctionUrlResult } from '../../lambdas/shared/function-url';
import type { LambdaFunctionURLEvent } from 'aws-lambda';

export const FIXTURES = path.join(__dirname, '..', 'fixtures');

export interface BuiltApp extends BuildResult {
  handler: (event: LambdaFunctionURLEvent, context?: { awsRequestId: string }) => Promise<FunctionUrlResult>;
  cleanup: () => void;
}

export async function buildApp(appDir: string, options: { log?: (line: string) => void } = {}): Promise<BuiltApp> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-build-'));
  const result = await build({ appDir, outDir, imageLambda: false, log: options.log });
  const bundle = path.join(outDir, 'lambdas', 'render', 'index.js');
  delete require.cache[bundle];
  const { handler } = require(bundle) as Pick<BuiltApp, 'handler'>;
  return { ...result, handler, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}
