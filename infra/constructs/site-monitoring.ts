/**
 * Alarms (to an SNS topic, e-mail when configured) and one CloudWatch dashboard for the
 * site. CloudFront publishes its metrics in us-east-1 only, with `Region=Global`; the
 * distribution alarm therefore works when the stack is deployed there (docs/DEPLOY.md).
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/programming-cloudwatch-metrics.html
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { SiteFunction } from './site-function';
import type { SiteFirewall } from './site-firewall';

export const METRIC_NAMESPACE = 'Stratus';

export interface SiteMonitoringProps {
  readonly distribution: cloudfront.IDistribution;
  readonly render: SiteFunction;
  /** The render code behind the streaming Function URL (API routes), when the site has one. @default - none */
  readonly stream?: SiteFunction;
  readonly image: SiteFunction;
  /** @default - alarms go to the topic only */
  readonly alarmEmail?: string;
  /** Alarm when the 5-minute 5xx rate reaches this percentage. @default 5 */
  readonly error5xxRatePercent?: number;
  /** Whether the paid CloudFront metrics (cache hit rate) exist. @default true */
  readonly additionalMetrics?: boolean;
  /** The site has API routes: count their 5xx answers and alarm on them. @default false */
  readonly apiRoutes?: boolean;
  /**
   * The namespace of the request lines' metrics (Embedded Metric Format, lambdas/shared/metrics.ts):
   * the render function's is `<it>/Render`, the image function's `<it>/Image`. Per-route latency,
   * error rates and web vitals on the dashboard, and their alarms, read them.
   * @default - none: metrics are off
   */
  readonly metricsNamespace?: string;
  /** The firewall, whose blocked requests the dashboard shows. @default - none */
  readonly firewall?: SiteFirewall;
}

/** The web vitals the dashboard shows, as `reportWebVitals` names them and the sample site's `/api/vitals` writes them. */
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

/**
 * Statistic of the share of answers with status 500–599: `status` is a metric of its own
 * (lambdas/shared/metrics.ts), and PR is the percentage of values in (499, 599].
 */
export const SHARE_5XX = 'PR(499:599)';

/**
 * The render function's request lines of API routes answered 5xx: by `route` (the API
 * route's pattern, `/api/...`), and by `path` for an answer given before any route matched
 * (API paths have no locale prefix). Built with CDK's JSON pattern helpers (`*` a trailing
 * wildcard): https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/FilterAndPatternSyntax.html
 */
export const API_5XX_PATTERN = logs.FilterPattern.all(
  logs.FilterPattern.any(
    ...['$.route', '$.path'].flatMap((field) => ['/api', '/api/*'].map((value) => logs.FilterPattern.stringValue(field, '=', value))),
  ),
  logs.FilterPattern.numberValue('$.status', '>=', 500),
);

