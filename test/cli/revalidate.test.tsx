/**
 * `stratus revalidate`: the paths checked before AWS is called, the function found from the
 * deploy's outputs, the revalidate event answered by a real render core (the operator
 * handler, lambdas/render/operator-event.ts), its report printed and the exit code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { revalidateCommand } from '../../cli/revalidate';
import { isRevalidateEvent, runRevalidate } from '../../lambdas/render/lambda/operator-event';
import { captureLogs, memoryApp } from '../lambdas/render/memory-app';

function site() {
  let version = 1;
  const { app } = memoryApp({
    '/news': { kind: 'ssg', module: { default: ({ v }: { v: number }) => <p>v{v}</p>, getStaticProps: () => ({ props: { v: version++ } }) } },
    '/account': { kind: 'ssr', module: { default: () => <p>account</p>, getServerSideProps: () => ({ props: {} }) } },
  });
  const invoked: string[] = [];
  const invoke = async (name: string, event: unknown) => {
    invoked.push(name);
    if (!isRevalidateEvent(event)) throw new Error('not a revalidate event');
    return runRevalidate(app.revalidate, event);
  };
  return { app, invoke, invoked };
}

test('revalidates each path through the render function named in the outputs, and prints what happened', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stratus-revalidate-'));
  const outputs = path.join(dir, 'outputs.json');
  writeFileSync(outputs, JSON.stringify({ Shop: { RenderFunctionName: 'shop-render' } }));
  const { invoke, invoked } = site();
  const lines: string[] = [];
  const logs = captureLogs();
  try {
    const code = await revalidateCommand({ paths: ['/news', '/account', '/nope'], outputs, stack: 'Shop', log: (l) => lines.push(l), invoke });
    expect(code).toBe(1);
    expect(invoked).toEqual(['shop-render']);
    expect(lines.sort()).toEqual([
      expect.stringMatching(/^failed \/account: .*getServerSideProps/),
      expect.stringMatching(/^failed \/nope: .*no page matches it/),
      'revalidated /news',
    ]);
    expect(await revalidateCommand({ paths: ['/news'], outputs, stack: 'Shop', log: () => undefined, invoke })).toBe(0);
  } finally {
    logs.restore();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad arguments are refused before AWS is called', async () => {
  const { invoke, invoked } = site();
  const lines: string[] = [];
  const log = (l: string) => lines.push(l);
  expect(await revalidateCommand({ paths: [], functionName: 'f', log, invoke })).toBe(2);
  expect(await revalidateCommand({ paths: ['news'], functionName: 'f', log, invoke })).toBe(2);
  expect(await revalidateCommand({ paths: ['/news?x=1'], functionName: 'f', log, invoke })).toBe(2);
  expect(invoked).toEqual([]);
  await expect(revalidateCommand({ paths: ['/news'], outputs: '/nonexistent/outputs.json', log, invoke })).rejects.toThrow(/pass --function/);
});

test('the operator event refuses more than its limit, and anything not shaped like it is not one', async () => {
  const { app } = site();
  expect(isRevalidateEvent({ stratus: 'revalidate', paths: ['/a'] })).toBe(true);
  expect(isRevalidateEvent({ rawPath: '/', requestContext: {} })).toBe(false);
  expect(isRevalidateEvent(null)).toBe(false);
  const report = await runRevalidate(app.revalidate, { stratus: 'revalidate', paths: Array.from({ length: 101 }, (_, i) => `/p${i}`) });
  expect(report).toEqual({ revalidated: [], failed: [{ path: '', error: expect.stringMatching(/at most 100 paths/) }] });
});
