/**
 * Reads jest's JSON results of both targets and writes the report: per test file, the
 * tests passing on Next and how many of those pass on Stratus, then every test that
 * passes on Next and fails on Stratus with the first line of its failure.
 */
import path from 'node:path';

export interface TestOutcome {
  status: 'passed' | 'failed' | 'skipped';
  failure: string;
}

/** Test file (relative to the tests folder) → test's full name → outcome. */
export type TargetResults = Map<string, Map<string, TestOutcome>>;

interface JestJson {
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** The line of a failure that says what went wrong, without colour codes or the stack. */
export function failureLine(text: string): string {
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim());
  const meaningful = lines.filter((l) => l && !l.startsWith('at ') && !/^[>|\d\s]*\|/.test(l));
  const expected = meaningful.find((l) => l.startsWith('Expected')) ?? '';
  const received = meaningful.find((l) => l.startsWith('Received')) ?? '';
  const head = meaningful[0] ?? '';
  const line = expected && received ? `${head.startsWith('expect(') ? '' : `${head} `}${expected}; ${received}` : head;
  return line.replace(/\s+/g, ' ').slice(0, 240);
}

export function readJestResults(json: JestJson, testsDir: string): TargetResults {
  const results: TargetResults = new Map();
  for (const file of json.testResults) {
    const tests = new Map<string, TestOutcome>();
    for (const test of file.assertionResults) {
      const status = test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped';
      tests.set(test.fullName, { status, failure: status === 'failed' ? failureLine(test.failureMessages.join('\n') || file.message || '') : '' });
    }
    results.set(path.relative(testsDir, file.name), tests);
  }
  return results;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function e2eTable(results: Partial<Record<'next' | 'stratus', TargetResults>>, mode: string): string {
  const next = results.next ?? new Map();
  const stratus = results.stratus ?? new Map();
  const files = [...new Set([...next.keys(), ...stratus.keys()])].sort();
  const lines = ['| test file | tests | pass on Next | of those, pass on Stratus | pass on Stratus only |', '|---|---|---|---|---|'];
  const failures: string[] = [];
  let totalNext = 0;
  let totalBoth = 0;
  let totalTests = 0;
  for (const file of files) {
    const n = next.get(file) ?? new Map<string, TestOutcome>();
    const s = stratus.get(file) ?? new Map<string, TestOutcome>();
    const names = [...new Set([...n.keys(), ...s.keys()])];
    const passNext = names.filter((t) => n.get(t)?.status === 'passed');
    const passBoth = passNext.filter((t) => s.get(t)?.status === 'passed');
    const stratusOnly = names.filter((t) => s.get(t)?.status === 'passed' && n.get(t)?.status !== 'passed');
    totalNext += passNext.length;
    totalBoth += passBoth.length;
    totalTests += names.length;
    const suite = file.replace(/^test\//, '');
    lines.push(`| ${cell(suite)} | ${names.length} | ${passNext.length} | ${passBoth.length} | ${stratusOnly.length} |`);
    for (const t of passNext.filter((t) => s.get(t)?.status !== 'passed')) failures.push(`| ${cell(suite)} | ${cell(t)} | ${cell(s.get(t)?.failure || s.get(t)?.status || 'not run')} |`);
  }
  const share = totalNext ? ((100 * totalBoth) / totalNext).toFixed(1) : '0';
  lines.push(`| **all ${files.length} files** | ${totalTests} | ${totalNext} | ${totalBoth} (${share} %) | |`);
  return [
    `Next's e2e test files, ${mode} mode: ${totalBoth} of the ${totalNext} tests passing on Next pass on Stratus (${share} %).`,
    '',
    ...lines,
    '',
    'Tests passing on Next and failing on Stratus:',
    '',
    '| test file | test | on Stratus |',
    '|---|---|---|',
    ...failures,
  ].join('\n');
}
