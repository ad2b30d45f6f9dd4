/**
 * The three-way table: both ratios per row, the React Router column, and the SSR targets
 * read from the right ratio.
 */
import { checkTargets } from '../../bench/src/targets';
import { formatTable, withRatio, type ResultRow } from '../../bench/src/table';
import { summarize } from '../../bench/src/stats';

const rps = (stratus: number, next?: number, reactRouter?: number): ResultRow =>
  withRatio({
    id: 'ssr-rps-ssr-1',
    section: 'SSR throughput',
    label: '/ssr/1 requests/s',
    unit: 'req/s',
    better: 'higher',
    stratus: summarize([stratus]),
    other: next === undefined ? undefined : summarize([next]),
    otherLabel: 'Next.js',
    reactRouter: reactRouter === undefined ? undefined : summarize([reactRouter]),
  });

describe('bench table', () => {
  it('gives Stratus ÷ Next.js and Stratus ÷ React Router per row', () => {
    const row = rps(3000, 300, 1000);
    expect(row.ratio).toBe(10);
    expect(row.reactRouterRatio).toBe(3);
    const table = formatTable([row]);
    expect(table.split('\n')[0]).toMatch(/\| +\| +Stratus \| +Next\.js \/ floor \| +React Router 7 \| +Stratus ÷ Next \/ floor \| +Stratus ÷ RR \|/);
    expect(table).toMatch(/\/ssr\/1 requests\/s \(req\/s\) \| +3,000 \| +300 \| +1,000 \| +10× \| +3\.00× \|/);
  });

  it('leaves a framework that was not measured as –, without a ratio', () => {
    const row = rps(3000);
    expect(row.ratio).toBeUndefined();
    expect(row.reactRouterRatio).toBeUndefined();
    expect(formatTable([row])).toMatch(/\| +3,000 \| +– \| +– \| +– \| +– \|/);
  });

  it('checks the SSR targets against their own framework', () => {
    const targets = checkTargets([rps(3000, 500, 1000)]);
    const next = targets.find((t) => t.target.includes('7× Next.js'))!;
    const reactRouter = targets.find((t) => t.target.includes('2× React Router 7'))!;
    expect(next).toMatchObject({ met: false, value: '6.00× (3,000 vs 500 req/s)' });
    expect(reactRouter).toMatchObject({ met: true, value: '3.00× (3,000 vs 1,000 req/s)' });
    expect(checkTargets([rps(3000, 300)]).find((t) => t.target.includes('React Router'))!.met).toBeNull();
  });
});
