/** Child processes of the benchmark: spawning servers, waiting for their first 200, peak memory. */
import { closeSync, openSync } from 'node:fs';
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One GET; resolves with the status, or null when nothing listens yet. */
export function probe(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders } | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
    req.setTimeout(30_000, () => req.destroy());
  });
}

/**
 * The environment of every measured process: the bench's own with `extra`, less what
 * Lambda's runtime does not set and what would weigh on each start. NODE_EXTRA_CA_CERTS
 * in particular: where it names the system's bundle (a proxy's CA, as on the bench
 * machines), every Node process parses ≈ 140 certificates before it runs a line, ≈ 400M
 * instructions and ≈ 100 ms there, which would drown a 30 ms cold-start target in noise.
 */
export function measuredEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  /** Spawn → first 200 on the probed path, in ms. */
  readyMs: number;
  stop(): Promise<void>;
  /** The last lines of stderr, for failure messages. */
  stderr(): string;
}

/**
 * Spawns a server and polls `probePath` until it answers 200 (every 2 ms, at most
 * `timeoutMs`). Stdout is discarded (the Stratus server logs a line per request; reading
 * them would load the benchmark process), stderr is kept for failure messages.
 */
export async function startServer(command: string, args: string[], options: SpawnOptions & { port: number; probePath: string; timeoutMs?: number; /** Where stdout goes (a dev server's log); discarded without it. */ stdoutFile?: string }): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  let errText = '';
  const started = performance.now();
  const stdout = options.stdoutFile ? openSync(options.stdoutFile, 'w') : 'ignore';
  const child = spawn(command, args, { ...options, stdio: ['ignore', stdout, 'pipe'] });
  if (typeof stdout === 'number') closeSync(stdout);
  child.stderr!.on('data', (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-4000)));
  // A server must not outlive the run (a failed row, the watchdog, Ctrl-C): it would load the next one.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let exited = false;
  child.once('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
  });
  const deadline = started + (options.timeoutMs ?? 60_000);
  for (;;) {
    const res = await probe(url + options.probePath);
    if (res?.status === 200) break;
    if (exited || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${command} ${args.join(' ')}: no 200 on ${options.probePath} (${res ? `status ${res.status}` : exited ? 'process exited' : 'timed out'})\n${errText}`);
    }
    await sleep(2);
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    stderr: () => errText,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command: string, args: string[], options: SpawnOptions & { timeoutMs?: number; quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${out.slice(-3000)}`));
    });
  });
}

/** Wall time of a process from spawn to exit, in ms. */
export function timeProcess(command: string, args: string[], options: SpawnOptions = {}): Promise<{ ms: number; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, stderr, code });
    });
  });
}

function statusField(pid: number, field: string): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the name in brackets may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** CPU seconds (user + system, all threads) process `pid` has used so far, from /proc (Linux; 0 where it cannot be read). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 14 and 15 (utime, stime) in clock ticks (USER_HZ, 100 on Linux); the name in brackets may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Peak resident memory (VmHWM) of a process and its children, in bytes (Linux). */
export function peakRss(pid: number): number {
  let total = statusField(pid, 'VmHWM');
  for (const child of childrenOf(pid)) total += peakRss(child);
  return total;
}
