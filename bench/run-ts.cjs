#!/usr/bin/env node
// Runs a TypeScript benchmark: esbuild compiles it to one CommonJS file (dependencies
// stay in node_modules), then Node runs that file with the remaining arguments.
const { buildSync } = require('esbuild');
const { mkdirSync, mkdtempSync, rmSync } = require('node:fs');
const path = require('node:path');

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bench/run-ts.cjs <file.ts> [args…]');
  process.exit(2);
}
// Inside the checkout, so the compiled file resolves packages from its node_modules.
const cache = path.join(__dirname, '..', 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(path.join(cache, 'stratus-bench-'));
const outfile = path.join(dir, 'bench.cjs');
buildSync({
  entryPoints: [path.resolve(entry)],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
process.argv = [process.argv[0], outfile, ...args];
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
require(outfile);
