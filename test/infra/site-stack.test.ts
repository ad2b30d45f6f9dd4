import { Match, type Template } from 'aws-cdk-lib/assertions';
import { bodyRoutesOf, edgeBehaviours } from '../../contract/edge-behaviours';
import { MAX_FUNCTION_BYTES } from '../../infra/edge/viewer-request';
import { LOCALE_COOKIE, PAGE_ORIGIN_HEADERS } from '../../infra/constructs/site-policies';
import { DRAFT_COOKIE } from '../../contract/urls';
import { OUTPUTS } from '../../infra/outputs';
import { onlyResource, resourcesOf, synthFixture } from './stack-fixture';

let template: Template;
let manifest: ReturnType<typeof synthFixture>['build']['manifest'];
beforeAll(() => {
  const synth = synthFixture();
  template = synth.template;
  manifest = synth.build.manifest;
});

const distributionConfig = () => onlyResource(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
const idOf = (type: string, match: (props: Record<string, any>) => boolean) => {
  const found = Object.entries(resourcesOf(template, type)).filter(([, r]) => match(r.Properties));
  if (found.length !== 1) throw new Error(`expected one matching ${type}, got ${found.length}`);
  return found[0]![0];
};
const renderFn = () => idOf('AWS::Lambda::Function', (p) => /Stratus render/.test(p.Description ?? ''));
const imageFn = () => idOf('AWS::Lambda::Function', (p) => /Stratus image/.test(p.Description ?? ''));
const bucketId = () => Object.keys(resourcesOf(template, 'AWS::S3::Bucket'))[0]!;
const behaviourFor = (pattern: string) => {
  const config = distributionConfig();
  return pattern === '*' ? config.DefaultCacheBehavior : config.CacheBehaviors.find((b: any) => b.PathPattern === pattern);
};
const cachePolicy = (ref: { Ref: string }) => resourcesOf(template, 'AWS::CloudFront::CachePolicy')[ref.Ref]!.Properties.CachePolicyConfig;
const originRequestPolicy = (ref: { Ref: string }) =>
  resourcesOf(template, 'AWS::CloudFront::OriginRequestPolicy')[ref.Ref]!.Properties.OriginRequestPolicyConfig;
const origin = (id: string) => distributionConfig().Origins.find((o: any) => o.Id === id);
const group = (id: string) => distributionConfig().OriginGroups.Items.find((g: any) => g.Id === id);
/** The Function URL (by logical id) an origin's domain name is derived from. */
const urlOfOrigin = (o: any): string => o.DomainName['Fn::Select'][1]['Fn::Split'][1]['Fn::GetAtt'][0];
/** The function behind an origin's URL, checking the URL serves the live alias. */
const functionOfOrigin = (o: any): string => {
  const url = resourcesOf(template, 'AWS::Lambda::Url')[urlOfOrigin(o)]!.Properties;
  expect(url.Qualifier).toBe('live');
  return url.TargetFunctionArn['Fn::GetAtt'][0];
};

describe('bucket', () => {
  test('private, encrypted, TLS only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Action: 's3:*' }),
        ]),
      },
    });
  });

  test('the only reader granted by bucket policy is this distribution (OAC)', () => {
    const statements = onlyResource(template, 'AWS::S3::BucketPolicy').Properties.PolicyDocument.Statement as any[];
    const allows = statements.filter((s) => s.Effect === 'Allow');
    expect(allows.length).toBeGreaterThan(0);
    for (const statement of allows) {
      expect(statement.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
      expect(statement.Action).toBe('s3:GetObject');
      expect(JSON.stringify(statement.Condition.StringEquals['AWS:SourceArn'])).toContain('distribution/');
    }
  });

  test('earlier builds expire from _archive/ after assetRetentionDays', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: '_archive/', ExpirationInDays: 30, Status: 'Enabled' })]) },
    });
    const custom = synthFixture({ assetRetentionDays: '7' }).template;
    custom.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: '_archive/', ExpirationInDays: 7 })]) },
    });
  });
});

