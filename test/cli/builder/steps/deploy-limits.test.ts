/** The build refuses what the deploy would fail on, saying what and how to fix it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../../../../contract/config-schema';
import { MANIFEST_VERSION, type Manifest } from '../../../../contract/manifest';
import { checkDeployLimits } from '../../../../cli/builder/steps/deploy-limits';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folder(files: Record<string, number>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-limits-'));
  dirs.push(dir);
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), Buffer.alloc(bytes));
  }
  return dir;
}

function manifest(over: Partial<Manifest> = {}, config: Record<string, unknown> = {}): Manifest {
  return {
    version: MANIFEST_VERSION, buildId: 'b1', config: resolveConfig(config), routes: [], entryScripts: [], errorScripts: {}, styles: [], publicFiles: [], s3CacheControl: [], ...over,
  };
}

test('a function folder over Lambda\'s limit is refused, naming its largest files', () => {
  const render = folder({ 'app.js': 600, 'data/catalogue.json': 3000, 'index.js': 10 });
  expect(() => checkDeployLimits('/out', manifest(), { render }, { lambdaBytes: 4000 })).not.toThrow();
  expect(() => checkDeployLimits('/out', manifest(), { render }, { lambdaBytes: 3000 })).toThrow(/The render function's folder is 3\.5 kB; Lambda takes at most 2\.9 kB unzipped.*Largest files: data\/catalogue\.json 2\.9 kB, app\.js 600 B/);
  const image = folder({ 'sharp.node': 5000 });
  expect(() => checkDeployLimits('/out', manifest(), { render, image }, { lambdaBytes: 4000 })).toThrow(/The image function's folder/);
});

test('over the limit with packages shipped whole, the message says what they take, the largest first', () => {
  const render = folder({ 'app.js': 600, 'node_modules/geo/data/city.dat': 3000, 'node_modules/geo/index.js': 100, 'node_modules/@scope/bin/x.node': 1200, 'node_modules/small/index.js': 10 });
  expect(() => checkDeployLimits('/out', manifest(), { render }, { lambdaBytes: 3000 })).toThrow(
    /Packages required at run time \(node_modules\) take 4\.2 kB: geo 3\.0 kB, @scope\/bin 1\.2 kB, small 10 B\./,
  );
});

test('public files needing more behaviours than CloudFront takes are refused', () => {
  const publicFiles = Array.from({ length: 70 }, (_, i) => `/file.ext${i}`);
  expect(() => checkDeployLimits('/out', manifest({ publicFiles }), { render: folder({}) })).toThrow(/CloudFront would refuse the distribution: public\/ needs 70 CloudFront behaviours/);
});

test('an edge function over 10 KB is refused', () => {
  const locales = Array.from({ length: 1500 }, (_, i) => `x${i}`);
  expect(() => checkDeployLimits('/out', manifest({}, { locales, defaultLocale: 'x0' }), { render: folder({}) })).toThrow(/CloudFront would refuse the edge function: .*10240.*Fewer locales/);
});

test('a headers() rule whose headers CloudFront cannot pass on is refused, naming its source', () => {
  const policy = `default-src 'self'; ${"script-src 'sha256-abc' ".repeat(900)}`;
  const withHeaders = (headers: { key: string; value: string }[]): Manifest => {
    const base = manifest();
    const routing = { basePath: '', trailingSlash: false, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, middleware: false, headers: [{ source: '/(.*)', headers }] };
    return { ...base, config: { ...base.config, routing } };
  };
  expect(() => checkDeployLimits('/out', withHeaders([{ key: 'Content-Security-Policy', value: policy }]), { render: folder({}) })).toThrow(/headers\(\) rule for "\/\(\.\*\)" adds 2\d\.\d kB of headers; CloudFront passes on at most 20\.0 kB/);
  expect(() => checkDeployLimits('/out', withHeaders([{ key: 'X-Frame-Options', value: 'DENY' }]), { render: folder({}) })).not.toThrow();
});
