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
import { OUTPUTS } from '../../infra/outputs';
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
    expect(patterns.indexOf('/api/*')).toBeLessThan(patterns.indexOf('/favicon.ico'));
    const render = behaviourOf(template, '*').TargetOriginId;
    const stream = behaviourOf(template, '/api').TargetOriginId;
    // The API routes' own origin: the streaming Function URL (below).
    expect(stream).not.toBe(render);
    for (const pattern of ['/api', '/api/*']) {
      const b = behaviourOf(template, pattern);
      expect(b.TargetOriginId).toBe(stream);
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
    for (const pattern of ['/_app/static/*', '/_app/data/*', '/_app/image', '/favicon.ico', '/photos/*']) {
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

describe('streaming: API routes behind a RESPONSE_STREAM Function URL, pages behind the buffered one', () => {
  const functions = (t: Template) => resourcesOf(t, 'AWS::Lambda::Function');
  const functionId = (t: Template, description: RegExp) => Object.entries(functions(t)).find(([, r]) => description.test(r.Properties.Description ?? ''))?.[0];
  const urls = (t: Template) => Object.values(resourcesOf(t, 'AWS::Lambda::Url')).map((r) => r.Properties);
  const urlOf = (t: Template, fn: string) => urls(t).find((u) => u.TargetFunctionArn['Fn::GetAtt'][0] === fn)!;
  const originOf = (t: Template, pattern: string) => distributionOf(t).Origins.find((o: any) => o.Id === behaviourOf(t, pattern).TargetOriginId);
  /** The Function URL an origin's domain name is derived from. */
  const urlIdOf = (o: any): string => o.DomainName['Fn::Select'][1]['Fn::Split'][1]['Fn::GetAtt'][0];

  test('the API behaviours reach the streaming function’s URL (RESPONSE_STREAM, AWS_IAM, live alias), signed by OAC; pages the buffered one', () => {
    const stream = functionId(template, /Stratus API routes/)!;
    const render = functionId(template, /Stratus render/)!;
    expect(urlOf(template, stream)).toMatchObject({ AuthType: 'AWS_IAM', InvokeMode: 'RESPONSE_STREAM', Qualifier: 'live' });
    expect(urlOf(template, render).InvokeMode ?? 'BUFFERED').toBe('BUFFERED');
    for (const pattern of ['/api', '/api/*']) {
      const origin = originOf(template, pattern);
      expect(resourcesOf(template, 'AWS::Lambda::Url')[urlIdOf(origin)]!.Properties.TargetFunctionArn['Fn::GetAtt'][0]).toBe(stream);
      // Private as the render function's: origin access control signs every request.
      expect(origin.OriginAccessControlId).toEqual(originOf(template, '*').OriginAccessControlId);
    }
    const page = originOf(template, '*');
    expect(resourcesOf(template, 'AWS::Lambda::Url')[urlIdOf(page)]!.Properties.TargetFunctionArn['Fn::GetAtt'][0]).toBe(render);
    // Only this distribution may invoke the streaming alias, through its URL.
    const permissions = Object.values(resourcesOf(template, 'AWS::Lambda::Permission')).map((p) => p.Properties);
    const onStream = permissions.filter((p) => JSON.stringify(p.FunctionName).includes(stream) || JSON.stringify(p.FunctionName).includes('Stream'));
    expect(onStream.map((p) => p.Action).sort()).toEqual(expect.arrayContaining(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']));
    for (const p of onStream) expect(p.Principal).toBe('cloudfront.amazonaws.com');
  });

  test('the same code and role as the render function, its streaming handler, the same environment and regeneration settings', () => {
    const all = functions(template);
    const stream = all[functionId(template, /Stratus API routes/)!]!.Properties;
    const render = all[functionId(template, /Stratus render/)!]!.Properties;
    expect(stream.Handler).toBe('index.streamHandler');
    expect(render.Handler).toBe('index.handler');
    expect(stream.Code).toEqual(render.Code);
    expect(stream.Role).toEqual(render.Role);
    expect(stream.Runtime).toBe(render.Runtime);
    expect(stream.MemorySize).toBe(render.MemorySize);
    for (const name of ['STRATUS_BUCKET', 'STRATUS_STORE_PREFIX', 'STRATUS_LEASE_TABLE', 'STRATUS_DRAFT_SECRET_ARN', 'STRATUS_DISTRIBUTION_PARAMETER', 'STRATUS_API_TIMEOUT_MS']) {
      expect(stream.Environment.Variables[name]).toEqual(render.Environment.Variables[name]);
    }
  });

  test('apiTimeoutSeconds gives API routes (and their streams) a timeout of their own; pages keep theirs', () => {
    const long = synthFixture({ buildDir: buildWith(), apiTimeoutSeconds: '120' }).template;
    const all = functions(long);
    const stream = all[functionId(long, /Stratus API routes/)!]!.Properties;
    expect(stream.Timeout).toBe(120);
    expect(stream.Environment.Variables.STRATUS_API_TIMEOUT_MS).toBe('119000');
    expect(all[functionId(long, /Stratus render/)!]!.Properties.Timeout).toBe(10);
  });

  test('the stack outputs name the streaming function and its logs', () => {
    const stack = fixtureApp({ buildDir: buildWith() }).stack;
    const outputs = Template.fromStack(stack);
    outputs.hasOutput(OUTPUTS.streamFunction, { Value: { Ref: functionId(outputs, /Stratus API routes/) } });
    outputs.hasOutput(OUTPUTS.streamLogGroup, {});
  });

  test('a site without API routes has no streaming function and no streaming URL', () => {
    expect(functionId(plain, /Stratus API routes/)).toBeUndefined();
    expect(urls(plain).some((u) => u.InvokeMode === 'RESPONSE_STREAM')).toBe(false);
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
  test('API 5xx: counted from the log lines of /api routes (the streaming function’s), alarmed at the first one', () => {
    const filter = Object.values(resourcesOf(template, 'AWS::Logs::MetricFilter')).find((f) => f.Properties.FilterPattern === API_5XX_PATTERN.logPatternString)!;
    expect(filter.Properties.MetricTransformations).toEqual([{ MetricName: 'Api5xx', MetricNamespace: 'Stratus', MetricValue: '1', DefaultValue: 0 }]);
    const streamLogs = Object.entries(resourcesOf(template, 'AWS::Logs::LogGroup')).find(([id]) => /Stream/.test(id))![0];
    expect(filter.Properties.LogGroupName).toEqual({ Ref: streamLogs });
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
