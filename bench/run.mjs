#!/usr/bin/env node
// `npm run bench` / `npm run bench:smoke`: the benchmark is TypeScript (bench/src); it is
// bundled with esbuild into node_modules/.cache, as bin/stratus.js does for the CLI, then run.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'node_modules', '.cache', 'stratus-bench', 'main.cjs');
await build({
  entryPoints: [path.join(root, 'bench', 'src', 'main.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile,
  packages: 'external',
  jsx: 'automatic',
  logLevel: 'error',
});
process.env.STRATUS_ROOT = root;
const { main } = createRequire(import.meta.url)(outfile);
main(process.argv.slice(2), outfile).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
