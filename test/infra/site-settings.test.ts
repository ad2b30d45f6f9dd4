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
