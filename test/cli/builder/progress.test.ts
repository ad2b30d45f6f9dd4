/** Progress of long build steps: one line rewritten in place on a terminal, a line every few seconds elsewhere. */
import { progressTo } from '../../../cli/builder/progress';

function run(isTTY: boolean) {
  let now = 0;
  const written: string[] = [];
  const lines: string[] = [];
  const progress = progressTo({ isTTY, write: (text) => written.push(text) }, (line) => lines.push(line), { now: () => now, everyMs: 5000, redrawMs: 100 });
  for (let done = 1; done <= 1000; done++) {
    now += 20; // a page every 20 ms: 20 s in all
    progress.update(`prerendering ${done}/1000`);
  }
  progress.end();
  return { written, lines };
}

test('on a terminal: one line, rewritten at most ten times a second, ended with the last state', () => {
  const { written, lines } = run(true);
  expect(lines).toEqual([]);
  expect(written.length).toBeGreaterThan(150);
  expect(written.length).toBeLessThan(210);
  expect(written.every((text, i) => (i === written.length - 1 ? text === '\n' : text.startsWith('\r\x1b[2K')))).toBe(true);
  expect(written.at(-2)).toBe('\r\x1b[2Kprerendering 1000/1000');
});

test('in a CI log: a plain line every five seconds and the last one, never a carriage return', () => {
  const { written, lines } = run(false);
  expect(written).toEqual([]);
  expect(lines).toEqual(['prerendering 1/1000', 'prerendering 251/1000', 'prerendering 501/1000', 'prerendering 751/1000', 'prerendering 1000/1000']);
});
