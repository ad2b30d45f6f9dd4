/**
 * Operations per CPU-second of this process, over a slice of wall time: CPU time rather than
 * wall time, so other processes on a busy machine do not decide a ratio, and all threads'
 * time, so garbage collection counts. Used by the in-process rows (render core, streaming,
 * where /ssr/1 goes).
 */

/** CPU microseconds of this process (all threads) since `since`. */
export function cpuMicros(since?: NodeJS.CpuUsage): number {
  const usage = process.cpuUsage(since);
  return usage.user + usage.system;
}

/** `fn` called for `sliceMs` of wall time, synchronously: its calls per CPU-second. */
export function opsPerCpuSecond(fn: () => unknown, sliceMs: number): number {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let ops = 0;
  while (performance.now() - started < sliceMs) {
    fn();
    ops++;
  }
  return (ops * 1e6) / cpuMicros(cpu);
}

/**
 * How many calls between two turns of the event loop. A server's and Lambda's runtime turn
 * it between requests (Lambda runs each invocation in a turn of its own), so what a request
 * leaves for it (an Immediate, a timer) runs there; awaited promises alone never turn it, and
 * over a whole slice those would pile up, live, and be counted as the collector's work.
 * Every 64 calls keeps the turn's own cost out of the figure (≈ 1 µs / 64).
 */
const CALLS_A_TURN = 64;

/** The same for an async `fn`, each call awaited before the next, the event loop turning every CALLS_A_TURN calls. */
export async function opsPerCpuSecondAsync(fn: () => Promise<unknown> | unknown, sliceMs: number): Promise<number> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let ops = 0;
  while (performance.now() - started < sliceMs) {
    await fn();
    ops++;
    if (ops % CALLS_A_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return (ops * 1e6) / cpuMicros(cpu);
}
