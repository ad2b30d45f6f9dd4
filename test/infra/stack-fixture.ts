/** Builds the app's stack from the fixture build folder, as `npm run synth` would. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readBuildOutput } from '../../infra/build-output';
import { readSiteSettings } from '../../infra/site-settings';
import { StratusStack } from '../../infra/site-stack';

export const FIXTURE_BUILD = join(__dirname, '..', 'fixtures', 'infra-build');

/** Routes that take bodies: an API route and a getServerSideProps page. */
export const BODY_ROUTES = [
  { pattern: '/api/[...path]', kind: 'api' },
  { pattern: '/contact', kind: 'ssr' },
] as const;

/**
 * A temporary copy of the fixture build whose manifest also has `routes` (the fixture has
 * none: a site that takes no bodies). The caller removes it.
 */
export function fixtureBuildWith(routes: readonly { pattern: string; kind: string }[] = BODY_ROUTES, config: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(os.tmpdir(), 'stratus-infra-build-'));
  cpSync(FIXTURE_BUILD, dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { routes: unknown[]; config: Record<string, unknown> };
  Object.assign(manifest.config, config);
  for (const { pattern, kind } of routes) {
    manifest.routes.push({ pattern, file: `pages${pattern}.tsx`, segments: [], kind, fallback: false, prerendered: [], scripts: [] });
  }
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

/** cdk.json's feature flags (`@aws-cdk/...`), which change the template: tests synthesize with them as `cdk synth` does. */
const FEATURE_FLAGS = Object.fromEntries(
  Object.entries((JSON.parse(readFileSync(join(__dirname, '..', '..', 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context).filter(([key]) => key.startsWith('@aws-cdk/')),
);

/** The app and stack, not yet synthesized. */
export function fixtureApp(context: Record<string, unknown> = {}) {
  const app = new App({ context: { ...FEATURE_FLAGS, buildDir: FIXTURE_BUILD, ...context } });
  const { buildDir, appDir, autoBuild, stackName, ...settings } = readSiteSettings(app.node);
  const build = readBuildOutput(buildDir);
  const stack = new StratusStack(app, stackName, { build, settings });
  return { app, stack, build };
}

export function synthFixture(context: Record<string, unknown> = {}) {
  const fixture = fixtureApp(context);
  return { ...fixture, template: Template.fromStack(fixture.stack) };
}

type Resource = { Type: string; Properties: Record<string, any>; Condition?: string };

/** The resources of one type, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/**
 * The viewer-request function of the default behaviour (pages). Public folders' behaviours
 * get a second one, the same code without the bucket-first page lookup.
 */
export function pagesViewerRequest(template: Template): Resource {
  const config = onlyResource(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
  return resourcesOf(template, 'AWS::CloudFront::Function')[config.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]]!;
}

export function onlyResource(template: Template, type: string): Resource {
  const all = Object.values(resourcesOf(template, type));
  if (all.length !== 1) throw new Error(`expected one ${type}, found ${all.length}`);
  return all[0]!;
}