describe('asset upload', () => {
  const deployments = () => Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment')).map((r) => r.Properties);

  test('_app/static/ gets the manifest Cache-Control, at the root (pruned) and in _archive/ (kept)', () => {
    const prefix = '_app/static/';
    const mine = deployments().filter((d) => d.DestinationBucketKeyPrefix === prefix || d.DestinationBucketKeyPrefix === `_archive/${prefix}`);
    expect(mine).toHaveLength(2);
    for (const d of mine) expect(d.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(mine.find((d) => d.DestinationBucketKeyPrefix === prefix)!.Prune).toBe(true);
    expect(mine.find((d) => d.DestinationBucketKeyPrefix === `_archive/${prefix}`)!.Prune).toBe(false);
  });

  test('pages (per build: _app/data/ here) go up whole with a plain cdk deploy, never pruned, beside earlier builds; not at all when the deploy uploaded them', () => {
    const data = deployments().filter((d) => String(d.DestinationBucketKeyPrefix).endsWith('_app/data/'));
    expect(data).toEqual([expect.objectContaining({ DestinationBucketKeyPrefix: '_app/data/', Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=0, s-maxage=31536000, must-revalidate' } })]);
    const uploaded = synthFixture({ pagesUploaded: manifest.buildId }).template;
    const left = Object.values(resourcesOf(uploaded, 'Custom::CDKBucketDeployment')).map((r) => r.Properties.DestinationBucketKeyPrefix);
    expect(left.filter((prefix) => String(prefix).includes('_app/data/') || String(prefix).includes('_data/'))).toEqual([]);
    expect(left).toContain('_app/static/');
  });

  test('each deploy of a new build invalidates the distribution, after the functions and files are live', () => {
    const all = resourcesOf(template, 'Custom::CDKBucketDeployment');
    const [id, invalidation] = Object.entries(all).find(([, r]) => r.Properties.DistributionPaths)!;
    expect(invalidation.Properties.DistributionPaths).toEqual(['/*']);
    expect(invalidation.Properties.DistributionId).toEqual({ Ref: Object.keys(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0] });
    expect(invalidation.Properties.Prune).toBe(false);
    const dependsOn: string[] = (template.toJSON().Resources[id].DependsOn ?? []) as string[];
    const aliases = Object.keys(resourcesOf(template, 'AWS::Lambda::Alias'));
    expect(dependsOn).toEqual(expect.arrayContaining(aliases));
    const uploads = Object.keys(all).filter((other) => other !== id && all[other]!.Properties.Prune === true);
    expect(dependsOn).toEqual(expect.arrayContaining(uploads));
  });

  test('the rest of the assets skip the folders above and never prune the archive', () => {
    const rest = deployments().find((d) => d.DestinationBucketKeyPrefix === undefined && !d.DistributionPaths)!;
    expect(rest.SystemMetadata['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(rest.Exclude).toEqual(expect.arrayContaining(['_app/static/*', '_app/data/*', '_archive/*']));
    expect(rest.Prune).toBe(true);
  });
});

describe('functions', () => {
  test.each([
    ['render', 1024, 10],
    ['image', 1536, 15],
  ])('%s: Node.js 22 on arm64, memory, timeout, environment, JSON logs', (name, memory, timeout) => {
    const id = name === 'render' ? renderFn() : imageFn();
    const props = resourcesOf(template, 'AWS::Lambda::Function')[id]!.Properties;
    expect(props.Runtime).toBe('nodejs22.x');
    expect(props.Architectures).toEqual(['arm64']);
    expect(props.Handler).toBe('index.handler');
    expect(props.MemorySize).toBe(memory);
    expect(props.Timeout).toBe(timeout);
    expect(props.Environment.Variables).toMatchObject({
      STRATUS_BUILD_ID: 'fixture-build',
      STRATUS_DEPLOY_ID: 'fixture-build',
      STRATUS_BUCKET: { Ref: bucketId() },
    });
    expect(props.LoggingConfig).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO', SystemLogLevel: 'INFO' });
    const logGroup = resourcesOf(template, 'AWS::Logs::LogGroup')[props.LoggingConfig.LogGroup.Ref]!;
    expect(logGroup.Properties.RetentionInDays).toBe(30);
  });

  test('memory, timeout and log retention come from context', () => {
    const custom = synthFixture({ renderMemoryMB: '2048', imageTimeoutSeconds: '25', logRetentionDays: '14' }).template;
    custom.hasResourceProperties('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('render'), MemorySize: 2048 });
    custom.hasResourceProperties('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('image'), Timeout: 25 });
    custom.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 14 });
  });

  test('each function publishes a version (tagged with deploy and build) behind the live alias', () => {
    for (const fn of [renderFn(), imageFn()]) {
      const [versionId, version] = Object.entries(resourcesOf(template, 'AWS::Lambda::Version')).find(([, v]) => v.Properties.FunctionName.Ref === fn)!;
      expect(version.Properties.Description).toBe('deploy fixture-build build fixture-build');
      template.hasResourceProperties('AWS::Lambda::Alias', {
        Name: 'live',
        FunctionName: { Ref: fn },
        FunctionVersion: { 'Fn::GetAtt': [versionId, 'Version'] },
      });
    }
    // Versions are retained: they are what a rollback returns to.
    for (const resource of Object.values(template.findResources('AWS::Lambda::Version'))) {
      expect((resource as any).DeletionPolicy).toBe('Retain');
    }
  });

  test('a new deployId publishes new versions', () => {
    const versionIds = (t: Template) => Object.keys(resourcesOf(t, 'AWS::Lambda::Version')).sort();
    expect(versionIds(synthFixture({ deployId: '20260101T000000Z' }).template)).not.toEqual(versionIds(template));
  });

  test('Function URLs sit on the alias, with AWS_IAM auth', () => {
    const urls = Object.values(resourcesOf(template, 'AWS::Lambda::Url'));
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url.Properties.AuthType).toBe('AWS_IAM');
      expect(url.Properties.Qualifier).toBe('live');
      // The qualifier names the alias the stack creates for that same function.
      template.hasResourceProperties('AWS::Lambda::Alias', {
        Name: 'live',
        FunctionName: { Ref: url.Properties.TargetFunctionArn['Fn::GetAtt'][0] },
      });
    }
  });

  test('CloudFront may invoke each alias, both actions, only from this distribution', () => {
    const distribution = Object.keys(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]!;
    for (const aliasId of Object.keys(resourcesOf(template, 'AWS::Lambda::Alias'))) {
      for (const action of ['lambda:InvokeFunctionUrl', 'lambda:InvokeFunction']) {
        template.hasResourceProperties('AWS::Lambda::Permission', {
          Action: action,
          Principal: 'cloudfront.amazonaws.com',
          FunctionName: { Ref: aliasId },
          SourceArn: { 'Fn::Join': ['', Match.arrayWith([':distribution/', { Ref: distribution }])] },
        });
      }
    }
    const permissions = Object.values(resourcesOf(template, 'AWS::Lambda::Permission'));
    for (const p of permissions) expect(p.Properties.Principal).toBe('cloudfront.amazonaws.com');
  });
});

describe('least privilege', () => {
  const policiesOfRole = (fnId: string) => {
    const role = resourcesOf(template, 'AWS::Lambda::Function')[fnId]!.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as any[]);
    const managed = resourcesOf(template, 'AWS::IAM::Role')[role]!.Properties.ManagedPolicyArns;
    return { statements, managed };
  };
  const actionsOf = (statements: any[]) => statements.flatMap((s) => [s.Action].flat());

  test('no wildcard action in either function role, and no managed policies', () => {
    for (const fn of [renderFn(), imageFn()]) {
      const { statements, managed } = policiesOfRole(fn);
      expect(managed).toBeUndefined();
      for (const action of actionsOf(statements)) expect(action).not.toMatch(/\*/);
    }
  });

  test('image role: read-only on the bucket, and never the site data under _data/', () => {
    const { statements } = policiesOfRole(imageFn());
    const allowed = actionsOf(statements.filter((s) => s.Effect === 'Allow')).filter((a) => a.startsWith('s3:'));
    expect(allowed.sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
    const denied = statements.filter((s) => s.Effect === 'Deny');
    expect(denied).toEqual([
      { Effect: 'Deny', Action: 's3:GetObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/_data/*']] } },
    ]);
  });

  test('render role: reads the build\'s pages, reads and writes only its page store and the published copies, adds only under the store prefix', () => {
    const { statements } = policiesOfRole(renderFn());
    const s3 = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('s3:')));
    expect(s3).toEqual([
      { Effect: 'Allow', Action: 's3:PutObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/_data/submissions/*']] } },
      { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/_data/pages/*']] } },
      // The build's pages, read when asked for; a page not there is a miss, not AccessDenied.
      { Effect: 'Allow', Action: 's3:GetObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/_data/prerendered/*']] } },
      { Effect: 'Allow', Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [bucketId(), 'Arn'] }, Condition: { StringLike: { 's3:prefix': ['_data/pages/*', '_data/prerendered/*'] } } },
      // A regenerated page CloudFront serves from the bucket: its copies there are kept in step.
      {
        Effect: 'Allow',
        Action: ['s3:DeleteObject', 's3:PutObject'],
        Resource: ['_app/data/*', '_app/pages/*'].map((prefix) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, `/${prefix}`]] })),
      },
    ]);
  });

  test('logs go only to the function’s own group', () => {
    for (const fn of [renderFn(), imageFn()]) {
      const { statements } = policiesOfRole(fn);
      const logs = statements.find((s) => [s.Action].flat().includes('logs:PutLogEvents'));
      const group = resourcesOf(template, 'AWS::Lambda::Function')[fn]!.Properties.LoggingConfig.LogGroup.Ref;
      expect(logs.Resource).toEqual({ 'Fn::GetAtt': [group, 'Arn'] });
    }
  });
});

describe('distribution', () => {
  test('HTTP/2 and HTTP/3, IPv6, price class, TLS 1.2 policy', () => {
    expect(distributionConfig()).toMatchObject({ HttpVersion: 'http2and3', IPV6Enabled: true, PriceClass: 'PriceClass_100', Enabled: true });
  });

  test('behaviours follow the shared table, in order, default last', () => {
    const table = edgeBehaviours(manifest.publicFiles, bodyRoutesOf(manifest));
    const patterns = distributionConfig().CacheBehaviors.map((b: any) => b.PathPattern);
    expect(patterns).toEqual(table.slice(0, -1).map((b) => b.pathPattern));
    expect(table[table.length - 1]!.pathPattern).toBe('*');
  });

  test('every behaviour: HTTPS, compression, security headers', () => {
    const config = distributionConfig();
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behaviour.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(behaviour.Compress).toBe(true);
      expect(behaviour.ResponseHeadersPolicyId).toBeDefined();
    }
  });

  test('every origin uses origin access control', () => {
    const oacs = resourcesOf(template, 'AWS::CloudFront::OriginAccessControl');
    const kinds = Object.values(oacs).map((o) => o.Properties.OriginAccessControlConfig.OriginAccessControlOriginType).sort();
    expect(kinds).toEqual(['lambda', 's3']);
    for (const o of Object.values(oacs)) {
      expect(o.Properties.OriginAccessControlConfig).toMatchObject({ SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    }
    for (const o of distributionConfig().Origins) {
      expect(oacs[o.OriginAccessControlId['Fn::GetAtt'][0]]).toBeDefined();
      if (o.S3OriginConfig) expect(o.S3OriginConfig.OriginAccessIdentity).toBe('');
    }
  });

  test('/_app/static/*: S3, a year in cache, earlier builds from _archive/ on 403/404', () => {
    const b = behaviourFor('/_app/static/*');
    expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(b.FunctionAssociations).toBeUndefined();
    expect(b.OriginRequestPolicyId).toBeUndefined();
    expect(cachePolicy(b.CachePolicyId)).toMatchObject({ MinTTL: 31536000, DefaultTTL: 31536000, MaxTTL: 31536000 });
    const g = group(b.TargetOriginId);
    expect(g.FailoverCriteria.StatusCodes.Items).toEqual([403, 404]);
    const [primary, fallback] = g.Members.Items.map((m: any) => origin(m.OriginId));
    expect(primary.S3OriginConfig).toBeDefined();
    expect(primary.OriginPath).toBeUndefined();
    expect(fallback.S3OriginConfig).toBeDefined();
    expect(fallback.OriginPath).toBe('/_archive');
  });

  /**
   * GET and HEAD from the bucket, the render function on its 403/404, keyed and forwarded as
   * pages are (what the function may answer varies like a page, and it needs the viewer's host).
   */
  function expectBucketThenRender(b: any): void {
    expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
    const g = group(b.TargetOriginId);
    expect(g.FailoverCriteria.StatusCodes.Items).toEqual([403, 404]);
    const [primary, fallback] = g.Members.Items.map((m: any) => origin(m.OriginId));
    expect(primary.S3OriginConfig).toBeDefined();
    expect(functionOfOrigin(fallback)).toBe(renderFn());
    expect(b.CachePolicyId).toEqual(behaviourFor('*').CachePolicyId);
    expect(b.OriginRequestPolicyId).toEqual(behaviourFor('*').OriginRequestPolicyId);
  }

  test('/_app/data/*: prebuilt files from S3, failing over to the render function on 403/404', () => {
    const b = behaviourFor('/_app/data/*');
    expectBucketThenRender(b);
    expect(b.FunctionAssociations).toHaveLength(1);
  });

  test('/_app/image: image function, keyed on url, w, q and the negotiated Accept', () => {
    const b = behaviourFor('/_app/image');
    expect(functionOfOrigin(origin(b.TargetOriginId))).toBe(imageFn());
    const policy = cachePolicy(b.CachePolicyId).ParametersInCacheKeyAndForwardedToOrigin;
    expect(policy.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['url', 'w', 'q'] });
    expect(policy.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['accept'] });
    expect(policy.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    const forwarded = originRequestPolicy(b.OriginRequestPolicyId);
    expect(forwarded.HeadersConfig.Headers).toEqual(['x-forwarded-host']);
    expect(b.FunctionAssociations[0].EventType).toBe('viewer-request');
  });

  test('a top-level public file: S3 with its own Cache-Control, no cookies or query in the key, no function', () => {
    const b = behaviourFor('/favicon.ico');
    expect(origin(b.TargetOriginId).S3OriginConfig).toBeDefined();
    expect(b.FunctionAssociations).toBeUndefined();
    const policy = cachePolicy(b.CachePolicyId);
    expect(policy.MinTTL).toBe(0);
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  test('a public folder: its files from S3, any other path under it to the render function (403/404), through the function without the page lookup', () => {
    const b = behaviourFor('/photos/*');
    expectBucketThenRender(b);
    const functions = resourcesOf(template, 'AWS::CloudFront::Function');
    const [associated] = b.FunctionAssociations.map((a: any) => a.FunctionARN['Fn::GetAtt'][0]);
    expect(associated).not.toEqual(behaviourFor('*').FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]);
    expect(functions[associated]!.Properties.FunctionCode).toContain('"pages":null');
  });

  test('pages (default): render function, origin Cache-Control honoured, query and locale cookie in the key', () => {
    const b = behaviourFor('*');
    expect(functionOfOrigin(origin(b.TargetOriginId))).toBe(renderFn());
    expect(b.AllowedMethods).toContain('POST'); // so the edge function answers 405, not CloudFront's 403
    const policy = cachePolicy(b.CachePolicyId);
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 31536000 });
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      CookiesConfig: { CookieBehavior: 'whitelist', Cookies: [LOCALE_COOKIE, DRAFT_COOKIE] },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    });
    const forwarded = originRequestPolicy(b.OriginRequestPolicyId);
    expect(forwarded.HeadersConfig.Headers).toEqual(PAGE_ORIGIN_HEADERS);
    expect(forwarded.HeadersConfig.Headers).not.toContain('host');
    expect(forwarded.HeadersConfig.Headers).toContain('x-forwarded-host');
    expect(forwarded.CookiesConfig.CookieBehavior).toBe('all');
    expect(forwarded.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(b.FunctionAssociations[0].EventType).toBe('viewer-request');
  });

  test('security headers', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY' },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
          ContentSecurityPolicy: { ContentSecurityPolicy: "frame-ancestors 'none'" },
        },
      },
    });
  });

  test('viewer-request function: cloudfront-js-2.0, config injected, under 10 KB', () => {
    const pagesFn = behaviourFor('*').FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    const fn = resourcesOf(template, 'AWS::CloudFront::Function')[pagesFn]!.Properties;
    expect(fn.FunctionCode).not.toContain('"pages":null');
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.AutoPublish).toBe(true);
    expect(fn.FunctionCode).toContain('"locales":["en","fr"]');
    expect(fn.FunctionCode).toContain('"imageFormats":["image/avif","image/webp"]');
    expect(Buffer.byteLength(fn.FunctionCode)).toBeLessThan(MAX_FUNCTION_BYTES);
  });

  test('custom domain: alias, certificate, TLSv1.2_2021', () => {
    const custom = synthFixture({
      domainName: 'www.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      priceClass: 'PriceClass_All',
    }).template;
    custom.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.example.com'],
        PriceClass: 'PriceClass_All',
        ViewerCertificate: {
          AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    custom.hasOutput(OUTPUTS.siteUrl, { Value: 'https://www.example.com' });
  });
});

