/**
 * What the routing layer costs a request that uses none of it: the benchmark app built a
 * second time with 20 config rules (redirects, rewrites and headers for other paths, one
 * header rule for every path) and a middleware that runs for every page and API route and
 * lets it through, against the same app without them. Autocannon as in the throughput row;
 * in each round both servers run at once and are measured in turns on each path, so that
 * other load on the machine, which comes in bursts of seconds, falls on both alike. The
 * ratio is the routed app's requests/s over the plain app's. Where perf can count, each
 * round also counts the instructions each server runs for a fixed number of requests:
 * a cost of a few per cent that the machine's noise hides in requests/s shows there.
 */
import { buildStratusVariant, type StratusBuild } from '../apps';
import type { BenchOptions } from '../options';
import { countInstructions } from '../instructions';
import { countLambdaColdStart } from './cold-start';
import { autocannon } from '../load';
import { freePort, type RunningServer } from '../processes';
import { summarize } from '../stats';
import type { ResultRow } from '../table';


/** 6 redirects, 6 rewrites and 8 header rules, none of them for /ssr/1 but the last header rule (every path). */
const RULES_CONFIG = `import type { StratusConfig } from 'stratus/config';
const config: StratusConfig = {
  locales: ['en', 'fr'],
  defaultLocale: 'en',
  images: { formats: ['image/webp'] },
  async redirects() {
    return [1, 2, 3, 4, 5, 6].map((n) => ({ source: \`/legacy-\${n}/:path*\`, destination: \`/docs/:path*?from=\${n}\`, permanent: n % 2 === 0 }));
  },
  async rewrites() {
    return {
      beforeFiles: [{ source: '/before/:id', has: [{ type: 'query', key: 'v', value: '2' }], destination: '/ssr/:id' }],
      afterFiles: [2, 3, 4].map((n) => ({ source: \`/alias-\${n}/:id\`, destination: '/ssr/:id' })),
      fallback: [{ source: '/gone/:path*', destination: '/' }, { source: '/lost/:path*', destination: '/' }],
    };
  },
  async headers() {
    return [
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => ({ source: \`/section-\${n}/:path*\`, headers: [{ key: 'x-section', value: String(n) }] })),
      { source: '/:path*', headers: [{ key: 'x-frame-options', value: 'SAMEORIGIN' }] },
    ];
  },
};
export default config;
`;

/** Runs for every page and API route, reads a cookie and a header, and lets the request through. */
const MIDDLEWARE = `import { NextResponse, type NextRequest } from 'stratus/server';
export function middleware(request: NextRequest) {
  if (request.cookies.get('blocked')?.value === 'yes' || request.headers.get('x-block') === 'yes') {
    return NextResponse.redirect(new URL('/', request.url));
  }
  return NextResponse.next();
}
export const config = { matcher: ['/ssr/:path*', '/api/:path*', '/'] };
`;

/** The benchmark app with the rules and middleware added, in a folder of this run's own. */
export function buildRoutedStratus(log: (line: string) => void): Promise<StratusBuild> {
  return buildStratusVariant(log, { 'stratus.config.ts': RULES_CONFIG, 'middleware.ts': MIDDLEWARE });
}

const PATHS = ['/ssr/1', '/api/items/1'];

/** Pairs of cold starts counted, each app's render Lambda answering /ssr/1 in a fresh process. */
const COLD_PAIRS = 3;

/** Each round's measured time per server and path, in turns of this many (A B B A): a burst of other load falls on both. */
const TURNS = 2;

