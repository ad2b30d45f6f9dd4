/**
 * `stratus start <app>` as a user runs it, in a child process: built into a fresh temporary
 * folder, served on a free port of 127.0.0.1. Tests and the fuzz (bench/fuzz.ts) send it
 * requests over real sockets.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Manifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';

const ROOT = path.resolve(__dirname, '..', '..');

export interface LocalServer {
  port: number;
  /** `http://localhost:<port>` */
  base: string;
  outDir: string;
  manifest: Manifest;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  /** SIGTERM, wait for the exit, remove the build. */
  stop(): Promise<void>;
}

/**
 * Builds and starts `appDir`.
 *
 * @example
 * const server = await startLocalServer(path.join(FIXTURES, 'apps', 'basic'));
 * await sendRaw(server.port, { method: 'GET', target: '/' });
 * await server.stop();
 */
export async function startLocalServer(appDir: string, options: { root?: string; timeoutMs?: number; args?: string[]; env?: Record<string, string> } = {}): Promise<LocalServer> {
  const root = options.root ?? process.env.STRATUS_ROOT ?? ROOT;
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-local-'));
  const child = spawn(process.execPath, [path.join(root, 'bin', 'stratus.js'), 'start', appDir, '--out', outDir, '--port', '0', ...(options.args ?? [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let output = '';
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), options.timeoutMs ?? 90_000);
      child.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        const m = output.match(/ready on (http:\/\/localhost:\d+)/);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      void exit.then(() => {
        clearTimeout(timer);
        reject(new Error(`server exited before it was ready:\n${output}`));
      });
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, OUTPUT_LAYOUT.manifest), 'utf8')) as Manifest;
    return {
      port: Number(new URL(base).port),
      base,
      outDir,
      manifest,
      output: () => output,
      alive: () => !exited,
      async stop() {
        if (!exited) child.kill('SIGTERM');
        await exit;
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (!exited) child.kill('SIGTERM');
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
