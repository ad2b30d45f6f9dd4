/**
 * Every cdk-nag (AwsSolutions) finding this stack accepts, each on the narrowest construct
 * and with the reason it is acceptable. cdk-nag 3 takes one finding per call through CDK's
 * own Validations API: https://github.com/cdklabs/cdk-nag/blob/main/MIGRATION.md
 */
import { type CfnElement, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { STORE_PREFIX } from './constructs/assets-bucket';
import { PAGES_PREFIX, PRERENDERED_PREFIX } from './bucket-layout';
import type { StratusSite } from './constructs/stratus-site';

export interface NagAcknowledgement {
  /** Construct path below the stack, for the report. */
  path: string;
  id: string;
  reason: string;
}

/** Acknowledges the accepted findings and returns them (the tests and docs list them). */
export function acknowledgeNagFindings(stack: Stack, site: StratusSite, options: { customDomain: boolean }): NagAcknowledgement[] {
  const done: NagAcknowledgement[] = [];
  const ack = (scope: IConstruct, id: string, reason: string) => {
    Validations.of(scope).acknowledge({ id, reason });
    done.push({ path: scope.node.path, id, reason });
  };
  const distribution = site.cdn.distribution;
  const bucket = site.assets.bucket;
  // cdk-nag names a resource wildcard by the bucket's logical ID.
  const bucketArn = `<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>`;

  ack(distribution, 'AwsSolutions-CFR1', 'A public website for every country; nothing here is subject to geographic restriction.');
  if (!site.firewall) {
    ack(
      distribution,
      'AwsSolutions-CFR2',
      'No WAF by default: a web ACL costs a monthly fee per ACL and rule group even at rest, and managed rules can refuse legitimate requests. Bodies reach only API routes and getServerSideProps pages (other methods get 405 at the edge), at most 1 MB each (the body signer answers 413 past it). `firewall: true` (cdk.json "firewall") adds one with AWS managed rules and a per-IP rate limit.',
    );
  }
  ack(
    distribution,
    'AwsSolutions-CFR3',
    'Request tracing comes from the functions\' JSON logs, which carry CloudFront\'s x-amz-cf-id, and from the CloudFront metrics on the dashboard; standard access logs need an ACL-enabled log bucket and are left to the operator (docs/OPERATIONS.md).',
  );
  if (!options.customDomain) {
    ack(
      distribution,
      'AwsSolutions-CFR4',
      'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes at TLSv1; with domainName + certificateArn the stack sets TLSv1.2_2021.',
    );
  }
  ack(
    bucket,
    'AwsSolutions-S1',
    'The bucket is private, read only by CloudFront (origin access control) and the image function; every viewer request is already visible in CloudFront metrics and the functions\' logs, so S3 server access logs would only duplicate them at a cost.',
  );
  for (const fn of [site.render, ...(site.stream ? [site.stream] : []), site.image]) {
    ack(
      fn.function,
      'AwsSolutions-L1',
      'Node.js 22 by default, the runtime the build and the code cache are made for; `runtime: nodejs24.x` (cdk.json "runtime") moves both functions, a deliberate, tested change, not an automatic one.',
    );
  }
  if (site.tracing === 'xray') {
    for (const fn of [site.render, site.image]) {
      ack(
        fn.role,
        'AwsSolutions-IAM5[Resource::*]',
        'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords, which take no resource-level permissions (AWS documents "*" as their only resource); granted by CDK with Tracing.ACTIVE.',
      );
    }
  }
  ack(
    site.image.role,
    `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
    'Read-only s3:GetObject: the image function resizes any public/ file of the site, whose keys are known only at build time; an explicit deny keeps it out of the site data under _data/.',
  );
  ack(
    site.render.role,
    `AwsSolutions-IAM5[Resource::${bucketArn}/${STORE_PREFIX}*]`,
    `Write-only s3:PutObject under ${STORE_PREFIX} (STRATUS_STORE_PREFIX), where the site keeps form submissions, one new key per submission; the function can read, list or delete nothing.`,
  );
  ack(
    site.render.role,
    `AwsSolutions-IAM5[Resource::${bucketArn}/${PAGES_PREFIX}*]`,
    `s3:GetObject and s3:PutObject under ${PAGES_PREFIX} (STRATUS_PAGES_PREFIX), the page store every instance shares: one key per page, chosen at run time (fallback pages, regenerations); no list, no delete, nothing elsewhere in the bucket.`,
  );
  ack(
    site.render.role,
    `AwsSolutions-IAM5[Resource::${bucketArn}/${PRERENDERED_PREFIX}*]`,
    `Read-only s3:GetObject under ${PRERENDERED_PREFIX} (STRATUS_PRERENDERED_PREFIX), the build's prerendered pages, one key per page, looked up when a page is asked for; listing is allowed for that prefix and the page store alone, so a missing page reads as missing.`,
  );
  for (const prefix of site.regeneration.publishedPrefixes) {
    ack(
      site.render.role,
      `AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
      `s3:PutObject and s3:DeleteObject under ${prefix}: the copies of prerendered pages CloudFront serves from the bucket, one key per page, rewritten (or removed) when such a page is regenerated on demand, so the edge never serves an old copy after res.revalidate.`,
    );
  }
  ack(
    site.regeneration.leases,
    'AwsSolutions-DDB3',
    'The table holds regeneration leases that live seconds; there is nothing to recover to a point in time, and PITR is charged per GB-month.',
  );
  ack(
    site.regeneration.draftSecret,
    'AwsSolutions-SMG4',
    'The draft-mode secret only signs preview cookies; rotating it ends every draft session, so it is rotated by hand (docs/OPERATIONS.md), and automatic rotation needs a rotation function of its own.',
  );
  const signer = site.bodySigner;
  if (signer) {
    ack(
      signer.function.lambda,
      'AwsSolutions-L1',
      'Lambda@Edge supports Node.js 22 and 20, not the newest Lambda runtime; the signer is plain CommonJS with no dependencies and moves with Lambda@Edge.',
    );
    const fnId = `<${Stack.of(signer.function.lambda).getLogicalId(signer.function.lambda.node.defaultChild as CfnElement)}>`;
    for (const suffix of ['', ':*']) {
      ack(
        signer.logsPolicy,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:*:<AWS::AccountId>:log-group:/aws/lambda/us-east-1.${fnId}${suffix}]`,
        'Lambda@Edge writes its logs in the region that served each request, to a group named after the function (/aws/lambda/us-east-1.<name>): the region must be a wildcard, the group is this function\'s alone.',
      );
    }
  }

  // The BucketDeployment provider is a stack-level singleton that aws-cdk-lib creates, one per
  // memory and disk size (pages of a large site get a larger disk).
  const providers = stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  for (const provider of providers) {
    const reasonPrefix = 'aws-cdk-lib BucketDeployment handler (runs only during deploy)';
    ack(provider, 'AwsSolutions-L1', `${reasonPrefix}: its Python runtime is chosen by aws-cdk-lib, not by this stack.`);
    ack(
      provider,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      `${reasonPrefix}: aws-cdk-lib gives it the basic execution role to write its own logs.`,
    );
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      ack(
        provider,
        `AwsSolutions-IAM5[Action::${action}]`,
        `${reasonPrefix}: aws-cdk-lib grants ${action} to read the CDK assets bucket and sync (and prune) the site bucket; limited to those two buckets.`,
      );
    }
    ack(
      provider,
      `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
      `${reasonPrefix}: it writes every key of the site bucket it deploys.`,
    );
    ack(
      provider,
      'AwsSolutions-IAM5[Resource::*]',
      `${reasonPrefix}: aws-cdk-lib grants cloudfront:CreateInvalidation and GetInvalidation on * for the invalidation after each deploy; the handler only invalidates this stack's distribution.`,
    );
    // The stack names its region, so the bootstrap bucket's name carries it (and the
    // partition, with @aws-cdk/core:enablePartitionLiterals).
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
    ack(
      provider,
      `AwsSolutions-IAM5[Resource::arn:${partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*]`,
      `${reasonPrefix}: it reads the uploaded asset zips from the CDK bootstrap bucket.`,
    );
  }
  return done;
}