/** The server's instructions per request over `amount` requests to `url`; undefined where perf cannot count. */
async function instructionsPerRequest(server: RunningServer, url: string, connections: number, amount: number): Promise<number | undefined> {
  const count = await countInstructions(server.child.pid!, async () => {
    const result = await autocannon({ url, connections, amount, timeout: 30 });
    if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses under load`);
  });
  return count === undefined ? undefined : count / amount;
}

export async function runRoutingCost(plain: StratusBuild, routed: StratusBuild, options: BenchOptions, log: (line: string) => void): Promise<ResultRow[]> {
  const rps = new Map<string, number[]>();
  const instructions = new Map<string, number[]>();
  const { connections, seconds, warmupSeconds, countedRequests } = options.load;
  for (let round = 0; round < options.rounds; round++) {
    // Both servers up at once, measured in turns (A B B A), rather than one after the other;
    // which one starts, warms up and is measured first alternates by round, so order favours neither.
    const order = round % 2 === 0 ? (['plain', 'routed'] as const) : (['routed', 'plain'] as const);
    const builds = { plain, routed };
    const servers = {} as Record<'plain' | 'routed', RunningServer>;
    try {
      for (const name of order) servers[name] = await builds[name].start(await freePort());
      for (const p of PATHS) {
        for (const name of order) {
          if (warmupSeconds > 0) await autocannon({ url: servers[name].url + p, connections, duration: warmupSeconds, timeout: 30 });
        }
        for (let turn = 0; turn < TURNS; turn++) {
          for (const name of turn % 2 === 0 ? order : [...order].reverse()) {
            const url = servers[name].url + p;
            const result = await autocannon({ url, connections, duration: seconds / TURNS, timeout: 30 });
            if (result.non2xx > 0) throw new Error(`${name} ${url}: ${result.non2xx} non-2xx responses under load`);
            rps.set(`${name} ${p}`, [...(rps.get(`${name} ${p}`) ?? []), result.requests.average]);
            log(`  round ${round + 1}.${turn + 1} ${name.padEnd(7)} ${p.padEnd(14)} ${result.requests.average.toFixed(0)} req/s`);
          }
        }
        for (const name of [...order, ...[...order].reverse()]) {
          const perRequest = await instructionsPerRequest(servers[name], servers[name].url + p, connections, countedRequests);
          if (perRequest === undefined) break;
          instructions.set(`${name} ${p}`, [...(instructions.get(`${name} ${p}`) ?? []), perRequest]);
          log(`  round ${round + 1} ${name.padEnd(7)} ${p.padEnd(14)} ${(perRequest / 1000).toFixed(1)}k instructions a request (perf, ${countedRequests} requests)`);
        }
      }
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.stop()));
    }
  }
  // The render Lambda's cold start with them, where perf can count: pairs of whole processes, each answering /ssr/1.
  const cold = { plain: [] as number[], routed: [] as number[] };
  for (let pair = 0; pair < COLD_PAIRS; pair++) {
    const plainCount = await countLambdaColdStart(plain.renderBundle);
    const routedCount = plainCount === undefined ? undefined : await countLambdaColdStart(routed.renderBundle);
    if (plainCount === undefined || routedCount === undefined) break;
    cold.plain.push(plainCount);
    cold.routed.push(routedCount);
  }
  if (cold.plain.length > 0) log(`  counted (perf): render Lambda cold start ${cold.routed.map((v) => `${(v / 1e6).toFixed(1)}M`).join('/')} with the rules and middleware, ${cold.plain.map((v) => `${(v / 1e6).toFixed(1)}M`).join('/')} without`);
  const section = 'Routing layer (20 config rules + a middleware that lets every request through)';
  const slug = (p: string) => p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
  const rows: ResultRow[] = [];
  for (const p of PATHS) {
    rows.push({
      id: `routing-cost-${slug(p)}`,
      section,
      label: `${p} requests/s, with the rules and middleware`,
      unit: 'req/s',
      better: 'higher',
      stratus: summarize(rps.get(`routed ${p}`)!),
      other: summarize(rps.get(`plain ${p}`)!),
      otherLabel: 'no rules',
    });
    const routedCounts = instructions.get(`routed ${p}`);
    const plainCounts = instructions.get(`plain ${p}`);
    if (!routedCounts || !plainCounts) continue; // perf could not count here
    rows.push({
      id: `routing-instructions-${slug(p)}`,
      section,
      label: `${p} server instructions a request (perf), with the rules and middleware`,
      unit: 'instructions',
      better: 'lower',
      stratus: summarize(routedCounts),
      other: summarize(plainCounts),
      otherLabel: 'no rules',
    });
  }
  if (cold.plain.length > 0) {
    rows.push({
      id: 'routing-cold-instructions',
      section,
      label: 'render Lambda cold start (perf, whole process), with the rules and middleware',
      unit: 'instructions',
      better: 'lower',
      stratus: summarize(cold.routed),
      other: summarize(cold.plain),
      otherLabel: 'no rules',
    });
  }
  return rows;
}
