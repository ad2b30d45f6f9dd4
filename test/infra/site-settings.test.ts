import { App } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { readBuildOutput } from '../../infra/build-output';
import { readSiteSettings } from '../../infra/site-settings';
import { FIXTURE_BUILD } from './stack-fixture';

const settings = (context: Record<string, unknown>) => readSiteSettings(new App({ context }).node);

describe('site settings from context', () => {
  test('defaults', () => {
    expect(settings({})).toMatchObject({
      buildDir: 'web/site/.stratus',
      stackName: 'Stratus',
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      logRetentionDays: 30,
      assetRetentionDays: 30,
      renderMemoryMB: 1024,
      imageMemoryMB: 1536,
      additionalMetrics: true,
    });
  });

  test('operations: tracing, firewall, metrics, runtime, architecture, a domain in a zone', () => {
    expect(settings({})).toMatchObject({ tracing: 'off', firewall: false, metrics: true, runtime: 'nodejs22.x', architecture: 'arm64' });
    expect(settings({ tracing: 'xray', firewall: 'true', metrics: 'false', runtime: 'nodejs24.x', architecture: 'x86_64' })).toMatchObject({
      tracing: 'xray', firewall: true, metrics: false, runtime: 'nodejs24.x', architecture: 'x86_64',
    });
    expect(settings({ tracing: 'https://otlp.example.com', otlpHeaders: 'x-api-key=abc, x-team=web', traceSampleRatio: '0.1', firewall: true, firewallRateLimit: '300' })).toMatchObject({
      tracing: { otlpEndpoint: 'https://otlp.example.com', headers: { 'x-api-key': 'abc', 'x-team': 'web' }, sampleRatio: 0.1 },
      firewall: { rateLimit: 300 },
    });
    expect(settings({ domainName: 'www.example.com', hostedZoneId: 'Z1', hostedZoneName: 'example.com' })).toMatchObject({ domainName: 'www.example.com', hostedZoneId: 'Z1', hostedZoneName: 'example.com', certificateArn: undefined });
  });

  test('-c values arrive as strings; empty strings mean unset', () => {
    expect(settings({ renderMemoryMB: '2048', additionalMetrics: 'false', domainName: '', alarmEmail: 'a@b.c' })).toMatchObject({
      renderMemoryMB: 2048,
      additionalMetrics: false,
      domainName: undefined,
      alarmEmail: 'a@b.c',
    });
  });

  test.each([
    [{ priceClass: 'Cheap' }, /priceClass/],
    [{ renderMemoryMB: '64' }, /renderMemoryMB.*128 to 10240/],
    [{ logRetentionDays: 'x' }, /logRetentionDays/],
    [{ domainName: 'www.example.com' }, /together/],
    [{ domainName: 'www.example.com', hostedZoneId: 'Z1' }, /hostedZoneId" and "hostedZoneName" together/],
    [{ hostedZoneId: 'Z1', hostedZoneName: 'example.com' }, /set the domain too/],
    [{ tracing: 'jaeger' }, /"tracing" must be off, xray, or an OTLP\/HTTP collector's URL/],
    [{ tracing: 'https://o.example.com', otlpHeaders: 'novalue' }, /name=value pairs/],
    [{ tracing: 'https://o.example.com', traceSampleRatio: '1.5' }, /traceSampleRatio/],
    [{ runtime: 'nodejs20.x' }, /"runtime" must be one of nodejs22.x, nodejs24.x/],
    [{ architecture: 'arm' }, /"architecture" must be one of arm64, x86_64/],
    [{ domainName: 'a.example.com', certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' }, /us-east-1/],
  ])('rejects %j', (context, message) => {
    expect(() => settings(context)).toThrow(message);
  });
});

describe('build output', () => {
  test('reads the fixture build', () => {
    const build = readBuildOutput(FIXTURE_BUILD);
    expect(build.manifest.buildId).toBe('fixture-build');
    expect(build.renderLambdaDir).toMatch(/lambdas\/render$/);
  });

  test('a missing build says to run npm run build', () => {
    expect(() => readBuildOutput('/nonexistent/.stratus')).toThrow(/Run `npm run build`/);
  });
});
