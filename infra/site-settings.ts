/**
 * The deploy-time settings of a site, read from `cdk.json` context (or `-c key=value`),
 * with the defaults a small site wants. One place parses them, so a typo fails synth with
 * a message instead of producing an odd stack.
 */
import type { Node } from 'constructs';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { SetupError } from './build-output';
import type { FunctionArchitecture, FunctionRuntime } from './constructs/site-function';
import type { FirewallOptions } from './constructs/site-firewall';
import type { SiteTracing } from './constructs/stratus-site';

export interface SiteSettings {
  /** Build folder (`stratus build`'s output), relative to the checkout. @default 'web/site/.stratus' */
  buildDir: string;
  /** The app `buildDir` is built from (the folder holding `pages/`), relative to the checkout. @default 'web/site' */
  appDir: string;
  /**
   * Build `appDir` into `buildDir` before synth when the build is missing or older than the
   * app's or the framework's sources; `false` deploys `buildDir` as it is (a build made elsewhere).
   * @default true
   */
  autoBuild: boolean;
  /** @default 'Stratus' */
  stackName: string;
  /**
   * The region the site's stack deploys to. Lambda@Edge (the body signer) lives in us-east-1:
   * there it joins the stack, elsewhere it goes into a second stack in us-east-1.
   * @default - CDK_DEFAULT_REGION (what `cdk deploy` targets: the profile's region), else 'us-east-1'
   */
  region: string;
  /** @default PriceClass.PRICE_CLASS_100 (North America and Europe edges) */
  priceClass: cloudfront.PriceClass;
  /** Retention of both functions' log groups, in days. @default 30 */
  logRetentionDays: number;
  /** Days an uploaded asset stays in the `_archive/` copy that serves earlier builds. @default 30 */
  assetRetentionDays: number;
  /** Custom domain (e.g. `www.example.com`); needs `certificateArn`, or the Route 53 zone (`hostedZoneId`, `hostedZoneName`). @default - the `*.cloudfront.net` name */
  domainName?: string;
  /** ACM certificate in us-east-1 covering `domainName`. @default - none (made and validated in the zone, when one is named) */
  certificateArn?: string;
  /** The Route 53 public hosted zone of `domainName`: a certificate is made and validated there, and alias records written. @default - none */
  hostedZoneId?: string;
  /** That zone's name (`example.com`). @default - none */
  hostedZoneName?: string;
  /** Traces: `off`, `xray`, or a collector's OTLP/HTTP base URL (`https://…`; `otlpHeaders` `k=v,k2=v2`, `traceSampleRatio` 0–1). @default 'off' */
  tracing: SiteTracing;
  /** A WAF web ACL in front of the distribution (`firewallRateLimit`: requests per 5 minutes per IP, 0 for none). @default false */
  firewall: boolean | FirewallOptions;
  /** Per-route metrics from the request lines (Embedded Metric Format). @default true */
  metrics: boolean;
  /** @default 'nodejs22.x' */
  runtime: FunctionRuntime;
  /** @default 'arm64' */
  architecture: FunctionArchitecture;
  /** Address subscribed to the alarm topic. @default - no subscription */
  alarmEmail?: string;
  /** @default 1024 */
  renderMemoryMB: number;
  /** @default 10 */
  renderTimeoutSeconds: number;
  /** The function behind API routes (streaming answers must end within it). @default renderTimeoutSeconds */
  apiTimeoutSeconds: number;
  /** sharp is CPU-bound and Lambda's CPU grows with memory. @default 1536 */
  imageMemoryMB: number;
  /** @default 15 */
  imageTimeoutSeconds: number;
  /** CloudFront's paid additional metrics (cache hit rate, origin latency) for the dashboard. @default true */
  additionalMetrics: boolean;
  /** Tag of this deploy, written on the function versions; `npm run deploy` passes a timestamp. @default - the build id */
  deployId?: string;
}

const PRICE_CLASSES: Record<string, cloudfront.PriceClass> = {
  PriceClass_100: cloudfront.PriceClass.PRICE_CLASS_100,
  PriceClass_200: cloudfront.PriceClass.PRICE_CLASS_200,
  PriceClass_All: cloudfront.PriceClass.PRICE_CLASS_ALL,
};

