/**
 * A whole Stratus site: bucket, asset upload, render and image functions, distribution,
 * alarms and dashboard, from one build folder. Reusable in any stack; infra/site-stack.ts
 * is the app's own use of it.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { BuildOutput } from '../build-output';
import { bodyRoutesOf, edgeBehaviours } from '../../contract/edge-behaviours';
import { edgeConfigOf } from '../edge/viewer-request';
import { AssetsBucket, PRIVATE_PREFIX, STORE_PREFIX } from './assets-bucket';
import { BodySigner } from './body-signer';
import { AssetsDeployment } from './assets-deployment';
import { SiteDistribution } from './site-distribution';
import { SiteFunction } from './site-function';
import { SiteMonitoring } from './site-monitoring';

export interface StratusSiteProps {
  /** `stratus build`'s output, read by `readBuildOutput`. */
  readonly build: BuildOutput;
  /** @default PriceClass.PRICE_CLASS_100 */
  readonly priceClass?: cloudfront.PriceClass;
  /** @default 30 */
  readonly logRetentionDays?: number;
  /** How long earlier builds' files stay reachable, in days. @default 30 */
  readonly assetRetentionDays?: number;
  /** @default - the `*.cloudfront.net` name */
  readonly domainName?: string;
  /** ACM certificate (us-east-1) for `domainName`. @default - none */
  readonly certificateArn?: string;
  /** @default - no e-mail subscription */
  readonly alarmEmail?: string;
  /** @default 1024 */
  readonly renderMemoryMB?: number;
  /** @default 10 */
  readonly renderTimeoutSeconds?: number;
  /** @default 1536 */
  readonly imageMemoryMB?: number;
  /** @default 15 */
  readonly imageTimeoutSeconds?: number;
  /** @default true */
  readonly additionalMetrics?: boolean;
  /** Tag of this deploy on both functions' versions; a new value publishes new versions. @default - the build id */
  readonly deployId?: string;
  /**
   * The us-east-1 stack that holds the body signer (Lambda@Edge) when this one is elsewhere.
   * @default `${stackName}Edge`
   */
  readonly edgeStackName?: string;
}

/**
 * What API handlers get to finish in (`STRATUS_API_TIMEOUT_MS`): a little under the function's
 * timeout, so a slow handler is answered (504) and logged instead of Lambda killing the run.
 */
export function apiTimeoutMs(timeout: Duration): number {
  const ms = timeout.toMilliseconds();
  return Math.max(ms - 1000, Math.floor(ms * 0.8));
}

export class StratusSite extends Construct {
  readonly assets: AssetsBucket;
  readonly render: SiteFunction;
  readonly image: SiteFunction;
  readonly cdn: SiteDistribution;
  readonly monitoring: SiteMonitoring;
  readonly deployment: AssetsDeployment;
  /** Hashes request bodies for origin access control; only when some path takes a body. */
  readonly bodySigner?: BodySigner;
  /** Invalidates the distribution after each deploy. */
  readonly invalidation: s3deploy.BucketDeployment;
  private readonly domainName?: string;

