/** The bench's command line: its usage on request, a mistake said plainly without a stack, and an interruption that leaves nothing behind. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
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

/** Processes whose command line names `text`. */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

test('an interrupted run stops its servers and removes its build folder', async () => {
  const child = spawn(process.execPath, ['bench/run-ts.cjs', 'bench/src/main.ts', '--smoke', '--rows', 'throughput', '--only', 'stratus', '--out', path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'out.json')], { cwd: REPO });
  let output = '';
  const outDir = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // A measured round means the build is done and its server is answering.
      const dir = /--out (\S+?)\)/.exec(output)?.[1];
      if (dir && /round 1 stratus/.test(output)) resolve(path.join(REPO, dir));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read); // the progress lines
    child.once('exit', () => reject(new Error(`the bench ended before a round:\n${output}`)));
  });
  expect(existsSync(outDir)).toBe(true);
  expect(processesNaming(outDir).length).toBeGreaterThan(0);
  const code = await new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  expect(code).toBe(143);
  expect(existsSync(outDir)).toBe(false);
  // SIGKILLed on the way out; give the kernel a moment to reap it.
  for (let i = 0; i < 50 && processesNaming(outDir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(processesNaming(outDir)).toEqual([]);
}, 120_000);
