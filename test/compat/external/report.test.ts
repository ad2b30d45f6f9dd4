/** How `npm run compat:external` compares and reports: volatile values, known causes, the table's cells. */
import type { AppResult } from '../../../compat/external/measure';
import { compareRow, withoutVolatile } from '../../../compat/external/measure';
import { externalTable } from '../../../compat/external/table';

describe('withoutVolatile', () => {
  it('writes times, clocks, epoch milliseconds and random numbers one way, and leaves the rest', () => {
    expect(withoutVolatile({ text: 'at 2026-11-27T07:50:30.871Z, now 1764230000123, {"random":0.8391726} v1.2, built 13:04:55, seen 1:04:55 PM, ratio 3:2' })).toEqual({
      text: 'at <time>, now <epoch-ms>, {"random":<random>} v1.2, built <clock>, seen <clock>, ratio 3:2',
    });
  });
});

function app(name: string, next: Record<string, string>, stratus: Record<string, string>, check = 'GET /'): AppResult {
  const result: AppResult = { name, next: { ok: true, seconds: 9.5 }, stratus: { ok: true, seconds: 1.5 }, checks: [{ check, next, stratus }] };
  for (const row of result.checks) compareRow(name, row);
  return result;
}

describe('externalTable', () => {
  it('counts a deliberate difference as agreeing, and names an unexplained one with both values', () => {
    const cached = app('a', { status: '200', 'cache-control': '-' }, { status: '200', 'cache-control': 'public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000' });
    const differs = app('b', { status: '200', text: 'Hello' }, { status: '500', text: 'Oops' }, 'GET /blog');
    const table = externalTable([cached, differs]);
    expect(table).toContain('| a | yes (9.5 s) | yes (1.5 s) | 1 of 1 (1 deliberate) | none |');
    expect(table).toContain('| b | yes (9.5 s) | yes (1.5 s) | 0 of 1 | GET /blog · status: `200` vs `500`<br>GET /blog · text: `Hello` vs `Oops` |');
    expect(table).toContain('2 apps: 2 build with Next, 2 with Stratus, 2 with both; 1 of 2 compared checks agree');
  });

  it('reports a build that failed with its reason, and checks seen on one side only', () => {
    const failed: AppResult = { name: 'c', next: { ok: true, seconds: 3 }, stratus: { ok: false, seconds: 1, error: 'prerendering / failed: boom' }, checks: [{ check: 'GET /', next: { status: '200' } }] };
    expect(externalTable([failed])).toContain('| c | yes (3 s) | **no**: prerendering / failed: boom | 1 observed, one side only | Stratus build: prerendering / failed: boom |');
  });

  it("explains type errors as the app's only when both builds stopped on them: where Next built, Stratus's check is the difference", () => {
    const stratusTypes = { ok: false, seconds: 2, error: 'Build failed: / Type errors (TypeScript 5.9.3, 2.2 s), as next build stops on them' };
    const both: AppResult = { name: 'd', next: { ok: false, seconds: 3, error: 'pages/a.tsx(1,1): error TS2322: nope' }, stratus: stratusTypes, checks: [] };
    const stratusOnly: AppResult = { name: 'e', next: { ok: true, seconds: 3 }, stratus: stratusTypes, checks: [] };
    expect(externalTable([both])).toContain('[app-type-errors] Next build fails<br>[app-type-errors] Stratus build fails');
    expect(externalTable([stratusOnly])).toContain('Stratus build: Build failed: / Type errors (TypeScript 5.9.3');
  });
});
