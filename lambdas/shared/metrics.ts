/**
 * CloudWatch metrics from the log lines themselves, in Embedded Metric Format: a request
 * line carries an `_aws` member that names which of its own fields are metrics and which are
 * dimensions, and CloudWatch Logs makes the metrics as it takes the line in (no metric
 * filters, no PutMetricData calls, nothing more to wait for in the function). The fields
 * stay the fields operators query; EMF only adds the member naming them.
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
 *
 * The namespace is the stack's (`STRATUS_METRICS_NAMESPACE`, one per site); `STRATUS_METRICS=off`
 * leaves the member out (each metric and dimension value is a custom metric CloudWatch bills).
 */

/** The member EMF reads: when, and which directives. */
export interface EmfMember {
  Timestamp: number;
  CloudWatchMetrics: EmfDirective[];
}

interface EmfDirective {
  Namespace: string;
  Dimensions: string[][];
  Metrics: { Name: string; Unit?: string }[];
}

/** Where metrics go when the stack names no namespace (locally). */
export const DEFAULT_NAMESPACE = 'Stratus';

/** A metric of a line: the name of one of its numeric fields, and its unit. */
export interface MetricField {
  name: string;
  unit?: 'Milliseconds' | 'Bytes' | 'Count';
}

/** Request latency (the line's `durationMs`). */
export const LATENCY: MetricField = { name: 'durationMs', unit: 'Milliseconds' };
/**
 * The answer's status as a value: `PR(499:599)` is the share of 5xx answers, `TC(499:599)`
 * their count, `SampleCount` the requests; one metric instead of one per status class.
 */
export const STATUS: MetricField = { name: 'status' };

/** Cold starts: `coldStart: 1` on an instance's first request line (Sum: how many). */
export const COLD_START: MetricField = { name: 'coldStart', unit: 'Count' };

/** Some of a line's metrics, aggregated by each list of dimension fields (`[]`: the whole site). */
export interface MetricGroup {
  dimensions: string[][];
  metrics: readonly MetricField[];
}

/**
 * The `_aws` member's directives as JSON text, made once per set of groups (they never
 * change in a process), for lines written as text: `"_aws":{"Timestamp":…,"CloudWatchMetrics":<this>}`.
 * Undefined when metrics are off.
 */
export function emfDirectivesText(groups: readonly MetricGroup[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  const member = emf(groups, env);
  return member && JSON.stringify(member.CloudWatchMetrics);
}

/**
 * The `_aws` member for a line whose fields include the groups' metrics and dimensions, or
 * undefined when metrics are off.
 *
 * @example
 * log({ route: '/posts/[slug]', status: 200, durationMs: 4.1, _aws: emf([{ dimensions: [['route'], []], metrics: [LATENCY, STATUS] }]) });
 */
export function emf(groups: readonly MetricGroup[], env: NodeJS.ProcessEnv = process.env): EmfMember | undefined {
  if (env.STRATUS_METRICS === 'off') return undefined;
  const namespace = env.STRATUS_METRICS_NAMESPACE || DEFAULT_NAMESPACE;
  return {
    Timestamp: Date.now(),
    CloudWatchMetrics: groups.map((group) => ({
      Namespace: namespace,
      Dimensions: group.dimensions,
      Metrics: group.metrics.map((metric) => (metric.unit ? { Name: metric.name, Unit: metric.unit } : { Name: metric.name })),
    })),
  };
}