describe('operations', () => {
  test('alarms: errors, throttles and p99 duration of both functions, and the 5xx rate', () => {
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const byMetric = (name: string) => alarms.filter((a) => a.MetricName === name);
    expect(byMetric('Errors')).toHaveLength(2);
    expect(byMetric('Throttles')).toHaveLength(2);
    const durations = byMetric('Duration');
    expect(durations.map((a) => a.ExtendedStatistic)).toEqual(['p99', 'p99']);
    expect(durations.map((a) => a.Threshold).sort((x, y) => x - y)).toEqual([8000, 12000]);
    const rate = byMetric('5xxErrorRate');
    expect(rate).toHaveLength(1);
    expect(rate[0]).toMatchObject({ Namespace: 'AWS/CloudFront', Threshold: 5 });
    expect(rate[0]!.Dimensions).toEqual(expect.arrayContaining([{ Name: 'Region', Value: 'Global' }]));
    const topic = Object.keys(resourcesOf(template, 'AWS::SNS::Topic'))[0]!;
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: topic }]);
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  test('alarm e-mail subscribes when configured', () => {
    synthFixture({ alarmEmail: 'ops@example.com' }).template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  test('dashboard: requests, error rates, cache hit rate, durations, cold starts, image bytes', () => {
    const body = JSON.stringify(onlyResource(template, 'AWS::CloudWatch::Dashboard').Properties.DashboardBody);
    for (const needle of ['Requests', '4xxErrorRate', '5xxErrorRate', 'CacheHitRate', 'Duration', 'ColdStarts', 'ImageOutputBytes']) {
      expect(body).toContain(needle);
    }
    template.resourceCountIs('AWS::CloudFront::MonitoringSubscription', 1);
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.type = "platform.report" && $.record.metrics.initDurationMs > 0 }',
    });
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      MetricTransformations: [Match.objectLike({ MetricName: 'ImageOutputBytes', MetricValue: '$.outputBytes' })],
    });
  });

  test('outputs: site URL, bucket, function and log group names', () => {
    // The streaming function's name and logs only for a site with API routes (test/infra/bodies.test.ts).
    const apiOnly: string[] = [OUTPUTS.streamFunction, OUTPUTS.streamLogGroup];
    for (const key of Object.values(OUTPUTS)) if (!apiOnly.includes(key)) template.hasOutput(key, {});
    for (const key of apiOnly) expect(template.findOutputs(key)).toEqual({});
    template.hasOutput(OUTPUTS.renderFunction, { Value: { Ref: renderFn() } });
    template.hasOutput(OUTPUTS.imageFunction, { Value: { Ref: imageFn() } });
    template.hasOutput(OUTPUTS.bucket, { Value: { Ref: bucketId() } });
  });
});