  constructor(scope: Construct, id: string, props: StratusSiteProps) {
    super(scope, id);
    this.domainName = props.domainName;
    const { manifest } = props.build;
    const bucket = (this.assets = new AssetsBucket(this, 'Assets', { archiveDays: props.assetRetentionDays })).bucket;
    this.deployment = new AssetsDeployment(this, 'Upload', {
      bucket,
      assetsDir: props.build.assetsDir,
      cacheControl: manifest.s3CacheControl,
    });

    const logRetention = retentionOf(props.logRetentionDays ?? 30);
    const deployId = props.deployId ?? manifest.buildId;
    // The deploy id is in the environment so every deploy publishes a version of both
    // functions, and in the version description so a rollback can pair them up.
    const common = {
      logRetention,
      environment: { STRATUS_BUILD_ID: manifest.buildId, STRATUS_DEPLOY_ID: deployId, STRATUS_BUCKET: bucket.bucketName },
      versionDescription: `deploy ${deployId} build ${manifest.buildId}`,
    };
    const renderTimeout = Duration.seconds(props.renderTimeoutSeconds ?? 10);
    this.render = new SiteFunction(this, 'Render', {
      ...common,
      environment: {
        ...common.environment,
        STRATUS_STORE_PREFIX: STORE_PREFIX,
        STRATUS_API_TIMEOUT_MS: String(apiTimeoutMs(renderTimeout)),
      },
      codeDir: props.build.renderLambdaDir,
      description: 'Stratus render: pages, server data and API routes',
      memorySize: props.renderMemoryMB ?? 1024,
      timeout: renderTimeout,
    });
    this.image = new SiteFunction(this, 'Image', {
      ...common,
      codeDir: props.build.imageLambdaDir,
      description: 'Stratus image: resizes /_app/image requests with sharp',
      memorySize: props.imageMemoryMB ?? 1536,
      timeout: Duration.seconds(props.imageTimeoutSeconds ?? 15),
    });

    // Least privilege, exact actions (no s3:Get*). The render function reads nothing (its
    // prerendered pages ship in its own bundle) and may only add objects under the store
    // prefix (what a form keeps). The image function reads source images anywhere but the
    // site's data, and may list the bucket, so a missing key answers NoSuchKey (404), not
    // AccessDenied.
    this.render.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(`${STORE_PREFIX}*`)] }));
    this.image.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('*')] }));
    this.image.role.addToPolicy(
      new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${PRIVATE_PREFIX}*`)] }),
    );
    this.image.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));

    // Bodies reach the render function only through the signer, and only on the paths that
    // take them (contract/edge-behaviours.ts); a site with neither API routes nor a
    // getServerSideProps page has no signer and no Lambda@Edge at all.
    const bodies = bodyRoutesOf(manifest);
    const behaviours = edgeBehaviours(manifest.publicFiles, bodies);
    if (behaviours.some((behaviour) => behaviour.bodySigner)) {
      this.bodySigner = new BodySigner(this, 'BodySigner', { edgeStackName: props.edgeStackName });
    }

    this.cdn = new SiteDistribution(this, 'Cdn', {
      behaviours,
      bucket,
      renderUrl: this.render.url,
      imageUrl: this.image.url,
      edgeConfig: edgeConfigOf(manifest.config, bodies),
      bodySigner: this.bodySigner?.function,
      priceClass: props.priceClass,
      domainName: props.domainName,
      certificateArn: props.certificateArn,
      additionalMetrics: props.additionalMetrics,
    });

    this.render.allowDistribution(this.cdn.distribution);
    this.image.allowDistribution(this.cdn.distribution);

    // Static pages are cached at the edge for up to a year (s-maxage): once the new
    // functions and files are live, the deploy invalidates the distribution. A marker
    // object carrying the deploy id makes this run on every deploy, and reuses the upload
    // handler instead of adding another function.
    this.invalidation = new s3deploy.BucketDeployment(this, 'Invalidate', {
      sources: [s3deploy.Source.jsonData(`_app/builds/${manifest.buildId}.json`, { buildId: manifest.buildId, deployId })],
      destinationBucket: bucket,
      prune: false,
      retainOnDelete: true,
      distribution: this.cdn.distribution,
      distributionPaths: ['/*'],
      // The same memory as the uploads, so one handler function serves all of them.
      memoryLimit: 1024,
    });
    this.invalidation.node.addDependency(this.render.alias, this.image.alias, ...this.deployment.deployments);

    this.monitoring = new SiteMonitoring(this, 'Monitoring', {
      distribution: this.cdn.distribution,
      render: this.render,
      image: this.image,
      alarmEmail: props.alarmEmail,
      additionalMetrics: props.additionalMetrics,
      apiRoutes: bodies.api,
    });
  }

  /** `https://` + the custom domain, else the distribution's own name. */
  get siteUrl(): string {
    return `https://${this.domainName ?? this.cdn.distribution.distributionDomainName}`;
  }
}

/** CloudWatch Logs accepts only certain day counts; take the next one up. */
export function retentionOf(days: number): logs.RetentionDays {
  const allowed = Object.values(logs.RetentionDays)
    .filter((value): value is logs.RetentionDays => typeof value === 'number' && value > 0)
    .sort((a, b) => a - b);
  return allowed.find((value) => value >= days) ?? logs.RetentionDays.TEN_YEARS;
}
