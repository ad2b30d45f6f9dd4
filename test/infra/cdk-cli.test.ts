/**
 * What a user runs: the pinned CDK CLI synthesizes the app offline (no credentials, no
 * Docker, no lookups), and `npm run synth` does the same without the CLI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureBuildWith } from './stack-fixture';

const ROOT = path.resolve(__dirname, '..', '..');
const BUILD = path.join('test', 'fixtures', 'infra-build');
// The fixture is a build made by hand, with no app to rebuild it from (test/infra/fresh-clone.test.ts covers the build).
const FIXTURE = ['-c', `buildDir=${BUILD}`, '-c', 'autoBuild=false'];
const offlineEnv = { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: 'stratus-none', AWS_EC2_METADATA_DISABLED: 'true' };

type Artifact = { type: string; environment?: string; properties?: { templateFile?: string } };

function stacksIn(outDir: string): Record<string, Artifact> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as { artifacts: Record<string, Artifact> };
  return Object.fromEntries(Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack'));
}

function templateIn(outDir: string, name?: string): Record<string, { Type: string }> {
  const stacks = stacksIn(outDir);
  const stack = name ? stacks[name]! : Object.values(stacks)[0]!;
  return JSON.parse(readFileSync(path.join(outDir, stack.properties!.templateFile!), 'utf8')).Resources;
}

test('cdk synth with the pinned CLI writes the template offline', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'stratus-cdk-'));
  try {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), 'synth', '--no-notices', '--no-lookups', '-q', '-o', out, ...FIXTURE], {
      cwd: ROOT, env: offlineEnv, encoding: 'utf8', timeout: 240_000,
    });
    expect(result.stderr).not.toMatch(/schema version mismatch/i);
    // cdk.json sets CDK's recommended feature flags: no warning a user cannot act on.
    expect(result.stdout + result.stderr).not.toMatch(/feature flags are not configured/);
    expect(result.status).toBe(0);
    const types = Object.values(templateIn(out)).map((r) => r.Type);
    expect(types).toEqual(expect.arrayContaining(['AWS::CloudFront::Distribution', 'AWS::Lambda::Function', 'AWS::S3::Bucket', 'AWS::CloudFront::Function']));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 300_000);

test('a site taking bodies, deployed outside us-east-1: cdk synth writes both stacks offline, the body signer in us-east-1', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'stratus-cdk-'));
  const buildDir = fixtureBuildWith();
  try {
    const args = ['synth', '--no-notices', '--no-lookups', '-q', '-o', out, '-c', `buildDir=${buildDir}`, '-c', 'autoBuild=false', '-c', 'region=eu-west-1'];
    const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), ...args], {
      cwd: ROOT, env: offlineEnv, encoding: 'utf8', timeout: 240_000,
    });
    expect({ status: result.status, stderr: result.status === 0 ? '' : result.stderr }).toEqual({ status: 0, stderr: '' });
    const stacks = stacksIn(out);
    expect(Object.fromEntries(Object.entries(stacks).map(([name, a]) => [name, a.environment]))).toEqual({
      Stratus: 'aws://unknown-account/eu-west-1',
      StratusEdge: 'aws://unknown-account/us-east-1',
    });
    const edgeFunctions = Object.values(templateIn(out, 'StratusEdge')).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(edgeFunctions).toHaveLength(1);
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  }
}, 300_000);

test('npm run synth works without the CLI', () => {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'infra', 'synth.cjs'), ...FIXTURE], { cwd: ROOT, env: offlineEnv, encoding: 'utf8', timeout: 240_000 });
  expect(result.status).toBe(0);
  expect(existsSync(path.join(ROOT, 'cdk.out', 'manifest.json'))).toBe(true);
}, 300_000);

test('npm run deploy without credentials stops with the sign-in message stratus deploy gives, before cdk deploy', () => {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'infra', 'deploy.cjs')], { cwd: ROOT, env: offlineEnv, encoding: 'utf8', timeout: 60_000 });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/Cannot deploy:\nNo AWS credentials found \(.*\)\.\nSign in first, then deploy again/);
  expect(result.stdout).not.toContain('cdk deploy');
}, 90_000);

