/** How long each row runs: the full benchmark, or the smoke version CI runs. */
import type { OtherFramework } from './apps';

export interface BenchOptions {
  mode: 'full' | 'smoke';
  /** Frameworks measured beside Stratus (`--only stratus` leaves both out: no install, no build). */
  others: OtherFramework[];
  /** Rows to run (all when empty): ROW_IDS. */
  rows: Set<string>;
  /** Where the JSON goes. */
  outFile: string;
  /** Interleaved rounds per row (A B C A B C …). */
  rounds: number;
  /** `countedRequests`: requests per instruction count (perf) in the routing row. */
  load: { connections: number; seconds: number; warmupSeconds: number; countedRequests: number };
  /** `countedOps`: renders per instruction count (perf), against three times as many. */
  render: { sliceMs: number; countedOps: number };
  cold: { rounds: number };
  nav: { count: number; settleMs: number };
  /**
   * Images get more rounds than the other rows: a round is 2 s, and its rate moves by ±5 % from one to the next.
   * `warmup` images go through each server (and the floor, and the handler) before the first round.
   */
  images: { count: number; concurrency: number; rounds: number; warmup: number };
  /** The dev loop: rounds (a cold start each, frameworks alternating) and edits per round (one component and one CSS edit each). */
  dev: { rounds: number; edits: number };
}

export const ROW_IDS = ['throughput', 'routing', 'render', 'streaming', 'cold', 'size', 'nav', 'images', 'dev'] as const;

export function benchOptions(mode: 'full' | 'smoke', others: OtherFramework[], rows: string[], outFile: string): BenchOptions {
  const full = mode === 'full';
  return {
    mode,
    others,
    rows: new Set(rows),
    outFile,
    rounds: full ? 3 : 1,
    load: full ? { connections: 50, seconds: 10, warmupSeconds: 3, countedRequests: 5000 } : { connections: 10, seconds: 1, warmupSeconds: 0.3, countedRequests: 300 },
    render: { sliceMs: full ? 2000 : 300, countedOps: full ? 5000 : 100 },
    cold: { rounds: full ? 7 : 1 },
    nav: { count: full ? 20 : 3, settleMs: full ? 300 : 150 },
    images: { count: full ? 100 : 6, concurrency: 2, rounds: full ? 5 : 1, warmup: full ? 100 : 0 },
    // 10 edits of each kind in a full run: 5 rounds of 2, a cold start of each framework per round.
    dev: full ? { rounds: 5, edits: 2 } : { rounds: 1, edits: 2 },
  };
}
