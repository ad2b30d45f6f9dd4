/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '\\.[jt]sx?$': '<rootDir>/test/helpers/jest-esbuild-transform.cjs' },
  // OpenTelemetry's OTLP exporter loads http with import(), which jest's module system cannot
  // run: that package is compiled too, its import() made a require (as the Lambda bundle does).
  transformIgnorePatterns: ['/node_modules/(?!@opentelemetry/otlp-exporter-base/)'],
  moduleNameMapper: {
    '^stratus/([a-z-]+)$': '<rootDir>/web/runtime/$1',
    '^next$': '<rootDir>/web/runtime/next/index.ts',
    '^next/(.+)$': '<rootDir>/web/runtime/next/$1',
  },
  testTimeout: 60000,
  setupFiles: ['<rootDir>/test/helpers/jest-env.cjs'],
  globalSetup: '<rootDir>/test/helpers/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/test/helpers/jest-global-teardown.cjs',
  // As Lambda's NODE_PATH provides the AWS SDK to bundles that leave it out, wherever they are built.
  modulePaths: ['<rootDir>/node_modules'],
  // Test files written as Next's e2e tests are, run by compat/next-e2e's own jest config (test/compat/next-e2e.test.ts).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/fixtures/next-e2e/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/\\.stratus/', '<rootDir>/cdk.out/', '<rootDir>/bench/next-app/'],
};
