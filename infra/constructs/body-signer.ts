/**
 * The body signer (infra/edge/body-signer.edge.js) as a Lambda@Edge function: it hashes each
 * request body so CloudFront's origin access control can sign it for a private Function URL.
 * Lambda@Edge functions live in us-east-1, run a numbered version, take no environment
 * variables and no arm64; an origin-request one may use up to 30 s and any Lambda memory:
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-at-edge-function-restrictions.html
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html#limits-lambda-at-edge
 * In a us-east-1 stack the function sits beside the site; from any other region it goes into
 * a support stack in us-east-1 of the same app (CDK's EdgeFunction), which needs that region
 * bootstrapped. An environment-agnostic stack cannot say which, so it is refused.
 */
import { Aws, Duration, RemovalPolicy, Stack, Stage, Token } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { bodySignerCode } from '../edge/body-signer';

/** The only region Lambda@Edge functions can be created in. */
export const EDGE_REGION = 'us-east-1';

/** Lambda@Edge runs Node.js 22 (and 20); x86_64 only. */
export const SIGNER_RUNTIME = lambda.Runtime.NODEJS_22_X;

/**
 * Hashing is CPU-bound and CPU grows with memory (1,769 MB is one vCPU): SHA-256 of 1 MiB
 * takes ~1.3 ms of a core, so ~9 ms at 256 MB; a small form takes well under 1 ms of work.
 * Cost per GB-second is the same either way for the hashing itself.
 */
export const SIGNER_MEMORY_MB = 256;

export interface BodySignerProps {
  /**
   * Name of the us-east-1 stack that holds the function when this stack is in another region.
   * @default `${stackName}Edge`
   */
  readonly edgeStackName?: string;
  /** @default SIGNER_MEMORY_MB (256) */
  readonly memorySize?: number;
  /** Origin-request functions may run up to 30 s; hashing 1 MiB takes milliseconds. @default Duration.seconds(5) */
  readonly timeout?: Duration;
}

export class BodySigner extends Construct {
  /** The published version CloudFront runs (an `IVersion`). */
  readonly function: cloudfront.experimental.EdgeFunction;
  readonly role: iam.Role;
  /** What the function may log to (Lambda@Edge logs in the region that served the request). */
  readonly logsPolicy: iam.Policy;
  /** This stack in us-east-1; otherwise the support stack in us-east-1. */
  readonly functionStack: Stack;

  constructor(scope: Construct, id: string, props: BodySignerProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    if (Token.isUnresolved(stack.region)) {
      throw new Error(
        'The body signer is a Lambda@Edge function, created in us-east-1: give the stack a region (cdk.json context "region") so it can be placed there.',
      );
    }
    const edgeStackName = props.edgeStackName ?? `${stack.stackName}Edge`;
    this.functionStack = stack.region === EDGE_REGION ? stack : edgeStackOf(stack, edgeStackName);
    // The role and its log policy go where the function goes.
    const home: Construct = this.functionStack === stack ? this : this.functionStack;
    const prefix = this.functionStack === stack ? '' : id;

    // Own role, no managed policy; CDK adds the edgelambda.amazonaws.com trust.
    this.role = new iam.Role(home, `${prefix}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Stratus body signer (Lambda@Edge): writes its own logs, nothing else',
    });
    // In the support stack the function is named by this id.
    this.function = new cloudfront.experimental.EdgeFunction(this, `${id}Function`, {
      description: 'Stratus body signer: x-amz-content-sha256 of each request body, for origin access control',
      runtime: SIGNER_RUNTIME,
      architecture: lambda.Architecture.X86_64,
      handler: 'index.handler',
      code: lambda.Code.fromInline(bodySignerCode()),
      memorySize: props.memorySize ?? SIGNER_MEMORY_MB,
      timeout: props.timeout ?? Duration.seconds(5),
      role: this.role,
      stackId: edgeStackName,
      // A replicated function or version can be deleted only hours after CloudFront lets go
      // of it; kept, a stack update or deletion never fails on them.
      currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
    });
    this.function.lambda.applyRemovalPolicy(RemovalPolicy.RETAIN);
    // Lambda@Edge writes to `/aws/lambda/us-east-1.<name>` in the region that served the
    // request, so the group is named, the region is not. A separate policy: the function
    // name in it would otherwise make the function wait on its own role's policy.
    this.logsPolicy = new iam.Policy(home, `${prefix}Logs`, {
      roles: [this.role],
      statements: [
        new iam.PolicyStatement({
          actions: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [
            `arn:${Aws.PARTITION}:logs:*:${Aws.ACCOUNT_ID}:log-group:/aws/lambda/${EDGE_REGION}.${this.function.lambda.functionName}`,
            `arn:${Aws.PARTITION}:logs:*:${Aws.ACCOUNT_ID}:log-group:/aws/lambda/${EDGE_REGION}.${this.function.lambda.functionName}:*`,
          ],
        }),
      ],
    });
  }
}

/**
 * The app's us-east-1 stack for what CloudFront reads only there (edge functions, the
 * firewall, certificates), made once (EdgeFunction finds it by name).
 */
export function edgeStackOf(stack: Stack, name: string): Stack {
  const stage = Stage.of(stack);
  if (!stage) throw new Error('The body signer needs its stack to be part of a CDK app.');
  const existing = stage.node.tryFindChild(name);
  if (existing) return existing as Stack;
  return new Stack(stage, name, {
    env: { region: EDGE_REGION, account: stack.account },
    // The firewall's and certificate's ARNs go to the site's stack in its own region.
    crossRegionReferences: true,
    description: `Stratus: what CloudFront reads in us-east-1 only (body signer, firewall, certificate) for ${stack.stackName}`,
  });
}
