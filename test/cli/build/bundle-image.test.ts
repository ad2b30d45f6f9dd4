/**
 * Bundles the image Lambda for real: esbuild plus an npm install of sharp for
 * linux-arm64 (from the registry the first time, from the cache afterwards).
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { bundleImageLambda } from '../../../cli/build/steps/bundle-image';
import { setLogSink } from '../../../lambdas/shared/log';
import { resolveConfig } from '../../../web/runtime/config';

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

  it('the bundle loads and answers without touching sharp for a bad parameter', async () => {
    const lambdaDir = join(outDir, 'lambdas', 'image');
    writeFileSync(join(lambdaDir, 'manifest.json'), JSON.stringify({ config: resolveConfig() }));
    const saved = { ...process.env };
    const restoreSink = setLogSink(() => undefined);
    // The bundle has its own copy of the logger, which writes to stdout.
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    delete process.env.STRATUS_MANIFEST;
    process.env.STRATUS_BUCKET = 'unused';
    process.env.AWS_REGION = 'us-east-1';
    try {
      const { handler } = require(join(lambdaDir, 'index.js')) as {
        handler: (event: LambdaFunctionURLEvent) => Promise<{ statusCode: number; body?: string }>;
      };
      const result = await handler({
        rawPath: '/_app/image',
        rawQueryString: 'url=/a.jpg&w=99',
        headers: { host: 'x' },
        requestContext: { requestId: 'r', domainName: 'x', http: { method: 'GET' } },
      } as unknown as LambdaFunctionURLEvent);
      expect(result).toMatchObject({ statusCode: 400, body: '"w" parameter (width) of 99 is not allowed' });
    } finally {
      process.env = saved;
      setLogSink(restoreSink);
      stdout.mockRestore();
    }
  });
});
