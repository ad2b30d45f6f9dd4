#!/usr/bin/env node
// `npm pack` runs this first (package.json "prepack"): what the package runs without the
// checkout's TypeScript tooling goes into dist/:
//   cli.js      the `stratus` command (bin/stratus.js runs it when there is no cli/ source)
//   cdk.js      `stratus/cdk`, the construct for a CDK app of the project's own, with its
//               declarations (cdk.d.ts and types/), for CDK apps in TypeScript
//   cdk-app.js  the CDK app `stratus deploy` synthesizes (infra/app.ts)
// and beside them the edge functions' sources, which the bundles read from their own folder.
// Dependencies stay requires (`packages: 'external'`): the project installs them.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  legalComments: 'none',
  logLevel: 'error',
};
esbuild.buildSync({ ...common, entryPoints: [path.join(root, 'cli', 'index.ts')], outfile: path.join(dist, 'cli.js') });
esbuild.buildSync({ ...common, entryPoints: [path.join(root, 'infra', 'cdk.ts')], outfile: path.join(dist, 'cdk.js') });
esbuild.buildSync({
  ...common,
  stdin: { contents: fs.readFileSync(path.join(root, 'infra', 'run-app.cjs'), 'utf8').replace("require('./register-ts.cjs');", ''), resolveDir: path.join(root, 'infra'), sourcefile: 'run-app.cjs' },
  outfile: path.join(dist, 'cdk-app.js'),
});
for (const file of ['viewer-request.cf.js', 'body-signer.edge.js']) fs.copyFileSync(path.join(root, 'infra', 'edge', file), path.join(dist, file));

// Declarations of `stratus/cdk` and what its types name (contract/, infra/).
const tsconfig = path.join(dist, 'tsconfig.types.json');
fs.writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: '../tsconfig.json',
    compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: 'types', rootDir: '..', types: ['node'] },
    files: ['../infra/cdk.ts'],
    include: [],
  }),
);
const tsc = spawnSync(process.execPath, [path.join(path.dirname(require.resolve('typescript/package.json', { paths: [root] })), 'bin', 'tsc'), '-p', tsconfig], { stdio: 'inherit' });
fs.rmSync(tsconfig);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
fs.writeFileSync(path.join(dist, 'cdk.d.ts'), "export * from './types/infra/cdk';\n");
console.error(`dist/: ${fs.readdirSync(dist).join(', ')}`);
