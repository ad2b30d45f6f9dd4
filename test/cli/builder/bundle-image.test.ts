/**
 * Bundles the image Lambda for real: esbuild plus an npm install of sharp for
 * linux-arm64 (from the registry the first time, from the cache afterwards).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleImageLambda } from '../../../cli/builder/steps/bundle-image';
import { resolveConfig } from '../../../contract/config-schema';
import { MANIFEST_VERSION, type Manifest } from '../../../contract/manifest';

jest.setTimeout(300_000);

let outDir: string;
beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'stratus-bundle-image-'));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Fails if any path under `dir` is a symlink (Lambda zips must hold real files). */
function assertNoSymlinks(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    const stats = lstatSync(full);
    expect(stats.isSymbolicLink()).toBe(false);
    if (stats.isDirectory()) assertNoSymlinks(full);
  }
}

describe('bundleImageLambda', () => {
  it('writes index.js and installs sharp for linux-arm64 without symlinks; a second build reuses the cache', async () => {
    await bundleImageLambda(outDir);
    const lambdaDir = join(outDir, 'lambdas', 'image');
    expect(existsSync(join(lambdaDir, 'index.js'))).toBe(true);
    const modules = join(lambdaDir, 'node_modules');
    expect(existsSync(join(modules, 'sharp', 'package.json'))).toBe(true);
    expect(readdirSync(join(modules, '@img', 'sharp-linux-arm64', 'lib')).some((name) => name.endsWith('.node'))).toBe(true);
    expect(existsSync(join(modules, '@img', 'sharp-libvips-linux-arm64', 'package.json'))).toBe(true);
    expect(existsSync(join(modules, '@img', 'sharp-linux-x64'))).toBe(false);
    assertNoSymlinks(modules);

    const started = Date.now();
    await bundleImageLambda(outDir);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('the bundle loads and answers without touching sharp for a bad parameter', () => {
    const lambdaDir = join(outDir, 'lambdas', 'image');
    const manifest: Manifest = {
      version: MANIFEST_VERSION, buildId: 'b1', config: resolveConfig(), routes: [], entryScripts: [], errorScripts: {}, styles: [], publicFiles: [], s3CacheControl: [],
    };
    writeFileSync(join(lambdaDir, 'manifest.json'), JSON.stringify(manifest));
    expect(readFileSync(join(lambdaDir, 'index.js'), 'utf8')).not.toContain('S3ServiceException'); // the SDK is not bundled
    // A fresh Node process set up as Lambda's runtime is: the AWS SDK comes from NODE_PATH
    // (/var/runtime/node_modules there; this checkout's node_modules here).
    const event = { rawPath: '/_app/image', rawQueryString: 'url=/a.jpg&w=99', headers: { host: 'x' }, requestContext: { requestId: 'r', domainName: 'x', http: { method: 'GET' } } };
    const script = `require(${JSON.stringify(join(lambdaDir, 'index.js'))}).handler(${JSON.stringify(event)}).then((r) => process.stderr.write('RESULT ' + JSON.stringify(r) + '\\n'));`;
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_PATH: join(__dirname, '..', '..', '..', 'node_modules'), STRATUS_BUCKET: 'unused', AWS_REGION: 'us-east-1' };
    delete env.STRATUS_MANIFEST;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env });
    const line = run.stderr.split('\n').find((l) => l.startsWith('RESULT '));
    expect({ line: line !== undefined, stderr: line ? '' : run.stderr }).toEqual({ line: true, stderr: '' });
    expect(JSON.parse(line!.slice(7))).toMatchObject({ statusCode: 400, body: '"w" parameter (width) of 99 is not allowed' });
  });

  it('keeps ipaddr.js (the remote sources\' address checks) in a file of its own beside the bundle, which only names it', () => {
    const lambdaDir = join(outDir, 'lambdas', 'image');
    const marker = 'ipaddr: the address has neither IPv6 nor IPv4 format';
    expect(readFileSync(join(lambdaDir, 'lazy', 'ipaddr.js'), 'utf8')).toContain(marker);
    const bundle = readFileSync(join(lambdaDir, 'index.js'), 'utf8');
    expect(bundle).not.toContain(marker);
    expect(bundle).toContain('require("./lazy/ipaddr.js")');
  });
});
