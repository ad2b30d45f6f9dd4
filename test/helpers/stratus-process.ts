/**
 * A `stratus` command that serves (`dev`, `start`) run for tests: resolves once it prints
 * `ready on …`, with its URL, its output so far and a `close()` that stops it.
 *
 * @example
 * const dev = await startDev(dir);
 * await fetch(`${dev.url}/`);
 * await dev.close();
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface StratusProcess {
  url: string;
  /** Its stdout and stderr so far. */
  output(): string;
  /** Whether the process is still running. */
  running(): boolean;
  close(): Promise<void>;
}
export type DevServer = StratusProcess;

/** `stratus <args>`; `env` is added to the test's own. Rejects when it exits, or is not ready within 60 s. */
export async function startStratus(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<StratusProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/stratus.js'), ...args], { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stratus ${args[0]} did not become ready in 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = output.match(/ready on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stratus ${args[0]} exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `stratus dev` of an app folder on a free port. */
export function startDev(appDir: string, env: Record<string, string> = {}): Promise<DevServer> {
  return startStratus(['dev', appDir, '--port', '0'], { env });
}
