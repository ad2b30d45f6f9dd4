/**
 * The stack for a site that takes request bodies (an API route and a getServerSideProps
 * page): the API behaviours, the body signer (Lambda@Edge) where the table puts it, where the
 * signer lives for each region, the store the render function may write, and the API alarm.
 * The plain fixture (no such routes) must keep none of it.
 */
import { rmSync } from 'node:fs';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readBuildOutput } from '../../infra/build-output';
import { bodySignerCode } from '../../infra/edge/body-signer';
import { apiTimeoutMs, StratusSite } from '../../infra/constructs/stratus-site';
import { API_5XX_PATTERN } from '../../infra/constructs/site-monitoring';
import { PAGE_ORIGIN_HEADERS } from '../../infra/constructs/site-policies';
import { readSiteSettings } from '../../infra/site-settings';
import { fixtureApp, fixtureBuildWith, onlyResource, resourcesOf, synthFixture } from './stack-fixture';

/** CloudFront's managed policies: https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/using-managed-cache-policies.html */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const dirs: string[] = [];
const buildWith = (routes?: Parameters<typeof fixtureBuildWith>[0], config?: Parameters<typeof fixtureBuildWith>[1]) => {
  const dir = fixtureBuildWith(routes, config);
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let template: Template;
let plain: Template;
beforeAll(() => {
  template = synthFixture({ buildDir: buildWith() }).template;
  plain = synthFixture().template;
});

const distributionOf = (t: Template) => onlyResource(t, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
const behaviourOf = (t: Template, pattern: string) =>
  pattern === '*' ? distributionOf(t).DefaultCacheBehavior : distributionOf(t).CacheBehaviors.find((b: any) => b.PathPattern === pattern);
const signerFunction = (t: Template) =>
  Object.entries(resourcesOf(t, 'AWS::Lambda::Function')).filter(([, r]) => /body signer/.test(r.Properties.Description ?? ''));

describe('behaviours', () => {
  test('/api and /api/*: every method, never cached, every viewer header but Host, the signer with the body', () => {
    const patterns = distributionOf(template).CacheBehaviors.map((b: any) => b.PathPattern);
    // Ahead of the public files, so /api/export.png is never a bucket file.
    expect(patterns.indexOf('/api/*')).toBeLessThan(patterns.indexOf('/*.ico'));
    const render = behaviourOf(template, '*').TargetOriginId;
    for (const pattern of ['/api', '/api/*']) {
      const b = behaviourOf(template, pattern);
      expect(b.TargetOriginId).toBe(render);
      expect(b.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
      expect(b.CachePolicyId).toBe(CACHING_DISABLED);
      expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(b.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
      expect(b.LambdaFunctionAssociations).toEqual([
        { EventType: 'origin-request', IncludeBody: true, LambdaFunctionARN: { Ref: expect.stringMatching(/CurrentVersion/) } },
      ]);
    }
  });

  test('pages take bodies through the signer when a getServerSideProps page exists; the page policy forwards the form type', () => {
    const pages = behaviourOf(template, '*');
    expect(pages.LambdaFunctionAssociations).toEqual([expect.objectContaining({ EventType: 'origin-request', IncludeBody: true })]);
    const policy = resourcesOf(template, 'AWS::CloudFront::OriginRequestPolicy')[pages.OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig;
    expect(policy.HeadersConfig.Headers).toEqual(PAGE_ORIGIN_HEADERS);
    expect(PAGE_ORIGIN_HEADERS).toEqual(expect.arrayContaining(['content-type', 'origin']));
    expect(PAGE_ORIGIN_HEADERS.length).toBeLessThanOrEqual(10); // CloudFront's per-policy quota
    expect(policy.HeadersConfig.Headers).not.toContain('host');
  });

  test('the signer stays off every GET-only behaviour', () => {
    for (const pattern of ['/_app/static/*', '/_app/data/*', '/_app/image', '/*.ico', '/photos/*']) {
      expect({ pattern, associations: behaviourOf(template, pattern).LambdaFunctionAssociations }).toEqual({ pattern, associations: undefined });
    }
  });

  test('an API-only site signs /api alone: page GETs never pay for Lambda@Edge', () => {
    const apiOnly = synthFixture({ buildDir: buildWith([{ pattern: '/api/hello', kind: 'api' }]) }).template;
    expect(behaviourOf(apiOnly, '/api/*').LambdaFunctionAssociations).toHaveLength(1);
    expect(behaviourOf(apiOnly, '*').LambdaFunctionAssociations).toBeUndefined();
  });

  test('pageBodies: false: page requests pass no signer (the viewer-request function answers other methods 405), /api keeps it', () => {
    const getOnlyPages = synthFixture({ buildDir: buildWith(undefined, { pageBodies: false }) }).template;
    const pages = behaviourOf(getOnlyPages, '*');
    expect(pages.LambdaFunctionAssociations).toBeUndefined();
    expect(behaviourOf(getOnlyPages, '/api/*').LambdaFunctionAssociations).toHaveLength(1);
    expect(onlyResource(getOnlyPages, 'AWS::CloudFront::Function').Properties.FunctionCode).toContain('"api":true,"pageBodies":false');
  });

  test('a site that takes no body has no API behaviour, no signer and no Lambda@Edge function', () => {
    const patterns = distributionOf(plain).CacheBehaviors.map((b: any) => b.PathPattern);
    expect(patterns).not.toContain('/api/*');
    expect(behaviourOf(plain, '*').LambdaFunctionAssociations).toBeUndefined();
    expect(signerFunction(plain)).toEqual([]);
  });

  test('the viewer-request function knows which paths take bodies', () => {
    expect(onlyResource(template, 'AWS::CloudFront::Function').Properties.FunctionCode).toContain('"api":true,"pageBodies":true');
    expect(onlyResource(plain, 'AWS::CloudFront::Function').Properties.FunctionCode).toContain('"api":false,"pageBodies":false');
  });
});

describe('the body signer (Lambda@Edge)', () => {
  test('in a us-east-1 stack: Node.js 22 on x86_64, 256 MB, 5 s, no environment, the source inline', () => {
    const [[, fn]] = signerFunction(template) as [[string, any]];
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['x86_64'], MemorySize: 256, Timeout: 5, Handler: 'index.handler' });
    expect(fn.Properties.Environment).toBeUndefined();
    expect(fn.Properties.Code.ZipFile).toBe(bodySignerCode());
    // Replicas outlive the association by hours; kept, a stack update never fails on them.
    expect(fn.DeletionPolicy).toBe('Retain');
  });

  test('CloudFront runs a numbered version, kept like the function', () => {
    const [[fnId]] = signerFunction(template) as [[string, unknown]];
    const versions = Object.entries(resourcesOf(template, 'AWS::Lambda::Version')).filter(([, v]) => v.Properties.FunctionName.Ref === fnId);
    expect(versions).toHaveLength(1);
    expect((versions[0]![1] as any).DeletionPolicy).toBe('Retain');
    expect(behaviourOf(template, '/api/*').LambdaFunctionAssociations[0].LambdaFunctionARN).toEqual({ Ref: versions[0]![0] });
  });

  test('its own role: assumed by Lambda and Lambda@Edge, no managed policy, logs only to its own groups', () => {
    const [[fnId, fn]] = signerFunction(template) as [[string, any]];
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const role = resourcesOf(template, 'AWS::IAM::Role')[roleId]!.Properties;
    expect(role.ManagedPolicyArns).toBeUndefined();
    const principals = role.AssumeRolePolicyDocument.Statement.flatMap((s: any) => [s.Principal.Service].flat()).sort();
    expect(principals).toEqual(['edgelambda.amazonaws.com', 'lambda.amazonaws.com']);
    const statements = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as any[]);
    expect(statements).toHaveLength(1);
    expect(statements[0].Action).toEqual(['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents']);
    for (const resource of statements[0].Resource) {
      const text = JSON.stringify(resource);
      expect(text).toContain(':log-group:/aws/lambda/us-east-1.');
      expect(text).toContain(JSON.stringify({ Ref: fnId }));
    }
  });

  test('from another region it lives in a us-east-1 support stack of the same app, synthesized offline', () => {
    const { app, stack } = fixtureApp({ buildDir: buildWith(), region: 'eu-west-1' });
    const assembly = app.synth();
    const edge = assembly.stacks.find((s) => s.stackName === 'StratusEdge')!;
    expect(edge.environment.region).toBe('us-east-1');
    expect(assembly.getStackByName('Stratus').environment.region).toBe('eu-west-1');
    expect(assembly.getStackByName('Stratus').dependencies.map((d) => d.id)).toContain(edge.id);
    const edgeTemplate = Template.fromJSON(edge.template);
    expect(signerFunction(edgeTemplate)).toHaveLength(1);
    expect(signerFunction(Template.fromStack(stack))).toEqual([]);
    // The version's ARN crosses regions through a parameter CDK reads at deploy time.
    Template.fromStack(stack).resourceCountIs('Custom::CrossRegionStringParameterReader', 1);
  });

  test('a stack without a region cannot place it, and says so', () => {
    const app = new App();
    const stack = new Stack(app, 'Agnostic');
    const build = readBuildOutput(buildWith());
    expect(() => new StratusSite(stack, 'Site', { build })).toThrow(/give the stack a region \(cdk\.json context "region"\)/);
  });
});

describe('region', () => {
  test('cdk.json "region", else what cdk deploy targets (CDK_DEFAULT_REGION), else us-east-1', () => {
    const read = (context: Record<string, unknown>) => readSiteSettings(new App({ context }).node).region;
    const saved = process.env.CDK_DEFAULT_REGION;
    try {
      delete process.env.CDK_DEFAULT_REGION;
      expect(read({})).toBe('us-east-1');
      expect(read({ region: '' })).toBe('us-east-1');
      process.env.CDK_DEFAULT_REGION = 'ap-southeast-2';
      expect(read({})).toBe('ap-southeast-2');
      expect(read({ region: 'eu-west-1' })).toBe('eu-west-1');
      expect(() => read({ region: 'Europe' })).toThrow(/must be an AWS region such as us-east-1/);
    } finally {
      if (saved === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = saved;
    }
  });
});

describe('the store and the render function', () => {
  const renderProps = (t: Template) =>
    Object.values(resourcesOf(t, 'AWS::Lambda::Function')).find((r) => /Stratus render/.test(r.Properties.Description ?? ''))!.Properties;

  test('environment: the bucket, the store prefix, and a handler deadline a little under the timeout', () => {
    expect(renderProps(template).Environment.Variables).toMatchObject({
      STRATUS_BUCKET: { Ref: expect.any(String) },
      STRATUS_STORE_PREFIX: '_data/submissions/',
      STRATUS_API_TIMEOUT_MS: '9000',
    });
    expect(apiTimeoutMs(Duration.seconds(10))).toBe(9000);
    expect(apiTimeoutMs(Duration.seconds(3))).toBe(2400);
    expect(apiTimeoutMs(Duration.seconds(1))).toBe(800);
    const slow = synthFixture({ buildDir: buildWith(), renderTimeoutSeconds: '30' }).template;
    expect(renderProps(slow).Environment.Variables.STRATUS_API_TIMEOUT_MS).toBe('29000');
  });

  test('CloudFront never serves the site data, whatever behaviour a path falls in', () => {
    const statements = onlyResource(template, 'AWS::S3::BucketPolicy').Properties.PolicyDocument.Statement as any[];
    const deny = statements.find((s) => s.Sid === 'NoEdgeReadsOfSiteData');
    expect(deny).toMatchObject({ Effect: 'Deny', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' });
    expect(JSON.stringify(deny.Resource)).toContain('/_data/*');
  });

  test('no deploy prunes it: the root upload skips _data/ as it skips _archive/', () => {
    const root = Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment')).find(
      (d) => d.Properties.DestinationBucketKeyPrefix === undefined && !d.Properties.DistributionPaths,
    )!;
    expect(root.Properties.Prune).toBe(true);
    expect(root.Properties.Exclude).toEqual(expect.arrayContaining(['_archive/*', '_data/*']));
  });
});

describe('operations', () => {
  test('API 5xx: counted from the render log lines of /api routes, alarmed at the first one', () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: API_5XX_PATTERN.logPatternString,
      MetricTransformations: [{ MetricName: 'Api5xx', MetricNamespace: 'Stratus', MetricValue: '1', DefaultValue: 0 }],
    });
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const api = alarms.filter((a) => a.MetricName === 'Api5xx');
    expect(api).toHaveLength(1);
    expect(api[0]).toMatchObject({ Namespace: 'Stratus', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    expect(JSON.stringify(onlyResource(template, 'AWS::CloudWatch::Dashboard').Properties.DashboardBody)).toContain('Api5xx');
    expect(Object.values(resourcesOf(plain, 'AWS::CloudWatch::Alarm')).some((a) => a.Properties.MetricName === 'Api5xx')).toBe(false);
  });

  test('the filter matches API lines of 5xx only, by route or by path', () => {
    expect(API_5XX_PATTERN.logPatternString).toBe(
      '{ (($.route = "/api") || ($.route = "/api/*") || ($.path = "/api") || ($.path = "/api/*")) && ($.status >= 500) }',
    );
  });
});
