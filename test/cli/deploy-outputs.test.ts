/** The operator commands (`stratus rollback`, `stratus revalidate`) find the outputs `stratus deploy` wrote. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deployOutputsFile } from '../../cli/deploy-outputs';
import { main } from '../../cli/index';

test('--outputs wins; else the app build folder’s cdk-outputs.json', () => {
  const build = mkdtempSync(path.join(os.tmpdir(), 'stratus-outputs-'));
  expect(deployOutputsFile({ outputs: '/x/o.json', buildDir: build })).toBe('/x/o.json');
  writeFileSync(path.join(build, 'cdk-outputs.json'), '{}');
  expect(deployOutputsFile({ buildDir: build })).toBe(path.join(build, 'cdk-outputs.json'));
});

test('stratus rollback before any deploy says what to do, without touching AWS', async () => {
  const app = mkdtempSync(path.join(os.tmpdir(), 'stratus-rollback-'));
  const errors: string[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  try {
    expect(await main(['rollback', app, '--dry-run'])).toBe(1);
  } finally {
    spy.mockRestore();
  }
  expect(errors.join('\n')).toMatch(/rollback: Cannot read .*cdk-outputs\.json .*deploy first, or pass --outputs FILE/);
});

test('stratus rollback with outputs naming no functions for the stack names the stack', async () => {
  const app = mkdtempSync(path.join(os.tmpdir(), 'stratus-rollback-'));
  const outputs = path.join(app, 'outputs.json');
  writeFileSync(outputs, JSON.stringify({ Other: {} }));
  const errors: string[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  try {
    expect(await main(['rollback', app, '--outputs', outputs, '--stack', 'Mine', '--dry-run'])).toBe(1);
  } finally {
    spy.mockRestore();
  }
  expect(errors.join('\n')).toMatch(/has no function names for stack Mine/);
});
