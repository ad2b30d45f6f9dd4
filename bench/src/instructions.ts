/**
 * Instructions a running process executes, counted by Linux perf (`perf stat -e
 * instructions -p PID`). Unlike seconds, the count hardly moves with other tenants' load:
 * on the noisy 2-core machine it repeats within ±1 % where a server's requests/s moves by
 * ±20 % between rounds, so it shows a cost of a few per cent that a wall-time ratio hides.
 * Optional: where perf is missing or may not count, rows built on it say "not measured".
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './processes';

/** perf's CSV line (`-x,`) for the instructions event: the count first, or `<not counted>`/`<not supported>`. */
export function parseInstructions(csv: string): number | undefined {
  for (const line of csv.split('\n')) {
    const fields = line.split(',');
    if (!fields.some((field) => field.startsWith('instructions'))) continue;
    const count = Number(fields[0]);
    return Number.isFinite(count) && fields[0] !== '' ? count : undefined;
  }
  return undefined;
}

let available: boolean | undefined;

/** Whether perf is installed and allowed to count instructions here (checked once). */
export function canCountInstructions(): boolean {
  if (available === undefined) {
    const probe = spawnSync('perf', ['stat', '-x,', '-e', 'instructions', 'true'], { encoding: 'utf8', timeout: 10_000 });
    available = probe.status === 0 && parseInstructions(probe.stderr ?? '') !== undefined;
  }
  return available;
}

/**
 * Instructions process `pid` (all its threads) executes while `during` runs; undefined when
 * perf cannot count. The count also takes in the moment perf needs to attach (it counts
 * ≈ 50 ms after it starts) and to stop, so `pid` should be idle before and after `during`,
 * as a server between two loads is.
 */
export async function countInstructions(pid: number, during: () => Promise<void>): Promise<number | undefined> {
  if (!canCountInstructions()) return undefined;
  return withStatFile(async (outFile) => {
    const perf = spawn('perf', ['stat', '-x,', '-e', 'instructions', '-p', String(pid), '-o', outFile], { stdio: 'ignore' });
    const stopped = exitOf(perf);
    // perf says nothing once it is attached; it counts well within this (measured: ≈ 50 ms).
    await sleep(200);
    try {
      await during();
    } finally {
      perf.kill('SIGINT');
      await stopped;
    }
    return parseInstructions(readIfThere(outFile));
  });
}

/** Instructions a whole process runs, from spawn to exit (`perf stat -- command …`); undefined when perf cannot count or the process fails. */
export async function countProcessInstructions(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | undefined> {
  if (!canCountInstructions()) return undefined;
  return withStatFile(async (outFile) => {
    const code = await exitOf(spawn('perf', ['stat', '-x,', '-e', 'instructions', '-o', outFile, '--', command, ...args], { env, stdio: 'ignore' }));
    return code === 0 ? parseInstructions(readIfThere(outFile)) : undefined;
  });
}

/** Runs `use` with the path of a file for perf's output, in a folder removed afterwards. */
async function withStatFile<T>(use: (outFile: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-perf-'));
  try {
    return await use(path.join(dir, 'stat.csv'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** perf's exit code, or null when it could not be started. */
function exitOf(perf: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    perf.once('exit', (code) => resolve(code));
    perf.once('error', () => resolve(null));
  });
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
