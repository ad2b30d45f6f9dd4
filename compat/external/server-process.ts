/**
 * A server of either framework as the outside-code tools need it: started on a port of
 * 127.0.0.1, ready once it answers anything at all (a fixture may have no `/`), with
 * everything it prints kept (Next's tests read `next.cliOutput`), stopped by its process id.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { probe, sleep } from '../../bench/src/processes';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
  stop(): Promise<void>;
}

const MAX_OUTPUT = 2_000_000;

export async function startServerProcess(command: string, args: string[], options: SpawnOptions & { port: number; timeoutMs?: number }): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  let text = '';
  const keep = (chunk: Buffer) => (text = (text + chunk.toString()).slice(-MAX_OUTPUT));
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let exited = false;
  child.once('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (await probe(`${url}/`)) break;
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`${[command, ...args].join(' ')}: ${exited ? 'exited' : 'no answer'} before it served a request\n${text.slice(-3000)}`);
    }
    await sleep(50);
  }
  return { child, url, port: options.port, output: () => text, stop };
}
