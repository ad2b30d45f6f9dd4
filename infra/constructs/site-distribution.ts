/**
 * The CloudFront distribution, built from the path table in contract/edge-behaviours.ts
 * (which the local server reads too) and the viewer-request function in infra/edge/.
 */
import { Duration } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { allowedMethods, type EdgeBehaviour, type OriginId } from '../../contract/edge-behaviours';
import { type EdgeConfig, ORIGIN_IDS, viewerRequestCode } from '../edge/viewer-request';
import { ARCHIVE_PREFIX } from './assets-bucket';
import { createSitePolicies, type SitePolicies } from './site-policies';

/** The one of CloudFront's three allowed-methods sets that holds exactly `methods`. */
function cloudFrontMethods(methods: readonly string[]): cloudfront.AllowedMethods {
  const { ALLOW_GET_HEAD, ALLOW_GET_HEAD_OPTIONS, ALLOW_ALL } = cloudfront.AllowedMethods;
  const set = [ALLOW_GET_HEAD, ALLOW_GET_HEAD_OPTIONS, ALLOW_ALL].find(
    (candidate) => candidate.methods.length === methods.length && methods.every((m) => candidate.methods.includes(m)),
  );
  if (!set) throw new Error(`CloudFront has no allowed-methods set of exactly ${methods.join(', ')}.`);
  return set;
}

export interface SiteDistributionProps {
  /** CloudFront's order, default (`*`) last: `edgeBehaviours(manifest.publicFiles)`. */
  readonly behaviours: readonly EdgeBehaviour[];
  readonly bucket: s3.IBucket;
  readonly renderUrl: lambda.IFunctionUrl;
  /**
   * The render code's streaming Function URL (`RESPONSE_STREAM`), the origin of the
   * behaviours whose origin is `stream` (API routes). Required when one is.
   * @default - none (no API routes)
   */
  readonly streamUrl?: lambda.IFunctionUrl;
  readonly imageUrl: lambda.IFunctionUrl;
  /** Injected into the viewer-request function. */
  readonly edgeConfig: EdgeConfig;
  /**
   * The body signer's published version, run with the body on the origin requests of every
   * behaviour marked `bodySigner`. Required when one is.
   * @default - none (no behaviour takes a body)
   */
  readonly bodySigner?: lambda.IVersion;
  /** @default PriceClass.PRICE_CLASS_100 */
  readonly priceClass?: cloudfront.PriceClass;
  /** @default - the `*.cloudfront.net` name only */
  readonly domainName?: string;
  /** ACM certificate in us-east-1 for `domainName`. @default - none */
  readonly certificateArn?: string;
  /** Names the distribution answers for (instead of `domainName`), with their `certificate`. @default - `domainName` */
  readonly domainNames?: readonly string[];
  /** The certificate of `domainNames` (in us-east-1). @default - from `certificateArn` */
  readonly certificate?: acm.ICertificate;
  /** The WAF web ACL in front of the distribution (its ARN, in us-east-1). @default - none */
  readonly webAclArn?: string;
  /** Paid CloudFront metrics such as cache hit rate. @default true */
  readonly additionalMetrics?: boolean;
}

