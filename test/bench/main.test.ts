/** The bench's command line: its usage on request, and a mistake said plainly, without a stack. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.join(__dirname, '..', '..');

function bench(...args: string[]) {
  return spawnSync(process.execPath, ['bench/run-ts.cjs', 'bench/src/main.ts', ...args], { cwd: REPO, encoding: 'utf8' });
}

test('--help prints the usage, every row named', () => {
  const run = bench('--help');
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('Usage: npm run bench');
  for (const row of ['throughput', 'routing', 'render', 'cold', 'size', 'nav', 'images']) expect(run.stdout).toContain(row);
});

test.each([
  [['--row', 'cold'], "Unknown option '--row'"],
  [['--rows', 'colds'], 'unknown row "colds"'],
  [['--only', 'next'], '--only takes a list'],
])('%j is refused with what is wrong and the usage, exit 2, no stack trace', (args, message) => {
  const run = bench(...args);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(message);
  expect(run.stderr).toContain('Usage: npm run bench');
  expect(run.stderr).not.toMatch(/^\s+at /m);
});
