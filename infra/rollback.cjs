// `npm run rollback`: infra/rollback/cli.ts without a TypeScript compiler.
require('./register-ts.cjs');
require('./rollback/cli.ts')
  .main(process.argv.slice(2))
  .then((code) => process.exit(code));
