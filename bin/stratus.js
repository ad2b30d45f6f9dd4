#!/usr/bin/env node
// The `stratus` command. Installed from the package, it runs the CLI bundled into dist/ when
// the package was packed (bin/build-package.cjs). In a checkout the CLI is TypeScript: it is
// bundled with esbuild on first use (and again whenever a source file changes) into
// node_modules/.cache, then run.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const packaged = path.join(root, 'dist', 'cli.js');
const sources = path.join(root, 'cli', 'index.ts');
const cacheDir = path.join(root, 'node_modules', '.cache', 'stratus');
const inputsFile = path.join(cacheDir, 'cli-inputs.json');

function isFresh(outfile) {
  try {
    const built = fs.statSync(outfile).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
    return inputs.every((file) => fs.statSync(path.join(root, file)).mtimeMs <= built);
  } catch {
    return false;
  }
}

function compile(outfile) {
  const esbuild = require('esbuild');
  fs.mkdirSync(cacheDir, { recursive: true });
  const result = esbuild.buildSync({
    entryPoints: [sources],
    // Input paths in the metafile are relative to this, and isFresh() reads them from the root.
    absWorkingDir: root,
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

/** The checkout's sources win over a dist/ left by `npm pack`; the package ships no sources of the CLI. */
function cliFile() {
  if (!fs.existsSync(sources)) return packaged;
  const outfile = path.join(cacheDir, 'cli.js');
  if (!isFresh(outfile)) compile(outfile);
  return outfile;
}

const cli = cliFile();
process.env.STRATUS_ROOT = root;
require(cli)
  .main(process.argv.slice(2))
  .then((code) => {
    // A failure exits at once, whatever is still open (a server half started, a watcher).
    if (code > 0) process.exit(code);
    if (code === 0) process.exitCode = 0;
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
