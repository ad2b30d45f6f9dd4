#!/usr/bin/env node
// Runs a TypeScript benchmark (`npm run bench`, `npm run bench:image`): esbuild compiles it
// to one CommonJS file (dependencies stay in node_modules), then Node runs that file as its
// main module with the remaining arguments, so it can also start itself again as a child.
const { spawn } = require('node:child_process');
const { buildSync } = require('esbuild');
const { mkdirSync, mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bench/run-ts.cjs <file.ts> [args…]');
  process.exit(2);
}
// Inside the checkout, so the compiled file resolves packages from its node_modules.
const cache = path.join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(path.join(cache, 'stratus-bench-'));
const outfile = path.join(dir, 'bench.cjs');
const removeBuild = () => rmSync(dir, { recursive: true, force: true });
try {
  buildSync({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    outfile,
    logLevel: 'warning',
  });
} catch (error) {
  removeBuild();
  throw error;
}
// STRATUS_ROOT: the compiled file lives in the cache, so cli/paths.ts cannot find the checkout from __dirname.
const child = spawn(process.execPath, [outfile, ...args], { stdio: 'inherit', env: { ...process.env, STRATUS_ROOT: root } });
// Passed on: a signal to this process alone would leave the benchmark, and its servers, running.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => {
  removeBuild();
  process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 1));
});
