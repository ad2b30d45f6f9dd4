/**
 * The regeneration resources of a site's stack: the render function told where the page
 * store, leases, draft secret and distribution id are; least-privilege grants; the
 * invalidation grant on this distribution alone without a dependency cycle; the failed
 * regenerations metric and alarm.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { readBuildOutput, StratusSite } from '../../../infra/cdk';
import { FAILED_REGENERATIONS_METRIC, PAGES_PREFIX } from '../../../infra/constructs/site-regeneration';
import { FIXTURE_BUILD } from '../stack-fixture';

function synth() {
  const app = new App();
  const stack = new Stack(app, 'Shop', { env: { region: 'us-east-1' } });
  const site = new StratusSite(stack, 'Site', { build: readBuildOutput(FIXTURE_BUILD) });
  // Template.fromStack synthesizes: a dependency cycle would throw here.
  return { site, stack, template: Template.fromStack(stack) };
}

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
const statementsOf = (template: Template, stack: Stack, site: StratusSite) => {
  const role = stack.resolve(site.render.role.roleName) as { Ref: string };
  return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } } }>)
    .filter((p) => p.Properties.Roles.some((r) => r.Ref === role.Ref))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
};
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

test('the render function is told where the store, leases, draft secret and distribution id are', () => {
  const { site, stack, template } = synth();
  const render = template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('Stratus render') } });
  const variables = (Object.values(render)[0] as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment.Variables;
  expect(variables).toMatchObject({
    STRATUS_PAGES_PREFIX: PAGES_PREFIX,
    STRATUS_LEASE_TABLE: stack.resolve(site.regeneration.leases.tableName),
    STRATUS_LEASE_MS: '30000',
    STRATUS_DRAFT_SECRET_ARN: stack.resolve(site.regeneration.draftSecret.secretArn),
    STRATUS_DISTRIBUTION_PARAMETER: expect.stringMatching(/^\/stratus\/[\w-]+\/distribution-id$/),
  });
  // The parameter's name is a plain string (no reference to the distribution), its value the distribution's id.
  template.hasResourceProperties('AWS::SSM::Parameter', {
    Name: variables.STRATUS_DISTRIBUTION_PARAMETER,
    Value: stack.resolve(site.cdn.distribution.distributionId),
  });
  template.hasResourceProperties('AWS::DynamoDB::Table', {
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
    TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
  });
  template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
});

test('grants: exact actions on the page prefix, the lease table, the secret, the parameter, and CreateInvalidation on this distribution alone', () => {
  const { site, stack, template } = synth();
  const statements = statementsOf(template, stack, site);
  const find = (action: string) => statements.filter((s) => actionsOf(s).includes(action));

  const pages = find('s3:PutObject').find((s) => JSON.stringify(s.Resource).includes(PAGES_PREFIX));
  expect(pages && actionsOf(pages).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
  expect(find('s3:GetObject').map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringContaining(`/${PAGES_PREFIX}*`), expect.stringContaining('/_data/prerendered/*')]);
  expect(find('s3:DeleteObject').map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringMatching(/_app\/pages\/\*.*_app\/data\/\*/)]);

  const lease = find('dynamodb:PutItem');
  expect(lease.map(actionsOf)).toEqual([['dynamodb:PutItem', 'dynamodb:DeleteItem']]);
  expect(lease[0]!.Resource).toEqual(stack.resolve(site.regeneration.leases.tableArn));

  expect(find('secretsmanager:GetSecretValue').map((s) => s.Resource)).toContainEqual(stack.resolve(site.regeneration.draftSecret.secretArn));
  expect(find('ssm:GetParameter').map((s) => s.Resource)).toEqual([stack.resolve(site.regeneration.distributionParameter.parameterArn)]);

  const invalidate = find('cloudfront:CreateInvalidation');
  expect(invalidate).toHaveLength(1);
  expect(JSON.stringify(invalidate[0]!.Resource)).toContain(JSON.stringify(stack.resolve(site.cdn.distribution.distributionId)).slice(1, -1));
  expect(JSON.stringify(invalidate[0]!.Resource)).not.toContain('*');
  // Nothing broader anywhere in the role.
  expect(statements.flatMap(actionsOf).filter((a) => a.includes('*'))).toEqual([]);
});

test('failed regenerations: the metric the render logs carry (EMF), and an alarm on the site topic', () => {
  const { site, stack, template } = synth();
  template.resourcePropertiesCountIs('AWS::Logs::MetricFilter', { MetricTransformations: [Match.objectLike({ MetricName: FAILED_REGENERATIONS_METRIC })] }, 0);
  template.hasResourceProperties('AWS::CloudWatch::Alarm', {
    Namespace: `${site.metricsNamespace}/Render`,
    MetricName: 'failedRegenerations',
    Statistic: 'Sum',
    Threshold: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    AlarmActions: [stack.resolve(site.monitoring.topic.topicArn)],
  });
});

test('with metrics off, a metric filter counts the "regeneration failed" lines instead', () => {
  const app = new App();
  const stack = new Stack(app, 'Shop', { env: { region: 'eu-west-1' } });
  const site = new StratusSite(stack, 'Site', { build: readBuildOutput(FIXTURE_BUILD), metrics: false });
  const template = Template.fromStack(stack);
  template.hasResourceProperties('AWS::Logs::MetricFilter', {
    FilterPattern: '{ $.context = "regeneration failed" }',
    LogGroupName: stack.resolve(site.render.logGroup.logGroupName),
    MetricTransformations: [Match.objectLike({ MetricName: FAILED_REGENERATIONS_METRIC, MetricValue: '1' })],
  });
  template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: FAILED_REGENERATIONS_METRIC, Threshold: 1 });
});
