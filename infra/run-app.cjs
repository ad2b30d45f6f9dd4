// What cdk.json runs: the CDK app in infra/app.ts, without a TypeScript compiler.
// User-fixable mistakes (no build, bad context, a build that fails) are caught with the
// one guard of contract/errors.ts and print their title, message and fix without a stack.
require('./register-ts.cjs');
const { isStratusError } = require('../contract/errors.ts');
const { formatError } = require('../contract/error-codes.ts');
try {
  require('./app.ts');
} catch (error) {
  if (isStratusError(error)) {
    console.error(`\n${formatError(error)}`);
    process.exit(1);
  }
  throw error;
}
