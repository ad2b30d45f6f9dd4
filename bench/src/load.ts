/** HTTP load for the rows: autocannon, typed for the part of its API they use (it ships no types). */
import { cpuSeconds } from './processes';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds of load, or `amount` requests. */
  duration?: number;
  amount?: number;
  timeout?: number;
}

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export const autocannon = require('autocannon') as (options: LoadOptions) => Promise<LoadResult>;

/**
 * One load, and the CPU µs the server process `pid` spent a request meanwhile (user +
 * system, all its threads, from /proc): the load generator's share of the machine is not in
 * it. `cpuPerRequest` is undefined when no request completed.
 */
export async function loadWithServerCpu(options: LoadOptions, pid: number): Promise<{ result: LoadResult; cpuPerRequest?: number }> {
  const before = cpuSeconds(pid);
  const result = await autocannon(options);
  const after = cpuSeconds(pid);
  return { result, cpuPerRequest: result.requests.total > 0 ? ((after - before) * 1e6) / result.requests.total : undefined };
}
