/**
 * Reads a log line's Embedded Metric Format as CloudWatch Logs does, by the specification's
 * rules, and returns the data points it makes: a line that breaks a rule is refused with the
 * rule's name (CloudWatch would make no metric of it).
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
 */

/** The units CloudWatch accepts. */
const UNITS = new Set([
  'Seconds', 'Microseconds', 'Milliseconds', 'Bytes', 'Kilobytes', 'Megabytes', 'Gigabytes', 'Terabytes', 'Bits', 'Kilobits', 'Megabits', 'Gigabits',
  'Terabits', 'Percent', 'Count', 'Bytes/Second', 'Kilobytes/Second', 'Megabytes/Second', 'Gigabytes/Second', 'Terabytes/Second', 'Bits/Second',
  'Kilobits/Second', 'Megabits/Second', 'Gigabits/Second', 'Terabits/Second', 'Count/Second', 'None',
]);

export interface DataPoint {
  namespace: string;
  metric: string;
  unit: string;
  dimensions: Record<string, string>;
  values: number[];
  timestamp: number;
}

export class EmfError extends Error {}

function check(condition: unknown, rule: string): asserts condition {
  if (!condition) throw new EmfError(rule);
}

/** The data points of one line (a JSON text); [] for a line without `_aws`. Throws EmfError for an invalid one. */
export function readEmf(text: string): DataPoint[] {
  check(Buffer.byteLength(text) <= 1024 * 1024, 'a log event is at most 1 MB');
  const line = JSON.parse(text) as Record<string, unknown>;
  const aws = line._aws as { Timestamp?: unknown; CloudWatchMetrics?: unknown } | undefined;
  if (aws === undefined) return [];
  check(typeof aws === 'object' && aws !== null, '_aws is an object');
  check(Number.isInteger(aws.Timestamp) && (aws.Timestamp as number) > 0, '_aws.Timestamp is milliseconds since the epoch');
  check(Array.isArray(aws.CloudWatchMetrics), '_aws.CloudWatchMetrics is an array');
  const points: DataPoint[] = [];
  for (const directive of aws.CloudWatchMetrics as Record<string, unknown>[]) {
    const { Namespace, Dimensions, Metrics } = directive;
    check(typeof Namespace === 'string' && Namespace.length >= 1 && Namespace.length <= 255 && /^[\w.\-/#:]+$/.test(Namespace), 'Namespace: 1–255 of letters, digits, . - _ / # :');
    check(Array.isArray(Dimensions), 'Dimensions is an array of dimension sets');
    check(Array.isArray(Metrics) && Metrics.length >= 1 && Metrics.length <= 100, 'Metrics: 1–100 metric definitions');
    for (const set of Dimensions as unknown[]) {
      check(Array.isArray(set) && set.length <= 30, 'a dimension set is an array of at most 30 keys');
      for (const key of set as unknown[]) {
        check(typeof key === 'string' && key in line, `dimension ${String(key)} names a member of the line`);
        const value = line[key];
        check(typeof value === 'string' && value.length >= 1 && value.length <= 1024, `dimension ${key} is a string of 1–1024 characters`);
      }
    }
    for (const metric of Metrics as Record<string, unknown>[]) {
      const name = metric.Name;
      check(typeof name === 'string' && name.length >= 1 && name.length <= 1024, 'a metric has a Name');
      const unit = metric.Unit ?? 'None';
      check(typeof unit === 'string' && UNITS.has(unit), `metric ${name}: Unit is a CloudWatch unit`);
      const value = line[name];
      const values = Array.isArray(value) ? value : [value];
      check(values.length >= 1 && values.length <= 100 && values.every((v) => typeof v === 'number' && Number.isFinite(v)), `metric ${name} names a numeric member of the line`);
      for (const set of Dimensions as string[][]) {
        points.push({ namespace: Namespace, metric: name, unit, dimensions: Object.fromEntries(set.map((key) => [key, line[key] as string])), values: values as number[], timestamp: aws.Timestamp as number });
      }
    }
  }
  return points;
}
