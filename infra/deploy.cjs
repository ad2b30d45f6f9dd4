#!/usr/bin/env node
// `npm run deploy` (after the build): `cdk deploy` with a fresh deploy id, so each deploy
// publishes a version of both functions that `npm run rollback` can return to, and with the
// stack outputs saved where the rollback reads the function names. `--all`: a site outside
// us-east-1 that takes request bodies has a second stack there (the body signer, Lambda@Edge).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const deployId = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const cdk = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'cdk.cmd' : 'cdk');
const args = ['deploy', '--all', '--context', `deployId=${deployId}`, '--outputs-file', 'cdk.out/stratus-outputs.json', ...process.argv.slice(2)];
console.log(`cdk ${args.join(' ')}`);
const result = spawnSync(cdk, args, { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
