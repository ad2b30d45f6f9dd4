/**
 * One event answered by a fresh Node process, as a Lambda cold start answers it (its
 * runtime sets AWS_LAMBDA_FUNCTION_NAME): `script` loads `process.env.BUNDLE`, answers
 * `process.env.EVENT` and writes one `PROBE {json}` line to stderr with what it saw.
 */
import { spawnSync } from 'node:child_process';

export function runColdProbe<T>(script: string, bundle: string, event: object, options: { nodeArgs?: string[] } = {}): { probe: T; stdout: string } {
  const env = { ...process.env, NODE_ENV: 'production', AWS_LAMBDA_FUNCTION_NAME: 'render', BUNDLE: bundle, EVENT: JSON.stringify(event) };
  const run = spawnSync(process.execPath, [...(options.nodeArgs ?? []), '-e', script], { env, encoding: 'utf8' });
  const line = run.stderr.split('\n').find((text) => text.startsWith('PROBE '));
  if (!line) throw new Error(`the probe printed no answer:\n${run.stderr}`);
  return { probe: JSON.parse(line.slice('PROBE '.length)) as T, stdout: run.stdout };
}
