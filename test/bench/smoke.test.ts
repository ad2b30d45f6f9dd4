/**
 * The benchmark keeps working: its smoke mode, Stratus rows and floors only (no Next.js or
 * React Router install), produces the table and JSON with every row and positive numbers.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { canCountInstructions } from '../../bench/src/instructions';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

interface Summary {
  median: number;
}
interface Row {
  unit: string;
  id: string;
  stratus?: Summary;
  other?: Summary;
  otherLabel: string;
  reactRouter?: Summary;
}

const EXPECTED_ROWS = [
  'ssr-rps-ssr-1', 'ssr-p50-ssr-1', 'ssr-p99-ssr-1', 'floor-rps-ssr-1', 'floor-p99-ssr-1', 'floor-ratio-ssr-1', 'floor-cpu-ssr-1', 'handler-floor', 'handler-ratio-floor', 'local-server-cpu', 'ssr-rps-fr-ssr-1', 'ssr-rps-home', 'ssr-rps-page-data-ssr-1', 'ssr-rps-JSON-API-api-items-1',
  'routing-cost-ssr-1', 'routing-cost-api-items-1',
  'memory-peak-rss',
  'render-core',
  'streaming-page', 'streaming-api-json', 'streaming-cold-page', 'streaming-cold-api', 'streaming-page-bytes',
  'cold-node-floor', 'cold-lambda', 'cold-lambda-inside', 'cold-server', 'cold-lambda-above-node', 'cold-lambda-cached-above-node', 'cold-lambda-cached-inside',
  'size-server-raw', 'size-server-zip', 'size-server-zip-deployed', 'first-load-home-gzip', 'first-load-home-brotli', 'first-load-ssr-gzip', 'first-load-react-floor', 'first-load-home-beyond-react',
  'nav-static', 'nav-server',
  'images-rate-floor', 'images-ratio-floor', 'images-ratio-floor-varied-q', 'images-handler-ratio-floor-varied-q', 'images-handler-floor', 'images-rate', 'images-p50', 'images-p99',
  'scale-build-10', 'scale-rss-10', 'scale-package-10', 'scale-cold-10', 'scale-build-1000', 'scale-package-1000', 'scale-cold-1000', 'scale-cold-delta',
  'cost-ms-ssr-1', 'cost-price-ssr-1', 'cost-ms-static', 'cost-ms-api', 'cost-price-api',
  // Counted by perf, where it is installed and the CPU lets it count (the bench's own check:
  // `perf stat` exits 0 and prints `<not supported>` on a machine without the counters).
  ...(canCountInstructions() ? ['routing-instructions-ssr-1', 'routing-instructions-api-items-1', 'routing-cold-instructions', 'images-instructions-floor', 'cold-lambda-above-node-instructions', 'cold-lambda-cached-above-node-instructions', 'render-core-instructions'] : []),
];

describe('npm run bench (smoke, Stratus only)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-bench-'));
  const out = path.join(dir, 'smoke.json');
  let stdout = '';
  let result: { rows: Row[]; table: string; machine: { cores: number } };

  beforeAll(async () => {
    ({ stdout } = await run(process.execPath, [path.join(ROOT, 'bench', 'run-ts.cjs'), path.join(ROOT, 'bench', 'src', 'main.ts'), '--smoke', '--only', 'stratus', '--out', out], {
      cwd: ROOT,
      timeout: 150_000,
      maxBuffer: 16 * 1024 * 1024,
    }));
    result = JSON.parse(readFileSync(out, 'utf8'));
  }, 180_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures every Stratus row with positive numbers', () => {
    const ids = result.rows.map((r) => r.id);
    for (const id of EXPECTED_ROWS) expect(ids).toContain(id);
    for (const row of result.rows) {
      // Whole-millisecond latencies (autocannon) and the cold-start difference may be 0 on a fast machine.
      // A static page answered from the bucket costs no Lambda time at all.
      const mayBeZero = /^cold-lambda(-cached)?-above-node$/.test(row.id) || /^(ssr|floor)-p(50|99)-/.test(row.id) || /^cost-(ms|price)-static$/.test(row.id) || row.id === 'scale-upload-unchanged';
      // A difference of two cold starts, one round each in smoke mode: either sign.
      if (row.id === 'scale-cold-delta') {
        expect(Number.isFinite(row.stratus!.median)).toBe(true);
        continue;
      }
      expect({ id: row.id, positive: mayBeZero ? row.stratus!.median >= 0 : row.stratus!.median > 0 }).toEqual({ id: row.id, positive: true });
    }
  });

  it('measures the floors, and neither Next.js nor React Router', () => {
    const floors = result.rows.filter((r) => r.otherLabel === 'floor' && r.other);
    expect(floors.map((r) => r.id)).toEqual(expect.arrayContaining(['render-core', 'images-rate-floor', 'floor-rps-ssr-1']));
    // (A bare server's whole-millisecond latencies may be 0.)
    for (const row of floors) if (row.unit !== 'ms') expect({ id: row.id, floor: row.other!.median > 0 }).toEqual({ id: row.id, floor: true });
    expect(result.rows.filter((r) => r.otherLabel === 'Next.js' && r.other)).toEqual([]);
    expect(result.rows.filter((r) => r.reactRouter)).toEqual([]);
  });

  it('prints the table and the targets', () => {
    expect(stdout).toContain('**SSR throughput');
    expect(stdout).toContain('/ssr/1 requests/s');
    expect(stdout).toContain('Targets:');
    expect(stdout).toContain('Stratus ÷ RR');
    expect(result.table).toContain('render core vs getServerSideProps + bare renderToString');
    expect(result.machine.cores).toBeGreaterThan(0);
  });
});