export class SiteDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly viewerRequest: cloudfront.Function;
  /**
   * The same code on public folders' behaviours (`filesFirst`), without the bucket-first
   * page lookup, which would ask the bucket for a page instead of the file. None when no
   * behaviour is one.
   */
  readonly filesViewerRequest?: cloudfront.Function;
  readonly policies: SitePolicies;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);
    this.policies = createSitePolicies(this, 'Policies');
    this.viewerRequest = new cloudfront.Function(this, 'ViewerRequest', {
      comment: 'Stratus: methods per path (405), trailing slash, locale redirect, image Accept, x-forwarded-host',
      code: cloudfront.FunctionCode.fromInline(viewerRequestCode(props.edgeConfig)),
      // The CDK default is cloudfront-js-1.0.
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    if (props.behaviours.some((behaviour) => behaviour.filesFirst)) {
      this.filesViewerRequest = new cloudfront.Function(this, 'FilesViewerRequest', {
        comment: 'Stratus public folders: as ViewerRequest, without the bucket-first page lookup',
        code: cloudfront.FunctionCode.fromInline(viewerRequestCode({ ...props.edgeConfig, pages: null })),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
      });
    }

    // One origin access control per kind, shared by the origins of that kind.
    const s3Oac = new cloudfront.S3OriginAccessControl(this, 'BucketAccess', { signing: cloudfront.Signing.SIGV4_ALWAYS });
    const lambdaOac = new cloudfront.FunctionUrlOriginAccessControl(this, 'FunctionAccess', {
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });
    // Read only: a missing key answers 403 (not 404), which the origin groups fail over on.
    const bucketOrigin = (originId?: string) => origins.S3BucketOrigin.withOriginAccessControl(props.bucket, { originAccessControl: s3Oac, originId });
    const archive = origins.S3BucketOrigin.withOriginAccessControl(props.bucket, {
      originAccessControl: s3Oac,
      originPath: `/${ARCHIVE_PREFIX.replace(/\/$/, '')}`,
    });
    const lambdaOrigin = (url: lambda.IFunctionUrl, originId?: string) =>
      origins.FunctionUrlOrigin.withOriginAccessControl(url, { originAccessControl: lambdaOac, readTimeout: Duration.seconds(30), originId });
    // Two origins have fixed ids: the viewer-request function names them in the origin group
    // it makes for a page the bucket may hold (infra/edge/viewer-request.cf.js). The render
    // function's is the default behaviour's (always there); the bucket's is the hashed files'
    // (always there). An origin inside a group is a copy of its own, so every other use of the
    // bucket or the render function gets a fresh origin (an id appears once per distribution).
    const originsById: Partial<Record<OriginId, cloudfront.IOrigin>> = {
      assets: bucketOrigin(),
      render: lambdaOrigin(props.renderUrl, ORIGIN_IDS.render),
      stream: props.streamUrl && lambdaOrigin(props.streamUrl),
      image: lambdaOrigin(props.imageUrl),
    };
    const originOf = (id: OriginId): cloudfront.IOrigin => {
      const origin = originsById[id];
      if (!origin) throw new Error(`A behaviour's origin is "${id}", but no ${id} Function URL was given (streamUrl).`);
      return origin;
    };
    const groupMember = (id: OriginId): cloudfront.IOrigin => {
      if (id === 'assets') return bucketOrigin();
      if (id === 'render') return lambdaOrigin(props.renderUrl);
      if (id === 'stream' && props.streamUrl) return lambdaOrigin(props.streamUrl);
      return id === 'image' ? lambdaOrigin(props.imageUrl) : originOf(id);
    };
    const hashedFiles = bucketOrigin(ORIGIN_IDS.assets);

    const toOptions = (behaviour: EdgeBehaviour): cloudfront.BehaviorOptions => {
      // Hashed files of earlier builds live on under _archive/ (skew protection).
      const immutable = behaviour.origin === 'assets' && behaviour.cache === 'immutable';
      const origin = behaviour.failoverOrigin
        ? new origins.OriginGroup({ primaryOrigin: groupMember(behaviour.origin), fallbackOrigin: groupMember(behaviour.failoverOrigin), fallbackStatusCodes: [403, 404] })
        : immutable
          ? new origins.OriginGroup({ primaryOrigin: hashedFiles, fallbackOrigin: archive, fallbackStatusCodes: [403, 404] })
          : originOf(behaviour.origin);
      return {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        allowedMethods: cloudFrontMethods(allowedMethods(behaviour)),
        cachePolicy: this.policies.cachePolicyFor(behaviour),
        originRequestPolicy: this.policies.originRequestPolicyFor(behaviour),
        responseHeadersPolicy: this.policies.responseHeadersPolicyFor(behaviour),
        functionAssociations: behaviour.viewerRequest
          ? [{ function: (behaviour.filesFirst && this.filesViewerRequest) || this.viewerRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }]
          : undefined,
        edgeLambdas: behaviour.bodySigner ? [signerOf(behaviour)] : undefined,
      };
    };
    const signerOf = (behaviour: EdgeBehaviour): cloudfront.EdgeLambda => {
      if (!props.bodySigner) throw new Error(`Behaviour ${behaviour.pathPattern} takes bodies but no body signer was given.`);
      // includeBody: the function sees the body (at most 1 MB of it) to hash it.
      return { functionVersion: props.bodySigner, eventType: cloudfront.LambdaEdgeEventType.ORIGIN_REQUEST, includeBody: true };
    };

    const defaultBehaviour = props.behaviours[props.behaviours.length - 1];
    if (!defaultBehaviour || defaultBehaviour.pathPattern !== '*') throw new Error('The behaviour table must end with the default "*".');
    const additionalBehaviors: Record<string, cloudfront.BehaviorOptions> = {};
    for (const behaviour of props.behaviours.slice(0, -1)) additionalBehaviors[behaviour.pathPattern] = toOptions(behaviour);

    const certificate = props.certificate ?? (props.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined);
    const domainNames = props.domainNames ?? (props.domainName ? [props.domainName] : undefined);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Stratus site',
      defaultBehavior: toOptions(defaultBehaviour),
      additionalBehaviors,
      priceClass: props.priceClass ?? cloudfront.PriceClass.PRICE_CLASS_100,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableIpv6: true,
      domainNames: domainNames ? [...domainNames] : undefined,
      certificate,
      // Only a custom certificate can raise the TLS floor; the default *.cloudfront.net one is fixed.
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      publishAdditionalMetrics: props.additionalMetrics ?? true,
    });
  }
}
