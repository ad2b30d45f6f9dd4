/** Packages a Lambda requires only on first use: kept out of its bundle, written beside it, found there when first required. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { LAZY_DIR, lazyPackagesPlugin, lazyRequirePath, writeLazyPackages } from '../../../cli/builder/lazy-packages';
import { NODE_MODULES } from '../../../cli/paths';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-lazy-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles `source` as the Lambda bundles are (with the plugin), then writes the lazy packages it requires. */
async function bundle(source: string): Promise<{ lambdaDir: string; written: string[] }> {
  const lambdaDir = path.join(dir, 'lambda');
  mkdirSync(lambdaDir, { recursive: true });
  const result = await build({
    stdin: { contents: source, resolveDir: dir, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: path.join(lambdaDir, 'index.js'),
    nodePaths: [NODE_MODULES],
    metafile: true,
    logLevel: 'silent',
    plugins: [lazyPackagesPlugin()],
  });
  return { lambdaDir, written: await writeLazyPackages(result.metafile, lambdaDir) };
}

test('a package file name for every package name', () => {
  expect(lazyRequirePath('ipaddr.js')).toBe('./lazy/ipaddr.js');
  expect(lazyRequirePath('@scope/name')).toBe('./lazy/@scope__name.js');
  expect(lazyRequirePath('plain')).toBe('./lazy/plain.js');
});

test('a bundle that requires ipaddr.js on first use names its file, which works when first required from beside the bundle', async () => {
  const { lambdaDir, written } = await bundle(`
    let ipaddr;
    exports.isPrivate = (address) => (ipaddr ??= require('ipaddr.js')).process(address).range() !== 'unicast';
  `);
  expect(written).toEqual(['ipaddr.js']);
  const code = readFileSync(path.join(lambdaDir, 'index.js'), 'utf8');
  expect(code).toContain('require("./lazy/ipaddr.js")');
  expect(code).not.toContain('ipaddr: the address has neither IPv6 nor IPv4 format');
  // From another working folder, as Lambda runs it: the file is found beside the bundle.
  const run = spawnSync(process.execPath, ['-e', `const b = require(${JSON.stringify(path.join(lambdaDir, 'index.js'))}); console.log(b.isPrivate('10.1.2.3'), b.isPrivate('93.184.216.34'))`], { cwd: os.tmpdir(), encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('true false');
});

test('a bundle that requires none gets no folder, and a folder left by an earlier build goes', async () => {
  const lambdaDir = path.join(dir, 'lambda');
  mkdirSync(path.join(lambdaDir, LAZY_DIR), { recursive: true });
  writeFileSync(path.join(lambdaDir, LAZY_DIR, 'ipaddr.js'), 'stale');
  const { written } = await bundle('exports.answer = 42;');
  expect(written).toEqual([]);
  expect(existsSync(path.join(lambdaDir, LAZY_DIR))).toBe(false);
});

test("the functions' tracing code: the API, Stratus's spans and its SDK are files beside the bundle, the SDK requiring the API beside it; none loads until tracing starts", async () => {
  const setup = JSON.stringify(path.join(NODE_MODULES, '..', 'lambdas', 'shared', 'tracing', 'setup'));
  const spans = JSON.stringify(path.join(NODE_MODULES, '..', 'lambdas', 'shared', 'tracing', 'otel'));
  const { lambdaDir, written } = await bundle(`
    const { startTracing } = require(${setup});
    const { inSpan } = require(${spans});
    exports.run = (mode) => { const on = startTracing({ STRATUS_TRACING: mode }); return inSpan('work', {}, (span) => [on, span !== undefined]); };
  `);
  expect(written.sort()).toEqual(['@opentelemetry/api', 'stratus-tracing', 'stratus-tracing-sdk'].sort());
  const code = readFileSync(path.join(lambdaDir, 'index.js'), 'utf8');
  expect(code).not.toContain('BatchSpanProcessor');
  const sdk = readFileSync(path.join(lambdaDir, LAZY_DIR, 'stratus-tracing-sdk.js'), 'utf8');
  expect(sdk).toContain('require("./@opentelemetry__api.js")');
  expect(sdk).not.toMatch(/\bimport\(/);
  const run = (mode: string) => spawnSync(process.execPath, ['-e', `
    const b = require(${JSON.stringify(path.join(lambdaDir, 'index.js'))});
    const result = b.run(${JSON.stringify(mode)});
    const loaded = Object.keys(require.cache).map((f) => require('path').basename(f)).filter((f) => f !== 'index.js').sort();
    console.log(JSON.stringify({ result, loaded }));
  `], { cwd: os.tmpdir(), encoding: 'utf8' });
  const off = run('off');
  expect(off.stderr).toBe('');
  expect(JSON.parse(off.stdout)).toEqual({ result: [false, false], loaded: [] });
  const on = run('console');
  expect(JSON.parse(on.stdout)).toEqual({ result: [true, true], loaded: ['@opentelemetry__api.js', 'stratus-tracing-sdk.js', 'stratus-tracing.js'] });
  // The console exporter printed the span.
  expect(on.stderr).toMatch(/^trace [0-9a-f]{32}  work  /);
});
