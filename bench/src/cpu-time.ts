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

/** The same for an async `fn`, each call awaited before the next. */
export async function opsPerCpuSecondAsync(fn: () => Promise<unknown> | unknown, sliceMs: number): Promise<number> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let ops = 0;
  while (performance.now() - started < sliceMs) {
    await fn();
    ops++;
  }
  return (ops * 1e6) / cpuMicros(cpu);
}
