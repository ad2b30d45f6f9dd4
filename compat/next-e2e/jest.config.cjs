// Jest config for Next's own e2e test files, kept outside the repository (read into the
// scratch folder) and run unmodified: their imports of Next's test utilities map to this
// folder's lib/. Used only by compat/next-e2e/run.ts, which sets STRATUS_E2E_TESTS.
const path = require('node:path');

const repo = path.resolve(__dirname, '../..');
const lib = path.join(__dirname, 'lib');
const testsRoot = process.env.STRATUS_E2E_TESTS;
if (!testsRoot) throw new Error('STRATUS_E2E_TESTS must name the folder of the outside tests (compat/next-e2e/run.ts sets it)');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: testsRoot,
  roots: [testsRoot],
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.js'],
  testPathIgnorePatterns: ['/node_modules/'],
  transform: { '\\.[jt]sx?$': path.join(repo, 'test/helpers/jest-esbuild-transform.cjs') },
  moduleNameMapper: {
    '^e2e-utils$': path.join(lib, 'e2e-utils.ts'),
    '^next-test-utils$': path.join(lib, 'next-test-utils.ts'),
    '^next-webdriver$': path.join(lib, 'next-webdriver.ts'),
    '^test/lib/next-modes/base$': path.join(lib, 'next-modes-base.ts'),
    '^test/lib/browsers/base$': path.join(lib, 'browser.ts'),
    '^test/lib/e2e-utils$': path.join(lib, 'e2e-utils.ts'),
    '^test/lib/next-test-utils$': path.join(lib, 'next-test-utils.ts'),
    '^cheerio$': path.join(lib, 'cheerio.ts'),
    '^fs-extra$': path.join(lib, 'fs-extra.ts'),
  },
  // Other packages the tests import resolve from the project's node_modules.
  modulePaths: [path.join(repo, 'node_modules')],
  setupFiles: [path.join(lib, 'setup-env.cjs')],
  setupFilesAfterEnv: [path.join(lib, 'after-env.ts')],
  // A build of each framework per app, on a shared 2-core machine.
  testTimeout: 240_000,
  maxWorkers: 1,
};
