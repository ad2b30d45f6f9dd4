/** Result rows, the printed table and the JSON file. */
import type { Summary } from './stats';

export interface ResultRow {
  id: string;
  section: string;
  label: string;
  unit: string;
  /** Which direction is good, so the ratio column can say who wins. */
  better: 'higher' | 'lower';
  stratus?: Summary;
  /** Next.js, the physical floor, or Stratus itself without the feature measured, or answering buffered (`otherLabel`). */
  other?: Summary;
  otherLabel: 'Next.js' | 'floor' | 'no rules' | 'buffered' | 'tracing on' | 'as built';
  /** Stratus ÷ other, from the medians. */
  ratio?: number;
  /** React Router 7 (framework mode), on the rows it can be measured the same way. */
  reactRouter?: Summary;
  /** Stratus ÷ React Router, from the medians. */
  reactRouterRatio?: number;
  note?: string;
}

export interface TargetCheck {
  target: string;
  value: string;
  met: boolean | null;
}

function formatNumber(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '–';
  if (unit === 'B') {
    if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(1)} MB`;
    return `${(value / 1024).toFixed(1)} kB`;
  }
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function formatSummary(summary: Summary | undefined, unit: string): string {
  if (!summary) return '–';
  const main = formatNumber(summary.median, unit);
  if (summary.samples.length < 2 || summary.min === summary.max) return main;
  const range = unit === 'B' ? `${formatNumber(summary.min, unit)}–${formatNumber(summary.max, unit)}` : `${formatNumber(summary.min, unit)}–${formatNumber(summary.max, unit)}`;
  return `${main} (${range})`;
}

export function formatRatio(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '–';
  return ratio >= 10 ? `${ratio.toFixed(0)}×` : ratio >= 0.1 ? `${ratio.toFixed(2)}×` : `${ratio.toFixed(3)}×`;
}

const ratioOf = (stratus: Summary | undefined, other: Summary | undefined) => (stratus && other && other.median > 0 ? stratus.median / other.median : undefined);

export function withRatio(row: ResultRow): ResultRow {
  const ratio = ratioOf(row.stratus, row.other);
  const reactRouterRatio = ratioOf(row.stratus, row.reactRouter);
  return { ...row, ...(ratio !== undefined && { ratio }), ...(reactRouterRatio !== undefined && { reactRouterRatio }) };
}

/** The table as printed and as pasted into docs/BENCHMARKS.md (Markdown, readable as text). */
export function formatTable(rows: ResultRow[]): string {
  const header = ['', 'Stratus', 'Next.js / floor', 'React Router 7', 'Stratus ÷ Next / floor', 'Stratus ÷ RR'];
  const lines: string[][] = [];
  let section = '';
  const body: Array<string[] | string> = [];
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      body.push(section);
    }
    const other = row.other ? `${row.otherLabel === 'Next.js' ? '' : `${row.otherLabel} `}${formatSummary(row.other, row.unit)}` : '–';
    const unit = row.unit === 'B' ? '' : ` (${row.unit})`;
    const cells = [`${row.label}${unit}`, formatSummary(row.stratus, row.unit), other, formatSummary(row.reactRouter, row.unit), formatRatio(row.ratio), formatRatio(row.reactRouterRatio)];
    lines.push(cells);
    body.push(cells);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const out = [fmt(header), `|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`];
  for (const entry of body) {
    if (typeof entry === 'string') out.push(fmt([`**${entry}**`, ...header.slice(1).map(() => '')]));
    else out.push(fmt(entry));
  }
  return out.join('\n');
}

export function formatTargets(targets: TargetCheck[]): string {
  return targets.map((t) => `- [${t.met ? 'x' : ' '}] ${t.target}: ${t.value}${t.met === false ? '  ← MISSED' : ''}`).join('\n');
}
