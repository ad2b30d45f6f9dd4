#!/usr/bin/env node
// `npm run synth`: synthesizes the stack offline, without AWS credentials, Docker or the
// CDK CLI. It does what `cdk synth` does for this app (context from cdk.json plus
// `-c key=value`, output in cdk.out/); the app itself builds the site first when the build
// is missing or stale (infra/app-build.ts).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const cdkJson = JSON.parse(fs.readFileSync(path.join(root, 'cdk.json'), 'utf8'));
const context = { ...cdkJson.context };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  const pair = arg === '-c' || arg === '--context' ? args[++i] : arg.startsWith('--context=') ? arg.slice(10) : undefined;
  if (!pair || !pair.includes('=')) {
    console.error(`usage: npm run synth -- [-c key=value ...]  (unexpected "${arg}")`);
    process.exit(2);
  }
  const at = pair.indexOf('=');
  context[pair.slice(0, at)] = pair.slice(at + 1);
}

const outdir = path.join(root, 'cdk.out');
const result = spawnSync(process.execPath, [path.join(__dirname, 'run-app.cjs')], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, CDK_OUTDIR: outdir, CDK_CONTEXT_JSON: JSON.stringify(context) },
});
if (result.status !== 0) process.exit(result.status ?? 1);

const stackName = context.stackName || 'Stratus';
const template = JSON.parse(fs.readFileSync(path.join(outdir, `${stackName}.template.json`), 'utf8'));
const counts = {};
for (const resource of Object.values(template.Resources)) counts[resource.Type] = (counts[resource.Type] || 0) + 1;
console.log(`Synthesized ${stackName} to ${path.relative(root, outdir)}/${stackName}.template.json (cdk-nag AwsSolutions: passed)`);
for (const [type, count] of Object.entries(counts).sort()) console.log(`  ${String(count).padStart(3)}  ${type}`);
