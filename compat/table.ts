/** The comparison table: one row per app and check, as Markdown (printed, and pasted into docs/NEXT-COMPAT.md). */
import type { Comparison } from './compare';

export interface Row {
  app: string;
  check: string;
  comparison: Comparison;
}

const LABEL = { agrees: 'agrees', deliberate: 'deliberate', reported: 'differs (reported)', differs: '**differs (unexplained)**' } as const;

export function markdownTable(rows: Row[]): string {
  const lines = ['| app | check | result | Next.js | Stratus |', '|---|---|---|---|---|'];
  for (const { app, check, comparison } of rows) {
    const fields = comparison.differences;
    const next = fields.map((d) => `${d.field}: ${excerpt(d.next, d.stratus)}`).join('<br>');
    const stratus = fields.map((d) => `${d.field}: ${excerpt(d.stratus, d.next)}`).join('<br>');
    const ids = [...new Set(fields.flatMap((d) => (d.known ? [d.known.id] : [])))];
    const result = `${LABEL[comparison.verdict]}${ids.length ? ` (${ids.join(', ')})` : ''}`;
    lines.push(`| ${cell(app)} | ${cell(check)} | ${result} | ${cell(next)} | ${cell(stratus)} |`);
  }
  return lines.join('\n');
}

/** Counts per verdict, for the last line. */
export function summary(rows: Row[]): string {
  const counts = { agrees: 0, deliberate: 0, reported: 0, differs: 0 };
  for (const row of rows) counts[row.comparison.verdict]++;
  return `${rows.length} checks: ${counts.agrees} agree, ${counts.deliberate} differ deliberately, ${counts.reported} differ in ways reported for fixing, ${counts.differs} differ unexplained`;
}

/** A long value cut around where it starts to differ from the other one. */
function excerpt(value: string, other: string, width = 110): string {
  if (value.length <= width) return `\`${value}\``;
  let common = 0;
  while (common < value.length && value[common] === other[common]) common++;
  const start = Math.max(0, common - 30);
  return `\`${start > 0 ? '…' : ''}${value.slice(start, start + width)}${start + width < value.length ? '…' : ''}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