export class SiteMonitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: SiteMonitoringProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Stratus site alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);
    const alarm = (alarmId: string, options: cloudwatch.AlarmProps) => {
      const created = new cloudwatch.Alarm(this, alarmId, options);
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      this.alarms.push(created);
      return created;
    };

    const sites = [
      { name: 'Render', fn: props.render },
      ...(props.stream ? [{ name: 'Api', fn: props.stream }] : []),
      { name: 'Image', fn: props.image },
    ];
    for (const { name, fn } of sites) {
      const timeout = fn.function.timeout ?? Duration.seconds(3);
      alarm(`${name}Errors`, {
        alarmDescription: `${name} function: invocations that failed (the handler threw or timed out)`,
        metric: fn.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm(`${name}Throttles`, {
        alarmDescription: `${name} function: throttled invocations (account or reserved concurrency reached)`,
        metric: fn.function.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      // A streaming answer (an event stream, a model's tokens) may run for as long as it is allowed to: no duration alarm there.
      if (fn === props.stream) continue;
      alarm(`${name}DurationP99`, {
        alarmDescription: `${name} function: p99 duration above 80% of its ${timeout.toSeconds()} s timeout`,
        metric: fn.function.metricDuration({ period: Duration.minutes(5), statistic: 'p99' }),
        threshold: timeout.toMilliseconds() * 0.8,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }
    const cdn = (metricName: string, statistic: string, label?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
        statistic,
        period: Duration.minutes(5),
        label,
      });
    const threshold = props.error5xxRatePercent ?? 5;
    alarm('Distribution5xxRate', {
      alarmDescription: `Distribution: 5xx responses above ${threshold}% of requests`,
      // No label: a plain metric keeps the alarm a simple MetricName alarm.
      metric: cdn('5xxErrorRate', 'Average'),
      threshold,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // Counted from the functions' own JSON log lines: Lambda has no cold-start metric, and
    // image bytes are the image function's `outputBytes` field.
    const coldStarts = sites.map(({ name, fn }) =>
      new logs.MetricFilter(this, `${name}ColdStarts`, {
        logGroup: fn.logGroup,
        filterPattern: logs.FilterPattern.literal('{ $.type = "platform.report" && $.record.metrics.initDurationMs > 0 }'),
        metricNamespace: METRIC_NAMESPACE,
        metricName: `${name}ColdStarts`,
        metricValue: '1',
        defaultValue: 0,
      }).metric({ statistic: 'Sum', period: Duration.minutes(5), label: `${name} cold starts` }),
    );
    // API routes answer their own errors (a handler that throws is a logged 500, never a
    // failed invocation), so the Errors alarm would not see them: count them from the lines.
    let api5xx: cloudwatch.Metric | undefined;
    if (props.apiRoutes) {
      const lines = new logs.MetricFilter(this, 'Api5xxLines', {
        // API routes answer from the streaming function (the render function only for a rewrite onto one).
        logGroup: (props.stream ?? props.render).logGroup,
        filterPattern: API_5XX_PATTERN,
        metricNamespace: METRIC_NAMESPACE,
        metricName: 'Api5xx',
        metricValue: '1',
        defaultValue: 0,
      });
      api5xx = lines.metric({ statistic: 'Sum', period: Duration.minutes(5), label: 'API 5xx' });
      alarm('Api5xx', {
        alarmDescription: 'API routes: answers with status 5xx (a handler threw, timed out or answered 5xx)',
        // No label: a plain metric keeps the alarm a simple MetricName alarm.
        metric: lines.metric({ statistic: 'Sum', period: Duration.minutes(5) }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }
    // From the request lines' own metrics (EMF): answers, not invocations, so a page that
    // rendered its 500 page (never a failed invocation) counts, in every region.
    const ns = props.metricsNamespace;
    const emfMetric = (fn: 'Render' | 'Image', metricName: string, statistic: string, label?: string, dimensionsMap?: Record<string, string>) =>
      new cloudwatch.Metric({ namespace: `${ns}/${fn}`, metricName, statistic, period: Duration.minutes(5), label, dimensionsMap });
    if (ns) {
      alarm('Render5xxRate', {
        alarmDescription: `Render function: answers with status 5xx above ${threshold}% of requests (pages, page data and API routes; the request lines' status)`,
        metric: emfMetric('Render', 'status', SHARE_5XX),
        threshold,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm('ImageErrorRate', {
        alarmDescription: `Image function: answers with status 5xx (a failing bucket or origin, an image sharp cannot read) above ${threshold}% of requests`,
        metric: emfMetric('Image', 'status', SHARE_5XX),
        threshold,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }
    const imageBytes = (field: 'outputBytes' | 'sourceBytes', label: string) =>
      new logs.MetricFilter(this, `Image${field[0]!.toUpperCase()}${field.slice(1)}`, {
        logGroup: props.image.logGroup,
        filterPattern: logs.FilterPattern.literal(`{ $.${field} > 0 }`),
        metricNamespace: METRIC_NAMESPACE,
        metricName: `Image${field[0]!.toUpperCase()}${field.slice(1)}`,
        metricValue: `$.${field}`,
        unit: cloudwatch.Unit.BYTES,
      }).metric({ statistic: 'Sum', period: Duration.minutes(5), label });

    // Dashboards read across regions; pin CloudFront's metrics to us-east-1.
    const global = (metric: cloudwatch.Metric) => metric.with({ region: 'us-east-1' });
    const duration = (fn: SiteFunction, name: string, statistic: string) =>
      fn.function.metricDuration({ statistic, period: Duration.minutes(5), label: `${name} ${statistic}` });
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(3),
      widgets: [
        [
          new cloudwatch.GraphWidget({ title: 'Requests', left: [global(cdn('Requests', 'Sum', 'requests'))], width: 8 }),
          new cloudwatch.GraphWidget({
            title: 'Error rates (%)',
            left: [global(cdn('4xxErrorRate', 'Average', '4xx')), global(cdn('5xxErrorRate', 'Average', '5xx'))],
            width: 8,
          }),
          new cloudwatch.GraphWidget({
            title: props.additionalMetrics === false ? 'Cache hit rate (enable additionalMetrics)' : 'Cache hit rate (%)',
            left: [global(cdn('CacheHitRate', 'Average', 'hit rate'))],
            width: 8,
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Function duration (ms)',
            left: [duration(props.render, 'render', 'p50'), duration(props.render, 'render', 'p99'), duration(props.image, 'image', 'p50'), duration(props.image, 'image', 'p99')],
            width: 8,
          }),
          new cloudwatch.GraphWidget({
            title: 'Invocations, errors, throttles',
            left: sites.flatMap(({ name, fn }) => [
              fn.function.metricInvocations({ label: `${name} invocations`, period: Duration.minutes(5) }),
              fn.function.metricErrors({ label: `${name} errors`, period: Duration.minutes(5) }),
              fn.function.metricThrottles({ label: `${name} throttles`, period: Duration.minutes(5) }),
            ]),
            width: 8,
          }),
          new cloudwatch.GraphWidget({ title: 'Cold starts', left: coldStarts, width: 8 }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Image bytes',
            left: [imageBytes('outputBytes', 'output bytes'), imageBytes('sourceBytes', 'source bytes')],
            width: api5xx ? 8 : 12,
          }),
          ...(api5xx ? [new cloudwatch.GraphWidget({ title: 'API 5xx', left: [api5xx], width: 8 })] : []),
          new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: api5xx ? 8 : 12 }),
        ],
        ...(ns ? routeWidgets(ns) : []),
        ...(props.firewall ? [[firewallWidget(props.firewall)]] : []),
      ],
    });
  }
}

/** A graph of every metric a CloudWatch search finds (one line per route, per web vital…). */
function searchGraph(title: string, expression: string, statistic: string, width: number): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({
    title,
    width,
    left: [new cloudwatch.MathExpression({ expression: `SEARCH('${expression}', '${statistic}', 300)`, usingMetrics: {}, label: '', period: Duration.minutes(5) })],
  });
}

/**
 * The per-route rows, from the request lines' metrics: latency p99 and the 5xx share per
 * route, answers by cache outcome, cold starts, and the web vitals real visitors reported
 * (`reportWebVitals` → `/api/vitals` → `LCP`, `INP`, … by `route`).
 */
function routeWidgets(ns: string): cloudwatch.IWidget[][] {
  const render = `${ns}/Render`;
  return [
    [
      searchGraph('Latency p99 by route (ms)', `{${render},route} MetricName="durationMs"`, 'p99', 8),
      searchGraph('5xx by route (% of answers)', `{${render},route} MetricName="status"`, SHARE_5XX, 8),
      searchGraph('Answers by cache outcome', `{${render},cache} MetricName="status"`, 'SampleCount', 8),
    ],
    [
      searchGraph('Real-user LCP p75 by route (ms)', `{${render},route} MetricName="LCP"`, 'p75', 8),
      searchGraph('Real-user INP p75 by route (ms)', `{${render},route} MetricName="INP"`, 'p75', 8),
      searchGraph('Real-user CLS p75 by route', `{${render},route} MetricName="CLS"`, 'p75', 8),
    ],
  ];
}

/** Requests the firewall blocked, by rule (AWS/WAFV2 publishes CloudFront ACLs' metrics in us-east-1). */
function firewallWidget(firewall: SiteFirewall): cloudwatch.IWidget {
  return new cloudwatch.GraphWidget({
    title: 'Firewall: blocked requests',
    width: 24,
    left: [
      new cloudwatch.MathExpression({
        expression: `SEARCH('{AWS/WAFV2,Rule,WebACL} MetricName="BlockedRequests" WebACL="${firewall.metricName}"', 'Sum', 300)`,
        usingMetrics: {},
        label: '',
        period: Duration.minutes(5),
        searchRegion: 'us-east-1',
      }),
    ],
  });
}
