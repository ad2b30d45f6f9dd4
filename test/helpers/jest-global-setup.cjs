// Every temporary folder the tests make (their apps and builds, the cloud assemblies
// aws-cdk-lib writes on each synth, browser profiles) goes under one folder per jest run,
// which jest-global-teardown.cjs removes: runs used to leave about 2 GB each in /tmp.
// Workers and the processes tests spawn inherit TMPDIR, so os.tmpdir() answers this folder.
const { mkdtempSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'stratus-jest-'));
  process.env.STRATUS_TEST_TEMP_ROOT = root;
  process.env.TMPDIR = root;
};
