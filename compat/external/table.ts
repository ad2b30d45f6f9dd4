/**
 * The report of `npm run compat:external`: one row per app (builds, checks agreeing, each
 * difference and its cause) and, per app, every differing field in full.
 */
import { buildCause } from './known';
import type { AppResult, BuildSummary, CheckResult } from './measure';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const short = (text: string, width = 70) => (text.length > width ? `${text.slice(0, width)}…` : text);

function built(summary: BuildSummary | undefined): string {
  if (!summary) return 'not run';
  return summary.ok ? `yes (${summary.seconds} s)` : `**no**: ${short(summary.error ?? '', 160)}`;
}

/** A check agrees when every field is equal or differs deliberately (docs/NEXT-COMPAT.md). */
const agreeing = (row: CheckResult) => row.comparison && (row.comparison.verdict === 'agrees' || row.comparison.verdict === 'deliberate');

/** The differences of an app that are not deliberate: by known cause, then the unexplained ones. */
export function appDifferences(result: AppResult): string[] {
  const lines: string[] = [];
  const failed = (framework: 'next' | 'stratus', summary: BuildSummary) => {
    const other = framework === 'next' ? result.stratus : result.next;
    const cause = buildCause(framework, summary.error, !other || !other.ok);
    const who = framework === 'next' ? 'Next' : 'Stratus';
    return cause ? `[${cause.id}] ${who} build fails` : `${who} build: ${short(summary.error ?? '', framework === 'next' ? 120 : 160)}`;
  };
  if (result.next && !result.next.ok) lines.push(failed('next', result.next));
  if (!result.stratus.ok) lines.push(failed('stratus', result.stratus));
  const byCause = new Map<string, string[]>();
  const unexplained: string[] = [];
  for (const row of result.checks) {
    for (const d of row.comparison?.differences ?? []) {
      if (d.known?.kind === 'deliberate') continue;
      if (d.known) byCause.set(d.known.id, [...(byCause.get(d.known.id) ?? []), row.check]);
      else unexplained.push(`${row.check} · ${d.field}: \`${short(d.next, 50)}\` vs \`${short(d.stratus, 50)}\``);
    }
  }
  for (const [id, checks] of byCause) lines.push(`[${id}] ${[...new Set(checks)].slice(0, 2).join(', ')}${new Set(checks).size > 2 ? ` (+${new Set(checks).size - 2})` : ''}`);
  lines.push(...unexplained.slice(0, 4));
  if (unexplained.length > 4) lines.push(`…${unexplained.length - 4} more unexplained (details.md)`);
  return lines;
}

export function externalTable(results: AppResult[]): string {
  const lines = ['| fixture or app | builds with Next | builds with Stratus | checks agreeing | each difference and its cause |', '|---|---|---|---|---|'];
  let total = 0;
  let agree = 0;
  for (const result of results) {
    const compared = result.checks.filter((row) => row.comparison);
    const deliberate = compared.filter((row) => row.comparison!.verdict === 'deliberate').length;
    const ok = compared.filter(agreeing).length;
    total += compared.length;
    agree += ok;
    const checks = compared.length ? `${ok} of ${compared.length}${deliberate ? ` (${deliberate} deliberate)` : ''}` : result.checks.length ? `${result.checks.length} observed, one side only` : '–';
    const differences = appDifferences(result);
    lines.push(`| ${cell(result.name)} | ${cell(built(result.next))} | ${cell(built(result.stratus))} | ${checks} | ${cell(differences.join('<br>') || 'none')} |`);
  }
  const bothBuilt = results.filter((r) => r.next?.ok && r.stratus.ok).length;
  const nextBuilt = results.filter((r) => r.next?.ok).length;
  const stratusBuilt = results.filter((r) => r.stratus.ok).length;
  lines.push('');
  lines.push(`${results.length} apps: ${nextBuilt} build with Next, ${stratusBuilt} with Stratus, ${bothBuilt} with both; ${agree} of ${total} compared checks agree (equal, or different only where docs/NEXT-COMPAT.md says why).`);
  return lines.join('\n');
}

/** Every check of an app that differs, field by field, values in full. */
export function appDetails(result: AppResult): string {
  const lines = [`## ${result.name}`, '', `Next: ${built(result.next)}; Stratus: ${built(result.stratus)}`, ''];
  for (const row of result.checks) {
    if (!row.comparison) {
      lines.push(`- ${row.check}: observed on ${row.next ? 'Next' : 'Stratus'} only`);
      continue;
    }
    if (row.comparison.verdict === 'agrees') continue;
    lines.push(`- ${row.check} (${row.comparison.verdict})`);
    for (const d of row.comparison.differences) lines.push(`  - ${d.field}${d.known ? ` [${d.known.id}]` : ''}: Next \`${d.next}\` · Stratus \`${d.stratus}\``);
  }
  return lines.join('\n');
}
