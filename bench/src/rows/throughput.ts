/**
 * SSR throughput: autocannon against each server (fresh per round, the frameworks
 * interleaved: A B C A B C …), requests/s and p50/p99 latency per path; the server's peak
 * RSS over the whole load is the memory row. autocannon sends no Accept-Encoding, so no
 * server compresses (react-router-serve's compression middleware cannot be turned off).
 */
import type { BuiltApp } from '../apps';
import type { BenchOptions } from '../options';
import { autocannon, loadWithServerCpu } from '../load';
import { freePort, peakRss } from '../processes';
import { summarize } from '../stats';
import type { ResultRow } from '../table';


/** Pages, page data, and a JSON API route answering the same 50 rows (`api:` only labels it). */
export const THROUGHPUT_PATHS = ['/ssr/1', '/fr/ssr/1', '/', 'data:/ssr/1', 'api:/api/items/1'] as const;

function urlOf(app: BuiltApp, p: string): string {
  if (p.startsWith('data:')) return app.dataUrl(p.slice(5));
  return p.startsWith('api:') ? p.slice(4) : p;
}

function labelOf(p: string): string {
  if (p.startsWith('data:')) return `page data ${p.slice(5)}`;
  return p.startsWith('api:') ? `JSON API ${p.slice(4)}` : p;
}

interface Samples {
  rps: number[];
  p50: number[];
  p99: number[];
  /** CPU µs the server process spent a request (user + system, all its threads). */
  cpu: number[];
}

export async function runThroughput(apps: BuiltApp[], options: BenchOptions, log: (line: string) => void): Promise<ResultRow[]> {
  const samples = new Map<string, Samples>();
  const memory = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const key = (fw: string, p: string) => `${fw} ${p}`;
  for (let round = 0; round < options.rounds; round++) {
    for (const app of apps) {
      const port = await freePort();
      const server = await app.start(port);
      try {
        for (const p of THROUGHPUT_PATHS) {
          // The floor answers /ssr/1 alone.
          if (app.framework === 'floor' && p !== '/ssr/1') continue;
          const url = server.url + urlOf(app, p);
          if (options.load.warmupSeconds > 0) await autocannon({ url, connections: options.load.connections, duration: options.load.warmupSeconds, timeout: 30 });
          // A 30 s request timeout: a slow answer counts in the latency rather than as an error.
          const { result, cpuPerRequest } = await loadWithServerCpu({ url, connections: options.load.connections, duration: options.load.seconds, timeout: 30 }, server.child.pid!);
          // Wrong answers fail the run; a few timeouts of an overloaded server are counted and shown.
          if (result.non2xx > 0) {
            throw new Error(`${app.framework} ${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors under load\n${server.stderr()}`);
          }
          if (result.errors > 0) errors.set(app.framework, (errors.get(app.framework) ?? 0) + result.errors);
          const entry = samples.get(key(app.framework, p)) ?? { rps: [], p50: [], p99: [], cpu: [] };
          entry.rps.push(result.requests.average);
          if (cpuPerRequest !== undefined) entry.cpu.push(cpuPerRequest);
          entry.p50.push(result.latency.p50);
          entry.p99.push(result.latency.p99);
          samples.set(key(app.framework, p), entry);
          log(`  round ${round + 1} ${app.framework.padEnd(12)} ${labelOf(p).padEnd(16)} ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
        }
        if (app.framework !== 'floor') memory.set(app.framework, [...(memory.get(app.framework) ?? []), peakRss(server.child.pid!)]);
      } finally {
        await server.stop();
      }
    }
  }
  const rows: ResultRow[] = [];
  const pick = (fw: string, p: string, field: keyof Samples) => {
    const values = samples.get(key(fw, p))?.[field];
    return values?.length ? summarize(values) : undefined;
  };
  const section = `SSR throughput (autocannon, ${options.load.connections} connections, ${options.load.seconds} s)`;
  const measure = (p: string, field: keyof Samples) => ({ stratus: pick('stratus', p, field), other: pick('next', p, field), otherLabel: 'Next.js' as const, reactRouter: pick('react-router', p, field) });
  for (const p of THROUGHPUT_PATHS) {
    const id = labelOf(p).replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    rows.push({ id: `ssr-rps-${id}`, section, label: `${labelOf(p)} requests/s`, unit: 'req/s', better: 'higher', ...measure(p, 'rps') });
    rows.push({ id: `ssr-p50-${id}`, section, label: `${labelOf(p)} p50 latency`, unit: 'ms', better: 'lower', ...measure(p, 'p50') });
    rows.push({ id: `ssr-p99-${id}`, section, label: `${labelOf(p)} p99 latency`, unit: 'ms', better: 'lower', ...measure(p, 'p99') });
  }
  rows.push(...floorRows(samples, section));
  if (errors.size) log(`  errors (timeouts) under load: ${[...errors].map(([fw, n]) => `${fw} ${n}`).join(', ')}`);
  const mem = (fw: string) => (memory.get(fw)?.length ? summarize(memory.get(fw)!) : undefined);
  const errorNote = [...errors].map(([fw, n]) => `${fw}: ${n} errors/timeouts`).join(', ');
  if (errorNote) rows[0]!.note = errorNote;
  rows.push({ id: 'memory-peak-rss', section: 'Memory', label: 'server peak RSS during the SSR load', unit: 'B', better: 'lower', stratus: mem('stratus'), other: mem('next'), otherLabel: 'Next.js', reactRouter: mem('react-router') });
  return rows;
}

/**
 * Stratus against the floor of /ssr/1 (floor-server.ts), both through their own HTTP
 * servers in the same rounds: requests/s and latencies beside each other, and the Stratus ÷
 * floor ratio of each round (rounds share the machine's state, so the ratio of a round is
 * steadier than the ratio of medians), whose median is the target's figure.
 */
function floorRows(samples: Map<string, Samples>, section: string): ResultRow[] {
  const stratus = samples.get('stratus /ssr/1');
  const floor = samples.get('floor /ssr/1');
  if (!stratus || !floor) return [];
  const rows: ResultRow[] = [];
  for (const [field, label, unit, better] of [['rps', 'requests/s', 'req/s', 'higher'], ['p50', 'p50 latency', 'ms', 'lower'], ['p99', 'p99 latency', 'ms', 'lower']] as const) {
    rows.push({ id: `floor-${field}-ssr-1`, section, label: `/ssr/1 ${label}, against a bare node:http server of the page`, unit, better, stratus: summarize(stratus[field]), other: summarize(floor[field]), otherLabel: 'floor' });
  }
  const ratios = stratus.rps.map((rps, round) => rps / floor.rps[round]!);
  rows.push({
    id: 'floor-ratio-ssr-1', section, label: '/ssr/1 requests/s ÷ the floor\'s, per round (stratus serve)', unit: '×', better: 'higher',
    stratus: summarize(ratios), otherLabel: 'floor', note: `rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
  });
  // The server's own CPU a request: the load generator's share (same machine) is in neither figure.
  if (stratus.cpu.length && floor.cpu.length) {
    rows.push({ id: 'floor-cpu-ssr-1', section, label: '/ssr/1 server CPU a request (user + system), stratus serve against the floor', unit: 'µs', better: 'lower', stratus: summarize(stratus.cpu), other: summarize(floor.cpu), otherLabel: 'floor' });
  }
  return rows;
}
