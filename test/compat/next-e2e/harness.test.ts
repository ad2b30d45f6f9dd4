/**
 * The harness that runs Next's own e2e test files (compat/next-e2e) works: an e2e suite
 * of our own, written as Next's are (test/fixtures/next-e2e), run through the harness's
 * jest config against `stratus serve` passes where it should and fails where it should;
 * against `next start` too when Next is installed in the scratch area (never in CI),
 * found the way `npm run compat:next-e2e` finds it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installedNextVersion, scratchAt } from '../../../compat/external/scratch';
import { readJestResults } from '../../../compat/next-e2e/report';

const REPO = path.resolve(__dirname, '../../..');
const TESTS = path.join(REPO, 'test/fixtures/next-e2e');
const SUITE = 'test/e2e/own-pages/index.test.ts';

function runHarness(target: 'next' | 'stratus', scratchRoot: string, outputDir: string): Promise<ReturnType<typeof readJestResults>> {
  const output = path.join(outputDir, `${target}.json`);
  const args = [path.join(REPO, 'node_modules/jest/bin/jest.js'), '-c', path.join(REPO, 'compat/next-e2e/jest.config.cjs'), '--ci', '--runInBand', '--json', '--outputFile', output];
  const env = { ...process.env, STRATUS_E2E_TESTS: TESTS, STRATUS_E2E_TARGET: target, STRATUS_COMPAT_SCRATCH: scratchRoot };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-6000)));
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(readJestResults(JSON.parse(readFileSync(output, 'utf8')), TESTS));
      } catch {
        reject(new Error(`the harness wrote no results:\n${stderr}`));
      }
    });
  });
}

const EXPECTED_PASSING = [
  'own pages runs in deploy mode by default',
  'own pages renders the home page on the server',
  'own pages answers API routes with the query',
  'own pages reads redirects without following them, with an absolute location',
  'own pages clicks, reads text and navigates softly in the browser',
  'inline files writes next.config.js from nextConfig, functions included',
  'inline files opens pages with next-webdriver',
];

function expectOutcomes(results: ReturnType<typeof readJestResults>): void {
  const tests = results.get(SUITE)!;
  expect(tests).toBeDefined();
  const passed = [...tests].filter(([, t]) => t.status === 'passed').map(([name]) => name);
  expect(passed.sort()).toEqual([...EXPECTED_PASSING].sort());
  const failing = tests.get('own pages a failing expectation is reported as a failure');
  expect(failing?.status).toBe('failed');
  expect(failing?.failure).toMatch(/Expected: 200; Received: 404/);
}

describe('the harness for Next e2e test files', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'stratus-next-e2e-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('runs a suite written as Next writes them against stratus serve', async () => {
    expectOutcomes(await runHarness('stratus', scratch, scratch));
  }, 300_000);

  const next = scratchAt();
  (installedNextVersion(next) ? it : it.skip)('gives the same outcomes against next start (Next installed in the scratch area)', async () => {
    expectOutcomes(await runHarness('next', next.root, scratch));
  }, 600_000);
});
