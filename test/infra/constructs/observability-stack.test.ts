/**
 * The site's operational options in the synthesized template: none of the new resources by
 * default; `tracing` (X-Ray active tracing and its permissions, or an OTLP endpoint),
 * `firewall` (a WAF web ACL in us-east-1 on the distribution), `domain` (a DNS-validated
 * certificate in us-east-1 and alias records), `runtime` and `architecture`; the alarms and
 * dashboard reading the request lines' metrics (EMF) instead of metric filters.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readBuildOutput, StratusSite, type StratusSiteProps } from '../../../infra/cdk';
import { FIXTURE_BUILD, fixtureBuildWith, synthFixture } from '../stack-fixture';

function synth(props: Partial<StratusSiteProps> = {}, region = 'us-east-1', build = FIXTURE_BUILD) {
  const app = new App();
  const stack = new Stack(app, 'Shop', { env: { region }, crossRegionReferences: region !== 'us-east-1' });
  const site = new StratusSite(stack, 'Site', { build: readBuildOutput(build), ...props });
  return { app, site, stack, template: Template.fromStack(stack) };
}

type Fn = { Properties: Record<string, any> };
const functions = (template: Template) => Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Fn>).filter((f) => /Stratus (render|image)/.test(f.Properties.Description ?? ''));
const envOf = (template: Template) => functions(template).map((f) => f.Properties.Environment.Variables as Record<string, unknown>);
const count = (template: Template, type: string) => Object.keys(template.findResources(type)).length;

test('by default: no firewall, certificate, DNS record or tracing; Node.js 22 on arm64; metrics on, in the site\'s namespace', () => {
  const { template } = synth();
  for (const type of ['AWS::WAFv2::WebACL', 'AWS::CertificateManager::Certificate', 'AWS::Route53::RecordSet']) expect(count(template, type)).toBe(0);
  for (const fn of functions(template)) {
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    expect(fn.Properties.TracingConfig).toBeUndefined();
  }
  const [render, image] = envOf(template);
  expect(render!.STRATUS_TRACING).toBeUndefined();
  expect(render!.STRATUS_METRICS).toBeUndefined();
  expect(render!.STRATUS_METRICS_NAMESPACE).toBe('Stratus/Shop/Site/Render');
  expect(image!.STRATUS_METRICS_NAMESPACE).toBe('Stratus/Shop/Site/Image');
  template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.absent(), Aliases: Match.absent() }) });
});

test("alarms and dashboard read the request lines' metrics: 5xx shares, failed regenerations, per-route latency and web vitals", () => {
  const { template } = synth();
  template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'Stratus/Shop/Site/Render', MetricName: 'status', ExtendedStatistic: 'PR(499:599)', Threshold: 5 });
  template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'Stratus/Shop/Site/Image', MetricName: 'status', ExtendedStatistic: 'PR(499:599)' });
  template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'Stratus/Shop/Site/Render', MetricName: 'failedRegenerations', Statistic: 'Sum', Threshold: 1 });
  // No metric filter for what the lines carry themselves.
  const filters = Object.values(template.findResources('AWS::Logs::MetricFilter')).map((f) => (f as Fn).Properties.MetricTransformations[0].MetricName);
  expect(filters).not.toContain('FailedRegenerations');
  // The dashboard's JSON text, its references left out.
  const join = (Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0] as Fn).Properties.DashboardBody['Fn::Join'][1] as unknown[];
  const body = join.filter((part): part is string => typeof part === 'string').join('');
  for (const expected of [
    `SEARCH('{Stratus/Shop/Site/Render,route} MetricName=\\"durationMs\\"', 'p99', 300)`,
    `SEARCH('{Stratus/Shop/Site/Render,route} MetricName=\\"status\\"', 'PR(499:599)', 300)`,
    `SEARCH('{Stratus/Shop/Site/Render,cache} MetricName=\\"status\\"', 'SampleCount', 300)`,
    `SEARCH('{Stratus/Shop/Site/Render,route} MetricName=\\"LCP\\"', 'p75', 300)`,
  ]) {
    expect(body).toContain(expected);
  }
});

test('metrics: false — no namespace, STRATUS_METRICS=off, the failed regenerations counted by a metric filter', () => {
  const { template } = synth({ metrics: false });
  expect(envOf(template)[0]).toMatchObject({ STRATUS_METRICS: 'off' });
  expect(envOf(template)[0]!.STRATUS_METRICS_NAMESPACE).toBeUndefined();
  template.hasResourceProperties('AWS::Logs::MetricFilter', { MetricTransformations: [Match.objectLike({ MetricName: 'FailedRegenerations' })] });
  template.resourcePropertiesCountIs('AWS::CloudWatch::Alarm', { ExtendedStatistic: 'PR(499:599)' }, 0);
});

test("tracing: 'xray' — active tracing on both functions, their permission to send, STRATUS_TRACING", () => {
  const { template } = synth({ tracing: 'xray' });
  for (const fn of functions(template)) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
  for (const env of envOf(template)) expect(env.STRATUS_TRACING).toBe('xray');
  const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
  expect(policies.match(/"xray:PutTraceSegments","xray:PutTelemetryRecords"/g)?.length).toBe(2);
});

test('tracing to an OTLP collector: the endpoint, headers and sampling ratio in both functions\' environment; bad values fail synth', () => {
  const { template } = synth({ tracing: { otlpEndpoint: 'https://otlp.example.com/', headers: { 'x-api-key': 'k=1' }, sampleRatio: 0.25 } });
  for (const env of envOf(template)) {
    expect(env).toMatchObject({ STRATUS_TRACING: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com', OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=k%3D1', STRATUS_TRACE_SAMPLE_RATIO: '0.25' });
  }
  for (const fn of functions(template)) expect(fn.Properties.TracingConfig).toBeUndefined();
  expect(() => synth({ tracing: { otlpEndpoint: 'otlp.example.com' } })).toThrow(/otlpEndpoint must be the collector's http\(s\) URL/);
  expect(() => synth({ tracing: { otlpEndpoint: 'https://o.example.com', sampleRatio: 2 } })).toThrow(/sampleRatio must be from 0 to 1/);
});

test('firewall: a CloudFront web ACL with a per-IP rate limit and AWS managed rule groups, on the distribution', () => {
  const { template } = synth({ firewall: true });
  template.resourceCountIs('AWS::WAFv2::WebACL', 1);
  const acl = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0] as Fn;
  expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  const rules = acl.Properties.Rules as any[];
  expect(rules[0]).toMatchObject({ Name: 'RateLimitPerIp', Action: { Block: {} }, Statement: { RateBasedStatement: { Limit: 2000, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } } });
  expect(rules.slice(1).map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
  // Bodies up to the signer's 1 MB stay allowed: the common set's 8 KB body rule only counts.
  expect(rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  const aclId = Object.keys(template.findResources('AWS::WAFv2::WebACL'))[0]!;
  template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [aclId, 'Arn'] } }) });
  expect(JSON.stringify(template.findResources('AWS::CloudWatch::Dashboard'))).toContain('BlockedRequests');
});

test('firewall options: another limit, counting only, chosen groups; a bad limit fails synth', () => {
  const { template } = synth({ firewall: { rateLimit: 500, countOnly: true, managedRuleGroups: ['AWSManagedRulesCommonRuleSet'] } });
  const rules = (Object.values(template.findResources('AWS::WAFv2::WebACL'))[0] as Fn).Properties.Rules as any[];
  expect(rules.map((r) => [r.Name, r.Action ?? r.OverrideAction])).toEqual([['RateLimitPerIp', { Count: {} }], ['AWSManagedRulesCommonRuleSet', { Count: {} }]]);
  expect(rules[0].Statement.RateBasedStatement.Limit).toBe(500);
  expect(() => synth({ firewall: { rateLimit: 5 } })).toThrow(/rateLimit must be a whole number from 10/);
});

test('a domain in a Route 53 zone: a DNS-validated certificate, alias records for each name, TLS 1.2 at the edge', () => {
  const { template } = synth({ domain: { name: 'www.example.com', alternateNames: ['example.com'], hostedZone: { hostedZoneId: 'Z0123456789ABC', zoneName: 'example.com' } } });
  template.hasResourceProperties('AWS::CertificateManager::Certificate', {
    DomainName: 'www.example.com', SubjectAlternativeNames: ['example.com'], ValidationMethod: 'DNS',
    DomainValidationOptions: Match.arrayWith([Match.objectLike({ DomainName: 'www.example.com', HostedZoneId: 'Z0123456789ABC' })]),
  });
  const records = Object.values(template.findResources('AWS::Route53::RecordSet')).map((r) => [(r as Fn).Properties.Name, (r as Fn).Properties.Type, (r as Fn).Properties.HostedZoneId]);
  expect(records).toEqual(expect.arrayContaining([['www.example.com.', 'A', 'Z0123456789ABC'], ['www.example.com.', 'AAAA', 'Z0123456789ABC'], ['example.com.', 'A', 'Z0123456789ABC'], ['example.com.', 'AAAA', 'Z0123456789ABC']]));
  template.hasResourceProperties('AWS::CloudFront::Distribution', {
    DistributionConfig: Match.objectLike({ Aliases: ['www.example.com', 'example.com'], ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }) }),
  });
});

test('a domain with an existing certificate: no certificate made; with a zone, the records still are', () => {
  const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
  const withZone = synth({ domain: { name: 'shop.example.com', certificateArn: arn, hostedZone: { hostedZoneId: 'Z1', zoneName: 'example.com' } } }).template;
  withZone.resourceCountIs('AWS::CertificateManager::Certificate', 0);
  withZone.resourceCountIs('AWS::Route53::RecordSet', 2);
  withZone.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ ViewerCertificate: Match.objectLike({ AcmCertificateArn: arn }) }) });
  expect(() => synth({ domain: { name: 'shop.example.com' } })).toThrow(/needs a certificate: name its Route 53 zone/);
  expect(() => synth({ domain: { name: 'a.example.com', certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' } })).toThrow(/us-east-1/);
  expect(() => synth({ domainName: 'a.example.com', certificateArn: arn, domain: { name: 'a.example.com', certificateArn: arn } })).toThrow(/not both/);
});

test('outside us-east-1: the web ACL and the certificate go to the us-east-1 stack, the site reads their ARNs', () => {
  const { app, template } = synth({ firewall: true, domain: { name: 'www.example.com', hostedZone: { hostedZoneId: 'Z0123456789ABC', zoneName: 'example.com' } } }, 'eu-west-1');
  template.resourceCountIs('AWS::WAFv2::WebACL', 0);
  template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
  const edge = Template.fromStack(app.node.findChild('ShopEdge') as Stack);
  edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
  edge.resourceCountIs('AWS::CertificateManager::Certificate', 1);
  // The records are global: in the site's stack.
  template.resourceCountIs('AWS::Route53::RecordSet', 2);
  const config = (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Fn).Properties.DistributionConfig;
  expect(config.WebACLId).toBeDefined();
  expect(JSON.stringify(config.WebACLId)).not.toMatch(/^"arn/);
});

describe('runtime and architecture', () => {
  test('Node.js 24 on x86_64 for both functions', () => {
    const { template } = synth({ runtime: 'nodejs24.x', architecture: 'x86_64' });
    for (const fn of functions(template)) expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['x86_64'] });
  });

  test("a build whose image function ships sharp for another architecture fails synth, saying how to build", () => {
    const build = mkdtempSync(path.join(os.tmpdir(), 'stratus-arch-'));
    try {
      cpSync(FIXTURE_BUILD, build, { recursive: true });
      mkdirSync(path.join(build, 'lambdas', 'image', 'node_modules', '@img', 'sharp-linux-arm64'), { recursive: true });
      expect(() => synth({ architecture: 'x86_64' }, 'us-east-1', build)).toThrow(/ships sharp for linux-arm64: build with `stratus build --arch x64`/);
      expect(() => synth({ architecture: 'arm64' }, 'us-east-1', build)).not.toThrow();
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
});

describe('cdk-nag stays clean', () => {
  const violations = (app: App) => new AwsSolutionsChecks().validateScope(app).violations.map((v) => `${v.ruleName} @ ${v.violatingResources.map((r) => r.resourceLogicalId).join(',')}`);

  test.each(['us-east-1', 'eu-west-1'])('the app stack with API routes (the streaming function, the signer), firewall, a made certificate, X-Ray and Node.js 24 on x86_64, in %s', (region) => {
    const buildDir = fixtureBuildWith();
    try {
      const { app, stack } = synthFixture({ buildDir, region, firewall: 'true', tracing: 'xray', domainName: 'www.example.com', hostedZoneId: 'Z0123456789ABC', hostedZoneName: 'example.com', runtime: 'nodejs24.x', architecture: 'x86_64' });
      expect(violations(app)).toEqual([]);
      // The streaming function runs as the render function does.
      const fns = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function') as Record<string, Fn>).filter((f) => /^Stratus (render|API routes|image)/.test(f.Properties.Description ?? ''));
      expect(fns).toHaveLength(3);
      for (const fn of fns) expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['x86_64'], TracingConfig: { Mode: 'Active' } });
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
  });

  test('the app stack tracing to a collector', () => {
    const { app, stack } = synthFixture({ tracing: 'https://otlp.example.com', otlpHeaders: 'x-api-key=abc' });
    expect(violations(app)).toEqual([]);
    expect(stack.nagAcknowledgements.map((a) => a.id)).toContain('AwsSolutions-CFR2');
  });
});
