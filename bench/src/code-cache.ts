/**
 * The render function as `stratus deploy` ships it: a copy of the build's folder with the V8
 * code cache the function makes of itself (lambdas/render/lambda/code-cache.ts), made the way the
 * deploy has it made: the handler answers `{ stratus: "code-cache" }` in a process started
 * as the measured cold ones are. One copy per run, removed at exit.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { measuredEnv, timeProcess } from './processes';

// Runs in the fresh process: the function's answer, written beside its bundle.
const CODE_CACHE_SCRIPT = `
const path = require('node:path');
require(process.env.BENCH_BUNDLE).handler({ stratus: 'code-cache' }, { awsRequestId: 'code-cache' }).then((answer) => {
  require('node:fs').writeFileSync(path.join(path.dirname(process.env.BENCH_BUNDLE), answer.file), Buffer.from(answer.codeCache, 'base64'));
});
`;

const made = new Map<string, Promise<string>>();

/** The copy's folder for the build's render folder `renderDir`, its cache made. */
export function withCodeCache(renderDir: string): Promise<string> {
  let copy = made.get(renderDir);
  if (!copy) {
    copy = makeCopy(renderDir);
    made.set(renderDir, copy);
  }
  return copy;
}

async function makeCopy(renderDir: string): Promise<string> {
  const copy = `${renderDir}-code-cache`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(renderDir, copy, { recursive: true });
  process.once('exit', () => rmSync(copy, { recursive: true, force: true }));
  const env = measuredEnv({ AWS_LAMBDA_FUNCTION_NAME: 'bench-render', BENCH_BUNDLE: path.join(copy, 'index.js') });
  const run = await timeProcess(process.execPath, ['-e', CODE_CACHE_SCRIPT], { env });
  if (run.code !== 0) throw new Error(`the render function made no code cache:\n${run.stderr}`);
  return copy;
}
