/** Counting a server's instructions with perf: reading its output, and counts that follow the work done. */
import { spawn } from 'node:child_process';
import { canCountInstructions, countInstructions, parseInstructions } from '../../bench/src/instructions';

test('reads the count from perf stat -x, output, and nothing from a count perf could not make', () => {
  expect(parseInstructions('# started on Thu Nov 26\n\n638342,,instructions,11561749,100.00,,\n')).toBe(638342);
  expect(parseInstructions('1234,,instructions:u,1000,100.00,,')).toBe(1234);
  expect(parseInstructions('<not counted>,,instructions,0,100.00,,')).toBeUndefined();
  expect(parseInstructions('<not supported>,,instructions,0,100.00,,')).toBeUndefined();
  expect(parseInstructions('')).toBeUndefined();
  expect(parseInstructions('99,,cycles,10,100.00,,')).toBeUndefined();
});

// Where perf is installed and may count (as on the machine that runs the benchmarks).
const withPerf = canCountInstructions() ? test : test.skip;

withPerf('counts what a running process does while asked, in proportion to the work', async () => {
  // A process that runs a loop of `n` iterations each time it reads a line.
  const child = spawn(process.execPath, ['-e', `require('node:readline').createInterface({ input: process.stdin }).on('line', (n) => { let x = 0; for (let i = 0; i < Number(n); i++) x += i % 7; console.log(x); });`], { stdio: ['pipe', 'pipe', 'inherit'] });
  const work = (n: number) => () =>
    new Promise<void>((resolve) => {
      child.stdout!.once('data', () => resolve());
      child.stdin!.write(`${n}\n`);
    });
  try {
    await work(1_000_000)(); // compiled before counting
    const small = (await countInstructions(child.pid!, work(20_000_000)))!;
    const large = (await countInstructions(child.pid!, work(60_000_000)))!;
    expect(small).toBeGreaterThan(20_000_000);
    expect(large / small).toBeGreaterThan(2.5);
    expect(large / small).toBeLessThan(3.5);
  } finally {
    child.kill();
  }
}, 30_000);
