#!/usr/bin/env node
// The `stratus` command. The CLI is TypeScript; it is bundled with esbuild on first use
// (and again whenever a source file changes) into node_modules/.cache, then run.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'stratus');
const outfile = path.join(cacheDir, 'cli.js');
const inputsFile = path.join(cacheDir, 'cli-inputs.json');

function isFresh() {
  try {
    const built = fs.statSync(outfile).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
    return inputs.every((file) => fs.statSync(path.join(root, file)).mtimeMs <= built);
  } catch {
    return false;
  }
}

function compile() {
  const esbuild = require('esbuild');
  fs.mkdirSync(cacheDir, { recursive: true });
  const result = esbuild.buildSync({
    entryPoints: [path.join(root, 'cli', 'index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    packages: 'external',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'error',
  });
  fs.writeFileSync(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules'))));
}

if (!isFresh()) compile();
process.env.STRATUS_ROOT = root;
require(outfile)
  .main(process.argv.slice(2))
  .then((code) => {
    if (code >= 0) process.exitCode = code;
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
