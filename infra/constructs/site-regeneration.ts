/**
 * What regeneration across instances needs around the render function
 * (lambdas/render/ports/from-environment.ts reads it): the shared page store's prefix in the
 * site's bucket, the DynamoDB table of regeneration leases, draft mode's secret, the
 * distribution's id in an SSM parameter (for invalidations), least-privilege grants, and a
 * metric and an alarm for failed regenerations.
 *
 * The function cannot name its distribution in its environment: the distribution's origin
 * is the function's URL, so the function would depend on it and it on the function. The id
 * goes into an SSM parameter whose name is fixed at synth time, and the grants that name the
 * distribution (CreateInvalidation on it alone, GetParameter on the parameter) sit in a
 * policy of their own that nothing else depends on.
 */
import { Duration, Names, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { PAGES_PREFIX, PRERENDERED_PREFIX } from '../bucket-layout';
import type { SiteFunction } from './site-function';

/** Where regenerated pages are kept in the bucket: private (never served by CloudFront, never pruned by a deploy). */
export { PAGES_PREFIX } from '../bucket-layout';

/** The metric of failed regenerations (the render function's `"regeneration failed"` log lines). */
export const FAILED_REGENERATIONS_METRIC = 'FailedRegenerations';

export interface SiteRegenerationProps {
  /** The site's bucket: the page store lives under PAGES_PREFIX, the build's pages under PRERENDERED_PREFIX. */
  readonly bucket: s3.IBucket;
  /**
   * Key prefixes of the copies of pages CloudFront serves from the bucket (`_app/pages/`,
   * `_app/data/`, under the basePath): a regeneration rewrites them.
   * @default ['_app/pages/', '_app/data/']
   */
  readonly publishedPrefixes?: readonly string[];
  /** The render function: its environment is set and its role granted here. */
  readonly render: SiteFunction;
  /**
   * The render code behind the streaming Function URL (API routes: `res.revalidate`, draft
   * mode), sharing the render function's role: its environment is set here too.
   * @default - none
   */
  readonly stream?: SiteFunction;
  /** The distribution whose cache `res.revalidate` invalidates. */
  readonly distribution: cloudfront.IDistribution;
  /** Namespace of the failed-regenerations metric. @default 'Stratus' */
  readonly metricNamespace?: string;
  /**
   * The render function's request-line metrics namespace (Embedded Metric Format): the
   * "regeneration failed" lines carry `failedRegenerations` there, and no metric filter is
   * needed. @default - none: a metric filter counts the lines
   */
  readonly emfNamespace?: string;
  /** Where the alarm notifies. @default - no action */
  readonly alarmTopic?: sns.ITopic;
  /**
   * How long a regeneration may hold its page's lease: longer than the function's timeout,
   * since a lease only expires under a regeneration that died.
   * @default the function's timeout + 20 s, at least 30 s
   */
  readonly leaseTtl?: Duration;
}

export class SiteRegeneration extends Construct {
  /** Regeneration leases: partition key `pk`, TTL on `ttl`. */
  readonly leases: dynamodb.Table;
  /** Draft mode's cookie-signing secret (generated; rotate it to end every draft session). */
  readonly draftSecret: secretsmanager.Secret;
  /** The distribution's id, for the render function's invalidations. */
  readonly distributionParameter: ssm.StringParameter;
  /** Failed regenerations per 5 minutes. */
  readonly failedRegenerations: cloudwatch.Metric;
  readonly alarm: cloudwatch.Alarm;
  /** Key prefixes of the copies CloudFront serves from the bucket, which a regeneration may rewrite. */
  readonly publishedPrefixes: readonly string[];

  constructor(scope: Construct, id: string, props: SiteRegenerationProps) {
    super(scope, id);
    const { bucket, render, distribution } = props;
    const servers = props.stream ? [render, props.stream] : [render];
    // The longest timeout of the functions that regenerate: a lease must outlive any of them.
    const timeout = Duration.seconds(Math.max(...servers.map((server) => (server.function.timeout ?? Duration.seconds(10)).toSeconds())));
    const leaseTtl = props.leaseTtl ?? Duration.seconds(Math.max(30, timeout.toSeconds() + 20));
    if (leaseTtl.toSeconds() <= timeout.toSeconds()) {
      throw new Error(`SiteRegeneration: leaseTtl (${leaseTtl.toSeconds()} s) must be longer than the render function's timeout (${timeout.toSeconds()} s), or a slow regeneration's lease would expire under it.`);
    }

    this.leases = new dynamodb.Table(this, 'Leases', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      // A few writes per regeneration: on-demand costs nothing while pages do not change.
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'ttl',
      // Leases live seconds; nothing in the table is worth keeping.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.draftSecret = new secretsmanager.Secret(this, 'DraftSecret', {
      description: 'Stratus draft mode: signs the draft cookie',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    // A name fixed at synth time: the function's environment names it without depending on the distribution.
    const parameterName = `/stratus/${Names.uniqueId(this)}/distribution-id`;
    this.distributionParameter = new ssm.StringParameter(this, 'DistributionId', {
      parameterName,
      stringValue: distribution.distributionId,
      description: 'The distribution the Stratus render function invalidates',
    });

    for (const { function: fn } of servers) {
      fn.addEnvironment('STRATUS_PAGES_PREFIX', PAGES_PREFIX);
      fn.addEnvironment('STRATUS_PRERENDERED_PREFIX', PRERENDERED_PREFIX);
      fn.addEnvironment('STRATUS_LEASE_TABLE', this.leases.tableName);
      fn.addEnvironment('STRATUS_LEASE_MS', String(leaseTtl.toMilliseconds()));
      fn.addEnvironment('STRATUS_DRAFT_SECRET_ARN', this.draftSecret.secretArn);
      fn.addEnvironment('STRATUS_DISTRIBUTION_PARAMETER', parameterName);
    }

    // Exact actions on exact resources.
    render.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [bucket.arnForObjects(`${PAGES_PREFIX}*`)] }));
    // The build's pages, read when asked for; listing these two prefixes makes a page that is
    // not there NoSuchKey (a miss), not AccessDenied (which would read as the bucket failing).
    render.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${PRERENDERED_PREFIX}*`)] }));
    render.role.addToPolicy(new iam.PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${PAGES_PREFIX}*`, `${PRERENDERED_PREFIX}*`] } },
    }));
    // A regenerated page that CloudFront serves from the bucket has its copies there rewritten (or removed).
    this.publishedPrefixes = props.publishedPrefixes ?? ['_app/pages/', '_app/data/'];
    render.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject'], resources: this.publishedPrefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)) }));
    render.role.addToPolicy(new iam.PolicyStatement({ actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'], resources: [this.leases.tableArn] }));
    render.role.addToPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.draftSecret.secretArn] }));
    const { account, partition } = Stack.of(this);
    new iam.Policy(this, 'InvalidatePolicy', {
      roles: [render.role],
      statements: [
        new iam.PolicyStatement({
          actions: ['cloudfront:CreateInvalidation'],
          resources: [`arn:${partition}:cloudfront::${account}:distribution/${distribution.distributionId}`],
        }),
        new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [this.distributionParameter.parameterArn] }),
      ],
    });

    if (props.emfNamespace) {
      // The lines' own metric (lambdas/render/static/static-pages.ts), for the whole site, from
      // every function the render code runs in (the streaming one's res.revalidate too).
      this.failedRegenerations = new cloudwatch.Metric({ namespace: props.emfNamespace, metricName: 'failedRegenerations', statistic: 'Sum', period: Duration.minutes(5) });
    } else {
      const namespace = props.metricNamespace ?? 'Stratus';
      // One filter per log group, into the same metric: an API route's `res.revalidate` regenerates in the streaming function.
      const filters = servers.map(
        (server, index) =>
          new logs.MetricFilter(this, index === 0 ? 'FailedRegenerationLines' : 'FailedRegenerationLinesStream', {
            logGroup: server.logGroup,
            filterPattern: logs.FilterPattern.stringValue('$.context', '=', 'regeneration failed'),
            metricNamespace: namespace,
            metricName: FAILED_REGENERATIONS_METRIC,
            metricValue: '1',
            defaultValue: 0,
          }),
      );
      this.failedRegenerations = filters[0]!.metric({ statistic: 'Sum', period: Duration.minutes(5) });
    }
    this.alarm = new cloudwatch.Alarm(this, 'FailedRegenerationsAlarm', {
      alarmDescription: 'Stratus: a page failed to regenerate (its last good copy is still served; see "regeneration failed" in the render logs)',
      metric: this.failedRegenerations,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    if (props.alarmTopic) this.alarm.addAlarmAction(new actions.SnsAction(props.alarmTopic));
  }
}
