// What cdk.json runs: the CDK app in infra/app.ts, without a TypeScript compiler.
// Setup mistakes (no build, bad context) print their fix without a stack trace.
require('./register-ts.cjs');
try {
  require('./app.ts');
} catch (error) {
  if (error && error.name === 'SetupError') {
    console.error(`stratus: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
