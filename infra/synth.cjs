#!/usr/bin/env node
// `npm run synth`: synthesizes the stack offline, without AWS credentials, Docker or the
// CDK CLI. It does what `cdk synth` does for this app (context from cdk.json plus
// `-c key=value`, output in cdk.out/), and builds the site first when the build folder is
// missing, since that is what a user running it on a fresh clone expects.
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

const buildDir = path.resolve(root, context.buildDir || 'web/site/.stratus');
// The files cli/manifest.ts OUTPUT_LAYOUT promises.
const required = ['manifest.json', 'assets', 'lambdas/render/index.js', 'lambdas/image/index.js'];
if (required.some((file) => !fs.existsSync(path.join(buildDir, file)))) {
  // `<app>/.stratus` is where `stratus build <app>` writes by default.
  const appDir = path.basename(buildDir) === '.stratus' ? path.dirname(buildDir) : undefined;
  const cli = path.join(root, 'bin', 'stratus.js');
  if (!appDir || !fs.existsSync(cli)) {
    console.error(`No build in ${path.relative(root, buildDir)}. Run \`npm run build\` first (or set context buildDir).`);
    process.exit(1);
  }
  console.error(`No build in ${path.relative(root, buildDir)}; running stratus build ${path.relative(root, appDir)} first.`);
  const built = spawnSync(process.execPath, [cli, 'build', appDir], { stdio: 'inherit', cwd: root });
  if (built.status !== 0) {
    console.error('The build failed; fix it and run `npm run synth` again (or `npm run build` to see it alone).');
    process.exit(built.status ?? 1);
  }
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
