/**
 * One of the site's Lambda functions (render, its streaming twin for API routes, image), set
 * up the same way: Node.js 22 (or 24) on arm64 (or x86_64) from a prebuilt folder, JSON logs
 * into its own log group, a version published on every deploy behind the `live` alias, and a
 * Function URL on that alias with AWS_IAM auth that only CloudFront (origin access control)
 * can call.
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

import { LIVE_ALIAS } from '../outputs';

export { LIVE_ALIAS };

/** Both functions share one architecture, so one sharp binary (linux-arm64 by default) ships. */
export const FUNCTION_ARCHITECTURE = lambda.Architecture.ARM_64;
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_22_X;

/** The Node.js versions the functions may run (the build targets Node 20 syntax; both run it). */
export type FunctionRuntime = 'nodejs22.x' | 'nodejs24.x';
/** The functions' CPU architecture: arm64 (Graviton, about 20 % cheaper per GB-second) or x86_64. */
export type FunctionArchitecture = 'arm64' | 'x86_64';

/** Lambda's runtime for a choice. */
export function runtimeOf(runtime: FunctionRuntime = 'nodejs22.x'): lambda.Runtime {
  return runtime === 'nodejs24.x' ? lambda.Runtime.NODEJS_24_X : lambda.Runtime.NODEJS_22_X;
}

/** Lambda's architecture for a choice. */
export function architectureOf(architecture: FunctionArchitecture = 'arm64'): lambda.Architecture {
  return architecture === 'x86_64' ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64;
}

export interface SiteFunctionProps {
  /** Folder with `index.js` exporting `handler`. */
  readonly codeDir: string;
  /** What it does, for the console. */
  readonly description: string;
  /** @default 1024 */
  readonly memorySize?: number;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** @default {} */
  readonly environment?: Record<string, string>;
  /** @default logs.RetentionDays.ONE_MONTH */
  readonly logRetention?: logs.RetentionDays;
  /** Written on each published version, so a rollback can say which deploy it returns to. @default - none */
  readonly versionDescription?: string;
  /** @default 'nodejs22.x' */
  readonly runtime?: FunctionRuntime;
  /** @default 'arm64' */
  readonly architecture?: FunctionArchitecture;
  /** X-Ray active tracing (Lambda records each invocation; the function's spans join it). @default false */
  readonly activeTracing?: boolean;
  /** The exported handler. @default 'index.handler' */
  readonly handler?: string;
  /**
   * How the Function URL answers: `BUFFERED` (the whole answer at once, 6 MB at most) or
   * `RESPONSE_STREAM` (as the handler writes it, 200 MB at most; the handler must be wrapped
   * in `awslambda.streamifyResponse`).
   * @default lambda.InvokeMode.BUFFERED
   */
  readonly invokeMode?: lambda.InvokeMode;
  /**
   * Another function's role, shared (the same permissions: what is granted to one is granted
   * to both); this function's log group is added to it.
   * @default - a role of its own
   */
  readonly role?: iam.Role;
}

export class SiteFunction extends Construct {
  readonly function: lambda.Function;
  readonly alias: lambda.Alias;
  readonly url: lambda.FunctionUrl;
  readonly logGroup: logs.LogGroup;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: SiteFunctionProps) {
    super(scope, id);
    // `logRetention` is deprecated: an explicit group carries the retention.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Own role instead of AWSLambdaBasicExecutionRole: write to this one group, nothing else.
    this.role =
      props.role ??
      new iam.Role(this, 'Role', {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: `${props.description}: logs to its own group, reads only what it needs`,
      });
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.function = new lambda.Function(this, 'Function', {
      description: props.description,
      runtime: runtimeOf(props.runtime),
      architecture: architectureOf(props.architecture),
      // Active: Lambda samples and records invocations, and runs the X-Ray daemon the spans go to
      // (CDK grants xray:PutTraceSegments and xray:PutTelemetryRecords to the role).
      tracing: props.activeTracing ? lambda.Tracing.ACTIVE : undefined,
      handler: props.handler ?? 'index.handler',
      code: lambda.Code.fromAsset(props.codeDir),
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      // No --enable-source-maps: Node would parse the bundle's map at every cold start. The
      // handlers map a stack through index.js.map themselves when they log an error.
      environment: { ...props.environment },
      role: this.role,
      logGroup: this.logGroup,
      // The handlers print one JSON object per line; JSON format keeps them as fields.
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      // INFO keeps the platform.report lines the cold-start metric counts.
      systemLogLevelV2: lambda.SystemLogLevel.INFO,
      currentVersionOptions: {
        description: props.versionDescription,
        // Old versions stay: they are what a rollback returns to.
        removalPolicy: RemovalPolicy.RETAIN,
      },
    });
    this.alias = new lambda.Alias(this, 'Live', {
      aliasName: LIVE_ALIAS,
      version: this.function.currentVersion,
    });
    // A Function URL can sit on an alias, never on a version; CloudFront signs with OAC.
    this.url = this.alias.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM, invokeMode: props.invokeMode });
  }

  /**
   * Lets one distribution call the alias through its URL. The OAC origin already grants on
   * the URL's function ARN; this grants on the alias ARN itself, since a permission on the
   * unqualified function does not cover an alias. New URLs need both actions:
   * https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html
   */
  allowDistribution(distribution: cloudfront.IDistribution): void {
    const sourceArn = `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${distribution.distributionId}`;
    new lambda.CfnPermission(this, 'CloudFrontInvokeUrl', {
      action: 'lambda:InvokeFunctionUrl',
      principal: 'cloudfront.amazonaws.com',
      functionName: this.alias.functionArn,
      functionUrlAuthType: lambda.FunctionUrlAuthType.AWS_IAM,
      sourceArn,
    });
    new lambda.CfnPermission(this, 'CloudFrontInvoke', {
      action: 'lambda:InvokeFunction',
      principal: 'cloudfront.amazonaws.com',
      functionName: this.alias.functionArn,
      invokedViaFunctionUrl: true,
      sourceArn,
    });
  }
}
