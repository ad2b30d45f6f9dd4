/**
 * The stack of a site with a routing layer: CloudFront's behaviours under the basePath,
 * page data sent to the render function (rules and middleware must see soft navigations),
 * and the edge function told the basePath and the trailing-slash rule.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { FIXTURE_BUILD, fixtureApp, onlyResource, pagesViewerRequest } from './stack-fixture';

function withRouting(routing: Record<string, unknown>): string {
  const dir = mkdtempSync(join(os.tmpdir(), 'stratus-routing-build-'));
  cpSync(FIXTURE_BUILD, dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.config.routing = { basePath: '', trailingSlash: false, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, headers: [], middleware: false, ...routing };
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

function distributionOf(buildDir: string) {
  const template = Template.fromStack(fixtureApp({ buildDir }).stack);
  const config = onlyResource(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
  const fn = pagesViewerRequest(template).Properties;
  return { config, code: JSON.stringify(fn.FunctionCode) };
}

const dataBehaviour = (config: { CacheBehaviors: { PathPattern: string; TargetOriginId: string }[] }) => config.CacheBehaviors.find((b) => b.PathPattern.endsWith('/_app/data/*'))!;

describe('a site with a basePath, trailing slashes and rules', () => {
  const dir = withRouting({ basePath: '/docs', trailingSlash: true, redirects: [{ source: '/old', destination: '/new', statusCode: 308 }] });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const { config, code } = distributionOf(dir);

  test('every behaviour but the default is under the basePath', () => {
    const patterns = config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    expect(patterns).toContain('/docs/_app/static/*');
    expect(patterns).toContain('/docs/_app/image');
    for (const pattern of patterns) expect(pattern.startsWith('/docs/')).toBe(true);
  });

  test('page data goes to the render function, as pages do, not to the bucket first', () => {
    expect(dataBehaviour(config).TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
  });

  test('the edge function knows the basePath and the trailing-slash rule', () => {
    expect(code).toContain('\\"basePath\\":\\"/docs\\"');
    expect(code).toContain('\\"trailingSlash\\":true');
  });
});

test('without rules, page data is read from the bucket first (the render function only when it is not there)', () => {
  const { config } = distributionOf(FIXTURE_BUILD);
  expect(dataBehaviour(config).TargetOriginId).not.toBe(config.DefaultCacheBehavior.TargetOriginId);
  expect(dataBehaviour(config).PathPattern).toBe('/_app/data/*');
});
