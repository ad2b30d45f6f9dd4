/**
 * What a deployer types on a fresh clone: `npm ci && npx cdk synth` (or `cdk deploy`), with
 * no build folder. The CDK app builds the site first, its progress on stderr, and the
 * template comes out. The clone is of the committed HEAD; instead of a second `npm ci`, its
 * node_modules links to this checkout's packages.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FRAMEWORK_SOURCES, staleBuildReason } from '../../infra/app-build';

const ROOT = path.resolve(__dirname, '..', '..');
const offlineEnv = { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: 'stratus-none', AWS_EC2_METADATA_DISABLED: 'true' };

/**
 * The clone's node_modules: a link to each package of this checkout, but its own `.cache`.
 * bin/stratus.js keeps the compiled CLI there, judged fresh by comparing file times in the
 * checkout that compiled it; shared, the two checkouts would run each other's CLI. The
 * caches that depend on versions only (sharp for Lambda, the runtime-size figure) are reused.
 */
function linkNodeModules(clone: string) {
  const from = path.join(ROOT, 'node_modules');
  const to = path.join(clone, 'node_modules');
  mkdirSync(to);
  for (const name of readdirSync(from)) if (name !== '.cache') symlinkSync(path.join(from, name), path.join(to, name));
  const cacheFrom = path.join(from, '.cache', 'stratus');
  const cacheTo = path.join(to, '.cache', 'stratus');
  mkdirSync(cacheTo, { recursive: true });
  if (!existsSync(cacheFrom)) return;
  for (const name of readdirSync(cacheFrom)) {
    if (name.startsWith('sharp-') && !name.includes('.tmp-')) symlinkSync(path.join(cacheFrom, name), path.join(cacheTo, name));
    // A copy: the build rewrites it when its key (the runtime's sources) differs.
    if (name === 'runtime-size.json') copyFileSync(path.join(cacheFrom, name), path.join(cacheTo, name));
  }
}

test('npx cdk synth on a fresh clone builds the site first, progress on stderr, and writes the template', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-clone-'));
  const clone = path.join(dir, 'stratus');
  try {
    const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { encoding: 'utf8' });
    expect(cloned.stderr).toBe('');
    linkNodeModules(clone);
    const cdkJson = JSON.parse(readFileSync(path.join(clone, 'cdk.json'), 'utf8')) as { context: Record<string, string> };
    const buildDir = path.join(clone, cdkJson.context.buildDir!);
    expect(existsSync(buildDir)).toBe(false);

    const started = Date.now();
    const synth = spawnSync('npx', ['cdk', 'synth', '--no-notices'], { cwd: clone, env: offlineEnv, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 * 1024 * 1024 });
    const seconds = (Date.now() - started) / 1000;
    expect({ status: synth.status, stderr: synth.status === 0 ? '' : synth.stderr }).toEqual({ status: 0, stderr: '' });

    // The build ran and said so on stderr: why, then its own progress lines and summary.
    expect(synth.stderr).toMatch(/stratus: there is no build in web\/site\/\.stratus; building web\/site first\./);
    expect(synth.stderr).toMatch(/compiling render Lambda/);
    expect(synth.stderr).toMatch(/bundling image Lambda/);
    // stdout is the template alone.
    expect(synth.stdout).not.toMatch(/stratus:|compiling|prerendering|Building/);
    expect(synth.stdout).toMatch(/AWS::CloudFront::Distribution/);

    // Built once: the build touched no source, so the next synth or deploy goes straight on.
    const frameworkSources = FRAMEWORK_SOURCES.map((source) => path.join(clone, source));
    expect(staleBuildReason({ appDir: path.join(clone, cdkJson.context.appDir!), buildDir, frameworkSources })).toBeUndefined();
    const template = JSON.parse(readFileSync(path.join(clone, 'cdk.out', `${cdkJson.context.stackName}.template.json`), 'utf8'));
    const types = Object.values(template.Resources as Record<string, { Type: string }>).map((r) => r.Type);
    expect(types).toEqual(expect.arrayContaining(['AWS::CloudFront::Distribution', 'AWS::Lambda::Function', 'AWS::S3::Bucket']));
    console.log(`fresh clone: cdk synth with the build took ${seconds.toFixed(1)} s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
