import { Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { rmSync } from 'node:fs';
import { fixtureApp, fixtureBuildWith, synthFixture } from './stack-fixture';

const violationsOf = (app: ReturnType<typeof synthFixture>['app']) =>
  new AwsSolutionsChecks().validateScope(app).violations.map((v) => `${v.ruleName} @ ${v.violatingResources.map((r) => r.resourceLogicalId).join(',')}`);

describe('cdk-nag AwsSolutions', () => {
  test('no unacknowledged finding (default certificate)', () => {
    const { app } = synthFixture();
    expect(violationsOf(app)).toEqual([]);
  });

  test('no unacknowledged finding with a custom domain, where TLSv1.2_2021 satisfies CFR4 unaided', () => {
    const { app, stack } = synthFixture({
      domainName: 'www.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      alarmEmail: 'ops@example.com',
    });
    expect(violationsOf(app)).toEqual([]);
    expect(stack.nagAcknowledgements.map((a) => a.id)).not.toContain('AwsSolutions-CFR4');
  });

  test.each(['us-east-1', 'eu-west-1'])('no unacknowledged finding for a site taking bodies (body signer, store), stack in %s', (region) => {
    const buildDir = fixtureBuildWith();
    try {
      const { app, stack } = synthFixture({ buildDir, region });
      expect(violationsOf(app)).toEqual([]);
      expect(stack.nagAcknowledgements.map((a) => a.id)).toEqual(expect.arrayContaining(['AwsSolutions-L1', expect.stringMatching(/_data\/submissions/)]));
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
  });

  test('every acknowledgement carries a written reason', () => {
    const { stack } = synthFixture();
    expect(stack.nagAcknowledgements.length).toBeGreaterThan(5);
    for (const ack of stack.nagAcknowledgements) expect(ack.reason.length).toBeGreaterThan(40);
  });

  test('synth with the plugin registered (as infra/app.ts does) passes', () => {
    const { app } = fixtureApp();
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });

  test('the checks really run: a new unacknowledged finding is reported and fails synth', () => {
    const { app, stack } = fixtureApp();
    new s3.Bucket(stack, 'Unchecked');
    expect(violationsOf(app).join('\n')).toMatch(/AwsSolutions-S10/);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });
});
