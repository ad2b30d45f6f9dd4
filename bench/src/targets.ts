/** The targets of issue 6 (throughput against React Router: the performance issue), checked against a run's rows. */
import { formatRatio, formatSummary, type ResultRow, type TargetCheck } from './table';

const KB = 1024;

/** The render function's folder is the same size at the largest page count as at 10 pages. */
function samePackageCheck(rows: ResultRow[]): TargetCheck {
  const packages = rows.filter((r) => r.id.startsWith('scale-package-')).sort((a, b) => Number(a.id.split('-').at(-1)) - Number(b.id.split('-').at(-1)));
  const target = 'render function folder at the largest page count the same size as at 10 pages (within 0.1 %)';
  const [first, last] = [packages[0], packages.at(-1)];
  if (!first?.stratus || !last?.stratus || first === last) return { target, value: 'not measured', met: null };
  // Within 0.1 %: the page count is a number in the app's own code.
  return { target, value: `${formatSummary(last.stratus, 'B')} vs ${formatSummary(first.stratus, 'B')}`, met: Math.abs(last.stratus.median - first.stratus.median) <= first.stratus.median / 1000 };
}

export function checkTargets(rows: ResultRow[]): TargetCheck[] {
  const row = (id: string) => rows.find((r) => r.id === id);
  // Against Next.js or the floor (`other`), or against React Router.
  const ratioCheck = (id: string, target: string, test: (ratio: number) => boolean, against: 'other' | 'reactRouter' = 'other'): TargetCheck => {
    const r = row(id);
    const ratio = against === 'other' ? r?.ratio : r?.reactRouterRatio;
    if (!r || ratio === undefined) return { target, value: 'not measured', met: null };
    return { target, value: `${formatRatio(ratio)} (${formatSummary(r.stratus, r.unit)} vs ${formatSummary(r[against], r.unit)} ${r.unit === 'B' ? '' : r.unit})`.trim(), met: test(ratio) };
  };
  const valueCheck = (id: string, target: string, limit: number): TargetCheck => {
    const r = row(id);
    if (!r?.stratus) return { target, value: 'not measured', met: null };
    return { target, value: formatSummary(r.stratus, r.unit), met: r.stratus.median < limit };
  };
  const atLeast = (id: string, target: string, limit: number): TargetCheck => {
    const r = row(id);
    if (!r?.stratus) return { target, value: 'not measured', met: null };
    return { target, value: `${formatSummary(r.stratus, r.unit)}${r.note ? ` (${r.note})` : ''}`, met: r.stratus.median >= limit };
  };
  return [
    atLeast('floor-ratio-ssr-1', '/ssr/1 through stratus serve at least 0.85× a bare node:http server of the page (median of per-round ratios)', 0.85),
    atLeast('handler-ratio-floor', 'render function handler in process at least 0.85× the floor page in CPU time (median of per-round ratios: what Lambda pays)', 0.85),
    ratioCheck('handler-instructions-floor', 'render function handler in process within 1/0.85 of the floor page\'s instructions (callgrind)', (r) => r <= 1 / 0.85),
    ratioCheck('ssr-rps-ssr-1', 'SSR requests/s on /ssr/1 at least 7× Next.js', (r) => r >= 7),
    ratioCheck('ssr-rps-ssr-1', 'SSR requests/s on /ssr/1 at least 2× React Router 7', (r) => r >= 2, 'reactRouter'),
    ratioCheck('render-core', 'render core at least 0.8× bare renderToString', (r) => r >= 0.8),
    ratioCheck('render-core-instructions', 'render core at most 1.25× the instructions of bare renderToString (perf)', (r) => r <= 1.25),
    valueCheck('cold-lambda-cached-above-node', 'render Lambda cold start above bare node at most 30 ms (as stratus deploy ships it: with its code cache)', 30),
    valueCheck('size-server-zip-deployed', 'render Lambda under 1 MB zipped (as stratus deploy ships it: with its code cache)', 1024 * KB),
    valueCheck('first-load-home-beyond-react', 'first-load JS of / beyond react + react-dom under 8 kB gzip', 8 * KB),
    ratioCheck('nav-static', 'soft navigation to static pages no slower than Next.js', (r) => r <= 1),
    ratioCheck('nav-server', 'soft navigation to server pages no slower than Next.js', (r) => r <= 1),
    atLeast('images-ratio-floor', 'images at least 0.95× raw sharp, q 75 (median of per-round ratios)', 0.95),
    atLeast('images-ratio-floor-varied-q', 'images at least 0.95× raw sharp, quality varying per image (median of per-round ratios)', 0.95),
    ratioCheck('images-instructions-floor', 'images: at most 1.05× the instructions of raw sharp (perf)', (r) => r <= 1.05),
    ratioCheck('routing-cost-ssr-1', '/ssr/1 with 20 rules + a middleware at least 0.95× the plain page', (r) => r >= 0.95),
    ratioCheck('routing-cost-api-items-1', 'JSON API with 20 rules + a middleware at least 0.95× without', (r) => r >= 0.95),
    // The same two targets in work done rather than seconds (perf): at most 1/0.95 of the plain app's instructions.
    ratioCheck('routing-instructions-ssr-1', '/ssr/1 with 20 rules + a middleware at most 1.05× the server instructions of the plain page', (r) => r <= 1.05),
    valueCheck('dev-edit', 'stratus dev: component edit saved → DOM updated with state kept, at most 300 ms (median)', 300.0001),
    valueCheck('dev-css', 'stratus dev: CSS edit saved → style applied, at most 200 ms (median)', 200.0001),
    valueCheck('dev-cold', 'stratus dev: cold start → first page, at most 2 s (median)', 2000.0001),
    valueCheck('scale-cold-delta', 'cold start at the largest page count (100,000 in a full run) within 5 ms of the same app at 10 pages', 5.0001),
    valueCheck('scale-build-100000', '100,000-page build under 60 s', 60),
    samePackageCheck(rows),
    ratioCheck('routing-instructions-api-items-1', 'JSON API with 20 rules + a middleware at most 1.05× the server instructions without', (r) => r <= 1.05),
  ];
}
