#!/usr/bin/env node
// `npm run deploy` (after the build): `cdk deploy` with a fresh deploy id, so each deploy
// publishes a version of both functions that `npm run rollback` can return to, and with the
// stack outputs saved where the rollback reads the function names. `--all`: a site outside
// us-east-1 that takes request bodies has a second stack there (the body signer, Lambda@Edge).
// `--no-code-cache`: skip the render function's code cache (infra/deploy-code-cache.ts).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const deployId = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const cdk = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'cdk.cmd' : 'cdk');
const passed = process.argv.slice(2).filter((arg) => arg !== '--no-code-cache');
const outputsFile = 'cdk.out/stratus-outputs.json';
const args = ['deploy', '--all', '--context', `deployId=${deployId}`, '--outputs-file', outputsFile, ...passed];
const deploy = () => {
  const result = spawnSync(cdk, args, { stdio: 'inherit', cwd: root });
  return result.status ?? 1;
};
require('./register-ts.cjs');
const { checkoutDeployTarget, makeCodeCache } = require('./deploy-code-cache.ts');
const { findCredentials, noCredentialsMessage } = require('./aws-credentials.ts');
const target = checkoutDeployTarget(root, passed);

// Without credentials, the message `stratus deploy` gives (how to sign in), not the CDK's "Unable to resolve AWS account".
findCredentials(target.region || process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1').then(afterCredentials, (error) => {
  console.error(`\nCannot deploy:\n${noCredentialsMessage(error)}`);
  process.exit(1);
});

function afterCredentials() {
  console.log(`cdk ${args.join(' ')}`);
  const status = deploy();
  if (status !== 0 || passed.length < process.argv.length - 2) process.exit(status);

  // Then, as `stratus deploy` does: the deployed render function makes its V8 code cache, and
  // the same deploy (same id: a rollback treats both as one) ships it. The build stays current:
  // the cache is not one of its sources, so the CDK app does not build again.
  makeCodeCache({ ...target, outputsFile: path.join(root, outputsFile), skipWith: 'npm run deploy -- --no-code-cache', log: (line) => console.log(line) }).then((written) => {
    if (!written) process.exit(0);
    console.log(`cdk ${args.join(' ')}   (again: the render function, with its code cache)`);
    const again = deploy();
    if (again !== 0) console.log('The second deploy failed: the site runs what the first one deployed, without the code cache. `npm run deploy` again makes and ships it.');
    process.exit(again);
  }, (error) => {
    // The first deploy stands; the site works the same without the cache.
    console.log(`code cache: skipped (${error.message.split('\n')[0]})`);
    process.exit(0);
  });
}
