/**
 * Build step: the app's type check, as `next build` runs it: when the app has a
 * `tsconfig.json` (or the one `typescript.tsconfigPath` names) and `typescript` resolves
 * from its folder, the app's own compiler checks it (`tsc --noEmit`); type errors stop the
 * build with the compiler's messages, unless `typescript.ignoreBuildErrors` is set. The
 * build's output says how long it took.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TypescriptOptions } from '../../../contract/config-schema';
import { BuildError } from '../errors';

/** The compiler's entry script as the app resolves `typescript` (its `tsc` bin); undefined when it does not. */
export function appTypescript(appDir: string): { tsc: string; version: string } | undefined {
  let manifestFile: string;
  try {
    manifestFile = require.resolve('typescript/package.json', { paths: [appDir] });
  } catch {
    return undefined;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string; bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.tsc;
  return bin ? { tsc: path.join(path.dirname(manifestFile), bin), version: manifest.version } : undefined;
}

/** Runs a process to its end: its exit code and its output, both streams together. */
function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** At most this many lines of the compiler's output in the build error. */
const MAX_LINES = 40;

/**
 * @example
 * await typeCheck('/apps/blog', {}, console.log); // "  type-checked (TypeScript 5.9.3) in 2.1 s", or throws BuildError with the errors
 */
export async function typeCheck(appDir: string, options: TypescriptOptions, log: (line: string) => void): Promise<void> {
  const tsconfig = path.resolve(appDir, options.tsconfigPath ?? 'tsconfig.json');
  if (!existsSync(tsconfig)) return;
  const typescript = appTypescript(appDir);
  if (!typescript) {
    log(`  warning: ${path.relative(appDir, tsconfig)} but no typescript installed: types are not checked (npm install --save-dev typescript @types/react @types/node)`);
    return;
  }
  if (options.ignoreBuildErrors) {
    log('  skipping validation of types (typescript.ignoreBuildErrors)');
    return;
  }
  const started = performance.now();
  const { code, output } = await run(process.execPath, [typescript.tsc, '--noEmit', '-p', tsconfig], appDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    const lines = output.trim().split('\n');
    const shown = lines.slice(0, MAX_LINES).join('\n') + (lines.length > MAX_LINES ? `\n… ${lines.length - MAX_LINES} more lines` : '');
    throw new BuildError(`Type errors (TypeScript ${typescript.version}, ${seconds} s), as next build stops on them; fix them, or set typescript.ignoreBuildErrors in the config to build anyway:\n${shown}`);
  }
  log(`  type-checked (TypeScript ${typescript.version}) in ${seconds} s`);
}
