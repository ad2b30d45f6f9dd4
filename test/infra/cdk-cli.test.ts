/**
 * What a user runs: the pinned CDK CLI synthesizes the app offline (no credentials, no
 * Docker, no lookups), and `npm run synth` does the same without the CLI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BUILD = path.join('test', 'fixtures', 'infra-build');
// The fixture is a build made by hand, with no app to rebuild it from (test/infra/fresh-clone.test.ts covers the build).
const FIXTURE = ['-c', `buildDir=${BUILD}`, '-c', 'autoBuild=false'];
const offlineEnv = { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: 'stratus-none', AWS_EC2_METADATA_DISABLED: 'true' };

function templateIn(outDir: string): Record<string, { Type: string }> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string; properties?: { templateFile?: string } }> };
  const stack = Object.values(manifest.artifacts).find((a) => a.type === 'aws:cloudformation:stack')!;
  return JSON.parse(readFileSync(path.join(outDir, stack.properties!.templateFile!), 'utf8')).Resources;
}

test('cdk synth with the pinned CLI writes the template offline', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'stratus-cdk-'));
  try {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), 'synth', '--no-notices', '--no-lookups', '-q', '-o', out, ...FIXTURE], {
      cwd: ROOT, env: offlineEnv, encoding: 'utf8', timeout: 240_000,
    });
    expect(result.stderr).not.toMatch(/schema version mismatch/i);
    expect(result.status).toBe(0);
    const types = Object.values(templateIn(out)).map((r) => r.Type);
    expect(types).toEqual(expect.arrayContaining(['AWS::CloudFront::Distribution', 'AWS::Lambda::Function', 'AWS::S3::Bucket', 'AWS::CloudFront::Function']));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 300_000);

test('npm run synth works without the CLI', () => {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'infra', 'synth.cjs'), ...FIXTURE], { cwd: ROOT, env: offlineEnv, encoding: 'utf8', timeout: 240_000 });
  expect(result.status).toBe(0);
  expect(existsSync(path.join(ROOT, 'cdk.out', 'manifest.json'))).toBe(true);
}, 300_000);