/** Reads the settings from the app's context. */
export function readSiteSettings(node: Node): SiteSettings {
  const get = (key: string): unknown => {
    const value = node.tryGetContext(key);
    return value === '' || value === null ? undefined : value;
  };
  const text = (key: string) => {
    const value = get(key);
    return value === undefined ? undefined : String(value);
  };
  const number = (key: string, fallback: number, min: number, max: number) => {
    const value = get(key);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new SetupError(`cdk.json context "${key}" must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}.`);
    }
    return n;
  };
  const flag = (key: string, fallback: boolean) => {
    const value = get(key);
    return value === undefined ? fallback : value === true || value === 'true';
  };

  const region = text('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1';
  if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) {
    throw new SetupError(`cdk.json context "region" must be an AWS region such as us-east-1 or eu-west-1; got "${region}".`);
  }
  const priceClassName = text('priceClass') ?? 'PriceClass_100';
  const priceClass = PRICE_CLASSES[priceClassName];
  if (!priceClass) {
    throw new SetupError(`cdk.json context "priceClass" must be one of ${Object.keys(PRICE_CLASSES).join(', ')}; got "${priceClassName}".`);
  }
  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  const hostedZoneId = text('hostedZoneId');
  const hostedZoneName = text('hostedZoneName');
  if (Boolean(hostedZoneId) !== Boolean(hostedZoneName)) {
    throw new SetupError('cdk.json context: set "hostedZoneId" and "hostedZoneName" together (the Route 53 public hosted zone of "domainName", such as Z0123456789ABC and example.com).');
  }
  if (hostedZoneId && !domainName) throw new SetupError('cdk.json context: "hostedZoneId" is for "domainName": set the domain too.');
  if (Boolean(domainName) !== Boolean(certificateArn || hostedZoneId)) {
    throw new SetupError('cdk.json context: set "domainName" together with "certificateArn" (an ACM certificate in us-east-1 covering the domain), or with "hostedZoneId" and "hostedZoneName" (its Route 53 zone: the stack makes the certificate and the DNS records).');
  }
  if (certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:/.test(certificateArn)) {
    throw new SetupError(`cdk.json context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront only reads that region); got "${certificateArn}".`);
  }
  const choice = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const value = text(key) ?? fallback;
    if (!(allowed as readonly string[]).includes(value)) throw new SetupError(`cdk.json context "${key}" must be one of ${allowed.join(', ')}; got "${value}".`);
    return value as T;
  };
  const tracingValue = text('tracing') ?? 'off';
  let tracing: SiteTracing;
  if (tracingValue === 'off' || tracingValue === 'xray') tracing = tracingValue;
  else if (/^https?:\/\/[^/\s]+/.test(tracingValue)) {
    const headers = Object.fromEntries((text('otlpHeaders') ?? '').split(',').filter(Boolean).map((pair) => {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new SetupError(`cdk.json context "otlpHeaders" must be name=value pairs separated by commas; got "${pair}".`);
      return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
    }));
    const ratio = get('traceSampleRatio') === undefined ? 1 : Number(get('traceSampleRatio'));
    if (!(ratio >= 0 && ratio <= 1)) throw new SetupError(`cdk.json context "traceSampleRatio" must be a number from 0 to 1; got ${JSON.stringify(get('traceSampleRatio'))}.`);
    tracing = { otlpEndpoint: tracingValue, headers, sampleRatio: ratio };
  } else {
    throw new SetupError(`cdk.json context "tracing" must be off, xray, or an OTLP/HTTP collector's URL (https://…); got "${tracingValue}".`);
  }
  const firewallOn = flag('firewall', false);
  return {
    tracing,
    firewall: firewallOn && get('firewallRateLimit') !== undefined ? { rateLimit: number('firewallRateLimit', 0, 0, 2_000_000_000) } : firewallOn,
    metrics: flag('metrics', true),
    runtime: choice<FunctionRuntime>('runtime', ['nodejs22.x', 'nodejs24.x'], 'nodejs22.x'),
    architecture: choice<FunctionArchitecture>('architecture', ['arm64', 'x86_64'], 'arm64'),
    hostedZoneId,
    hostedZoneName,
    buildDir: text('buildDir') ?? 'web/site/.stratus',
    appDir: text('appDir') ?? 'web/site',
    autoBuild: flag('autoBuild', true),
    stackName: text('stackName') ?? 'Stratus',
    region,
    priceClass,
    logRetentionDays: number('logRetentionDays', 30, 1, 3653),
    assetRetentionDays: number('assetRetentionDays', 30, 1, 3650),
    domainName,
    certificateArn,
    alarmEmail: text('alarmEmail'),
    renderMemoryMB: number('renderMemoryMB', 1024, 128, 10240),
    renderTimeoutSeconds: number('renderTimeoutSeconds', 10, 1, 120),
    // Up to Lambda's 15 minutes: a stream may run long; CloudFront ends one that is silent for 30 s.
    apiTimeoutSeconds: number('apiTimeoutSeconds', number('renderTimeoutSeconds', 10, 1, 120), 1, 900),
    imageMemoryMB: number('imageMemoryMB', 1536, 128, 10240),
    imageTimeoutSeconds: number('imageTimeoutSeconds', 15, 1, 120),
    additionalMetrics: flag('additionalMetrics', true),
    deployId: text('deployId'),
  };
}
