/**
 * `stratus dev` of an app folder on a free port, for tests: resolves with its URL once it
 * prints `ready on …`; `close()` stops it.
 *
 * @example
 * const dev = await startDev(dir);
 * await fetch(`${dev.url}/`);
 * await dev.close();
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface DevServer {
  url: string;
  /** Its stdout and stderr so far. */
  output(): string;
  /** Whether the process is still running. */
  running(): boolean;
  close(): Promise<void>;
}

/** `env`: variables added to the test's own for the dev server (STRATUS_DEV_TIMINGS). */
export async function startDev(appDir: string, env: Record<string, string> = {}): Promise<DevServer> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/stratus.js'), 'dev', appDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stratus dev did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = output.match(/ready on (http:\/\/localhost:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stratus dev exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
