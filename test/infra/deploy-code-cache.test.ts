/**
 * A deploy's code-cache step (infra/deploy-code-cache.ts): what it ships of the function's
 * answer and what it refuses; for `npm run deploy`, where it finds the build folder and the
 * region (as `cdk deploy` resolves context), the function from the outputs file, and the
 * cache written beside the bundle, made by the built function itself in a fresh process as
 * Lambda would run it. infra/deploy.cjs loads it through register-ts.cjs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkoutDeployTarget, contextValue, fetchCodeCache, makeCodeCache } from '../../infra/deploy-code-cache';
import { appBundleId } from '../../infra/bundle-id';
import { codeCacheFileName } from '../../lambdas/render/lambda/code-cache';
import { OUTPUTS } from '../../infra/outputs';
import { buildApp } from '../helpers/build-app';
import { runColdProbe } from '../helpers/cold-probe';
import { tempApp } from '../helpers/temp-app';

const ROOT = path.resolve(__dirname, '..', '..');

const PROBE = `
require(process.env.BUNDLE).handler(JSON.parse(process.env.EVENT), { awsRequestId: 'cold' }).then((result) => {
  process.stderr.write('PROBE ' + JSON.stringify(result) + '\\n');
});
`;

test("context comes from cdk deploy's arguments first, then cdk.json", () => {
  const root = tempApp({ 'cdk.json': JSON.stringify({ context: { buildDir: 'site/.stratus', region: '' } }) });
  expect(contextValue(root, [], 'buildDir')).toBe('site/.stratus');
  expect(contextValue(root, ['-c', 'buildDir=elsewhere'], 'buildDir')).toBe('elsewhere');
  expect(contextValue(root, ['--context', 'region=eu-west-1'], 'region')).toBe('eu-west-1');
  expect(contextValue(root, ['--context=region=eu-west-2', '--require-approval', 'never'], 'region')).toBe('eu-west-2');
  expect(contextValue(root, [], 'region')).toBe('');
  expect(contextValue(tempApp({}), [], 'buildDir')).toBeUndefined();
});

test('the function named in the outputs makes its cache, written beside the bundle of the build cdk deploy shipped', async () => {
  const app = await buildApp(tempApp({ 'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n' }));
  try {
    const root = tempApp({ 'cdk.json': JSON.stringify({ context: { buildDir: 'web/site/.stratus' } }) });
    const outputsFile = path.join(root, 'outputs.json');
    writeFileSync(outputsFile, JSON.stringify({ StratusEdge: {}, Stratus: { [OUTPUTS.renderFunction]: 'site-render' } }));
    const renderDir = path.join(app.outDir, 'lambdas', 'render');
    const invoked: string[] = [];
    const lines: string[] = [];
    const written = await makeCodeCache({
      ...checkoutDeployTarget(root, ['-c', `buildDir=${app.outDir}`]),
      outputsFile,
      skipWith: 'npm run deploy -- --no-code-cache',
      log: (line) => lines.push(line),
      invoke: async (name, event) => {
        invoked.push(name);
        return runColdProbe<unknown>(PROBE, path.join(renderDir, 'index.js'), event).probe;
      },
    });
    expect(written).toBe(true);
    expect(invoked).toEqual(['site-render']);
    expect(readdirSync(renderDir).filter((name) => name.endsWith('.cache'))).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/code cache: \d+ kB, made by the render function/);
  } finally {
    app.cleanup();
  }
}, 120_000);

test('outputs that name no render function: nothing to do, and it says so', async () => {
  const root = tempApp({});
  const outputsFile = path.join(root, 'outputs.json');
  writeFileSync(outputsFile, JSON.stringify({ Stratus: {} }));
  const lines: string[] = [];
  const written = await makeCodeCache({ ...checkoutDeployTarget(root, []), outputsFile, skipWith: 'npm run deploy -- --no-code-cache', log: (line) => lines.push(line), invoke: async () => { throw new Error('not called'); } });
  expect(written).toBe(false);
  expect(lines).toEqual([expect.stringMatching(/names no render function/)]);
});

test('infra/deploy.cjs can load it without a compiler, as it runs', () => {
  const run = spawnSync(process.execPath, ['-e', "require('./infra/register-ts.cjs'); const m = require('./infra/deploy-code-cache.ts'); process.stdout.write(typeof m.makeCodeCache);"], { cwd: ROOT, encoding: 'utf8' });
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: 'function', stderr: '' });
});

describe('fetchCodeCache', () => {
  // The bundle fetchWith writes: the name the function's answer must carry is its hash's.
  const fixtureBundle = path.join(tempApp({ 'app.js': 'module.exports = {};\n' }, 'stratus-bundle-'), 'app.js');

  /** A build folder holding a bundle; the function answers `answer`; what was written and said. */
  async function fetchWith(answer: unknown) {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-cache-'));
    try {
      const renderDir = path.join(outDir, 'lambdas', 'render');
      mkdirSync(renderDir, { recursive: true });
      writeFileSync(path.join(renderDir, 'app.js'), readFileSync(fixtureBundle));
      const lines: string[] = [];
      const written = await fetchCodeCache({ renderDir, functionName: 'shop-render', log: (line) => lines.push(line), invoke: async () => answer });
      return { written, said: lines.join('\n'), files: readdirSync(renderDir) };
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  test('refuses a cache made for another build than the one in the folder (another deploy since)', async () => {
    const { written, said, files } = await fetchWith({ file: 'app.0123456789abcdef.node22-arm64.cache', codeCache: Buffer.from('cache').toString('base64'), node: 'v22.0.0', arch: 'arm64' });
    expect(written).toBeUndefined();
    expect(said).toMatch(/runs another build/);
    expect(files).toEqual(['app.js']);
  });

  test('refuses a cache named for another runtime or architecture than the function says it runs', async () => {
    const { written, said } = await fetchWith({ file: codeCacheFileName(appBundleId(fixtureBundle), 'v24.1.0', 'arm64'), codeCache: Buffer.from('cache').toString('base64'), node: 'v22.0.0', arch: 'arm64' });
    expect(written).toBeUndefined();
    expect(said).toMatch(/runs another build/);
  });

  test('bytes that are not a V8 code cache are not written', async () => {
    const { written, said, files } = await fetchWith({ file: codeCacheFileName(appBundleId(fixtureBundle), 'v22.0.0', 'arm64'), codeCache: Buffer.alloc(4096, 7).toString('base64'), node: 'v22.0.0', arch: 'arm64' });
    expect(written).toBeUndefined();
    expect(said).toMatch(/not a V8 code cache/);
    expect(files).toEqual(['app.js']);
  });

  test('an answer of another shape (a function deployed by an older Stratus) is not written', async () => {
    const { written, said, files } = await fetchWith({ statusCode: 404, body: 'Not found' });
    expect(written).toBeUndefined();
    expect(said).toMatch(/answered something else/);
    expect(files).toEqual(['app.js']);
  });
});
