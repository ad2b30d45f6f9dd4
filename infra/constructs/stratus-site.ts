/**
 * A whole Stratus site: bucket, asset upload, render and image functions, distribution,
 * alarms and dashboard, from one build folder. Reusable in any stack; infra/site-stack.ts
 * is the app's own use of it.
 */
import path from 'node:path';
import { CfnOutput, Duration, Stack, Token } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as ssm from 'aws-cdk-lib/aws-ssm';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ensureBuild } from '../app-build';
import { readBuildOutput, SetupError, type BuildOutput } from '../build-output';
import { bodyRoutesOf, edgeRoutingOf, edgeBehaviours } from '../../contract/edge-behaviours';
import { encodeSecrets, ENV_NAME, SECRETS_ENV, type SecretSource } from '../../contract/secrets';
import { edgeConfigOf } from '../edge/viewer-request';
import { assetKey, DATA_PREFIX, PAGES_PREFIX } from '../../contract/urls';
import { AssetsBucket, PRIVATE_PREFIX, STORE_PREFIX } from './assets-bucket';
import { BodySigner, EDGE_REGION, edgeStackOf } from './body-signer';
import { SiteAliasRecords, SiteCertificate, type DomainOptions, domainNamesOf } from './site-domain';
import { SiteFirewall, type FirewallOptions } from './site-firewall';
import { AssetsDeployment } from './assets-deployment';
import { SiteDistribution } from './site-distribution';
import { SiteFunction, type FunctionArchitecture, type FunctionRuntime } from './site-function';
import { SiteMonitoring } from './site-monitoring';
import { SiteRegeneration } from './site-regeneration';
import { OUTPUTS } from '../outputs';

/**
 * Where the functions' spans go (docs/OPERATIONS.md, "Traces"): nowhere (`off`; an app's own
 * `instrumentation.ts` may still register a provider), AWS X-Ray (Lambda's active tracing,
 * the spans as subsegments of each invocation), or an OpenTelemetry collector over OTLP/HTTP.
 */
export type SiteTracing = 'off' | 'xray' | OtlpTracing;

export interface OtlpTracing {
  /** The collector's base URL (`https://otlp.example.com`); spans go to `<it>/v1/traces` (OTEL_EXPORTER_OTLP_ENDPOINT). */
  readonly otlpEndpoint: string;
  /**
   * Headers of each export (an API key), as OTEL_EXPORTER_OTLP_HEADERS; they are in the
   * functions' environment, visible to whoever can read it. For a secret, leave them out and
   * put `OTEL_EXPORTER_OTLP_HEADERS` in `secrets` (the render function reads it at cold start).
   * @default {}
   */
  readonly headers?: Record<string, string>;
  /** The share of requests traced, 0 to 1, decided by trace id (a visitor's `traceparent` cannot raise it). @default 1 */
  readonly sampleRatio?: number;
}

/** Where a secret lives: an SSM Parameter Store parameter or a Secrets Manager secret. */
export type SecretSourceConstruct = ssm.IParameter | secretsmanager.ISecret;

export interface StratusSiteProps {
  /**
   * `stratus build`'s output, read by `readBuildOutput`. Give this or `appDir`.
   * @default - the build of `appDir`
   */
  readonly build?: BuildOutput;
  /**
   * The app folder (the one holding `pages/`), relative to the working directory. The site
   * deploys its build in `buildDir`, built first when missing or older than the app.
   * @default - none: `build` is given instead
   */
  readonly appDir?: string;
  /** With `appDir`: its build folder. @default `${appDir}/.stratus` */
  readonly buildDir?: string;
  /** With `appDir`: build when the build folder is missing or stale; `false` deploys it as it is. @default true */
  readonly autoBuild?: boolean;
  /**
   * Environment variables of the render function (pages, data functions, API routes), read
   * with `process.env.NAME`. Not `AWS_*` (Lambda's) nor `STRATUS_*` (the framework's). For
   * values the browser may see, use `NEXT_PUBLIC_*` in the app's `.env` at build time instead.
   * @default {}
   */
  readonly environment?: Record<string, string>;
  /**
   * Secrets read at the render function's cold start into `process.env.NAME`, before the
   * first request renders: SSM parameters (SecureString ones decrypted) or Secrets Manager
   * secrets (their SecretString). The function may read exactly these and nothing else.
   * Their values never enter the template.
   * @example
   * secrets: {
   *   DB_PASSWORD: ssm.StringParameter.fromSecureStringParameterAttributes(this, 'Db', { parameterName: '/shop/db-password' }),
   *   STRIPE_KEY: secretsmanager.Secret.fromSecretNameV2(this, 'Stripe', 'shop/stripe'),
   * }
   * @default {}
   */
  readonly secrets?: Record<string, SecretSourceConstruct>;
  /**
   * Extra permissions of the render function, added to its role. For grants of other
   * constructs, pass `site.render.function` after: `table.grantReadData(site.render.function)`.
   * @default []
   */
  readonly policyStatements?: iam.PolicyStatement[];
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
  /**
   * The site's own domain: with `hostedZone`, a DNS-validated certificate is made (in
   * us-east-1) and alias records written for each name; with `certificateArn` alone, that
   * certificate is used and DNS is left to you (as `domainName` + `certificateArn`).
   * @default - the `*.cloudfront.net` name (or `domainName`)
   */
  readonly domain?: DomainOptions;
  /**
   * A WAF web ACL in front of the distribution (in us-east-1): AWS managed rule groups and a
   * per-IP rate limit. Off by default: it costs a monthly fee per ACL and rule group at rest,
   * and managed rules can refuse legitimate requests, so a site turns it on knowingly.
   * @default false
   */
  readonly firewall?: boolean | FirewallOptions;
  /** Traces of both functions. @default 'off' */
  readonly tracing?: SiteTracing;
  /** Per-route metrics from the request lines (Embedded Metric Format; each route is billed as custom metrics). @default true */
  readonly metrics?: boolean;
  /** The functions' Node.js version; the code cache is made for it at each deploy. @default 'nodejs22.x' */
  readonly runtime?: FunctionRuntime;
  /** The functions' CPU architecture; the build's image function must ship sharp for it (`stratus build --arch x64`). @default 'arm64' */
  readonly architecture?: FunctionArchitecture;
  /** @default - no e-mail subscription */
  readonly alarmEmail?: string;
  /** Memory of the render function, in MB (Lambda's CPU grows with it). @default 1024 */
  readonly renderMemoryMB?: number;
  /** @default 10 */
  readonly renderTimeoutSeconds?: number;
  /**
   * Timeout of the function behind API routes (the render code on a streaming Function URL):
   * a streaming answer must end within it (its handler is cut off 1 s before). CloudFront
   * also ends an answer that sends nothing for 30 s (its origin read timeout).
   * @default renderTimeoutSeconds
   */
  readonly apiTimeoutSeconds?: number;
  /** @default 1536 */
  readonly imageMemoryMB?: number;
  /** @default 15 */
  readonly imageTimeoutSeconds?: number;
  /** @default true */
  readonly additionalMetrics?: boolean;
  /** Tag of this deploy on both functions' versions; a new value publishes new versions. @default - the context value `deployId` (`stratus deploy` sets one), else the build id */
  readonly deployId?: string;
  /**
   * A stack output with the render function's name, which `stratus deploy` reads to make the
   * function's code cache (cold starts skip most of compiling). Off where the stack outputs
   * the name itself, as Stratus's own stack does (`RenderFunctionName`).
   * @default true
   */
  readonly renderFunctionOutput?: boolean;
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
  /**
   * The render code behind a streaming Function URL (`RESPONSE_STREAM`), the origin of API
   * routes: an answer written as it goes reaches the visitor as it is written. It shares the
   * render function's role, so a grant to `site.render.function` covers API routes too.
   * Only when the app has API routes.
   */
  readonly stream?: SiteFunction;
  readonly image: SiteFunction;
  readonly cdn: SiteDistribution;
  readonly monitoring: SiteMonitoring;
  /** The shared page store, regeneration leases, draft secret and invalidation grant of the render function. */
  readonly regeneration: SiteRegeneration;
  readonly deployment: AssetsDeployment;
  /** Hashes request bodies for origin access control; only when some path takes a body. */
  readonly bodySigner?: BodySigner;
  /** Invalidates the distribution after each deploy. */
  readonly invalidation: s3deploy.BucketDeployment;
  /** The web ACL in front of the distribution; only with `firewall`. */
  readonly firewall?: SiteFirewall;
  /** The certificate made for `domain` (in us-east-1); only with `domain.hostedZone` and no `certificateArn`. */
  readonly certificate?: SiteCertificate;
  /** The domain's alias records; only with `domain.hostedZone`. */
  readonly aliasRecords?: SiteAliasRecords;
  /** Where the functions' spans go. */
  readonly tracing: SiteTracing;
  /** The namespace of the request lines' metrics (Embedded Metric Format): the render function's; the image function's is `<it>/Image`. */
  readonly metricsNamespace: string;
  private readonly domainName?: string;

  constructor(scope: Construct, id: string, props: StratusSiteProps) {
    super(scope, id);
    const domain = domainOf(props);
    this.domainName = domain?.name;
    this.tracing = props.tracing ?? 'off';
    const architecture = props.architecture ?? 'arm64';
    const build = buildOf(props, architecture);
    if (build.imageArch !== undefined && build.imageArch !== (architecture === 'x86_64' ? 'x64' : 'arm64')) {
      throw new SetupError(`StratusSite: architecture is ${architecture}, but the build's image function ships sharp for linux-${build.imageArch}: build with \`stratus build --arch ${architecture === 'x86_64' ? 'x64' : 'arm64'}\`.`);
    }
    const { manifest } = build;
    const bucket = (this.assets = new AssetsBucket(this, 'Assets', { archiveDays: props.assetRetentionDays })).bucket;
    // The site's files under its basePath; pages per build (the deploy may have uploaded them already).
    const site = manifest.config.routing?.basePath ? `${assetKey(manifest.config.routing.basePath)}/` : '';
    const publishedPrefixes = [site + assetKey(PAGES_PREFIX), site + assetKey(DATA_PREFIX)];
    this.deployment = new AssetsDeployment(this, 'Upload', {
      bucket,
      assetsDir: build.assetsDir,
      cacheControl: manifest.s3CacheControl,
      pagePrefixes: publishedPrefixes,
      pagesDir: build.pagesDir,
      pagesUploaded: this.node.tryGetContext('pagesUploaded') === manifest.buildId,
    });

    const logRetention = retentionOf(props.logRetentionDays ?? 30);
    // `stratus deploy` of a project's own CDK app passes one as context (`-c deployId=…`).
    const contextDeployId = this.node.tryGetContext('deployId') as unknown;
    const deployId = props.deployId ?? (typeof contextDeployId === 'string' && contextDeployId !== '' ? contextDeployId : manifest.buildId);
    // The deploy id is in the environment so every deploy publishes a version of both
    // functions, and in the version description so a rollback can pair them up.
    this.metricsNamespace = `Stratus/${Stack.of(this).stackName}/${id}`;
    const common = {
      logRetention,
      environment: {
        STRATUS_BUILD_ID: manifest.buildId, STRATUS_DEPLOY_ID: deployId, STRATUS_BUCKET: bucket.bucketName,
        ...(props.metrics === false ? { STRATUS_METRICS: 'off' } : {}),
        ...tracingEnvironment(props.tracing),
      },
      versionDescription: `deploy ${deployId} build ${manifest.buildId}`,
      runtime: props.runtime,
      architecture,
      activeTracing: props.tracing === 'xray',
    };
    const renderTimeout = Duration.seconds(props.renderTimeoutSeconds ?? 10);
    const serverEnvironment = (timeout: Duration) => ({
      ...common.environment,
      STRATUS_STORE_PREFIX: STORE_PREFIX,
      STRATUS_API_TIMEOUT_MS: String(apiTimeoutMs(timeout)),
      // The render code's metrics, whichever of its functions answers (one per route, the stream's API routes too).
      ...(props.metrics === false ? {} : { STRATUS_METRICS_NAMESPACE: `${this.metricsNamespace}/Render` }),
      ...appEnvironment(this, props),
    });
    this.render = new SiteFunction(this, 'Render', {
      ...common,
      environment: serverEnvironment(renderTimeout),
      codeDir: build.renderLambdaDir,
      description: 'Stratus render: pages, server data (and API routes reached by a rewrite)',
      memorySize: props.renderMemoryMB ?? 1024,
      timeout: renderTimeout,
    });
    const bodies = bodyRoutesOf(manifest);
    if (bodies.api) {
      // The same code, its streaming handler, behind a Function URL that passes answers on as they are written (docs/DECISIONS.md).
      const apiTimeout = Duration.seconds(props.apiTimeoutSeconds ?? props.renderTimeoutSeconds ?? 10);
      this.stream = new SiteFunction(this, 'Stream', {
        ...common,
        environment: serverEnvironment(apiTimeout),
        codeDir: build.renderLambdaDir,
        handler: 'index.streamHandler',
        invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
        role: this.render.role,
        description: 'Stratus API routes: the render code behind a streaming Function URL',
        memorySize: props.renderMemoryMB ?? 1024,
        timeout: apiTimeout,
      });
    }
    this.image = new SiteFunction(this, 'Image', {
      ...common,
      environment: { ...common.environment, ...(props.metrics === false ? {} : { STRATUS_METRICS_NAMESPACE: `${this.metricsNamespace}/Image` }) },
      codeDir: build.imageLambdaDir,
      description: 'Stratus image: resizes /_app/image requests with sharp',
      memorySize: props.imageMemoryMB ?? 1536,
      timeout: Duration.seconds(props.imageTimeoutSeconds ?? 15),
    });

    // Least privilege, exact actions (no s3:Get*). The render function may only add objects
    // under the store prefix (what a form keeps), read the build's pages and read and write
    // its page store and the pages CloudFront serves from the bucket (site-regeneration.ts).
    // The image function reads source images anywhere but the
    // site's data, and may list the bucket, so a missing key answers NoSuchKey (404), not
    // AccessDenied.
    this.render.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(`${STORE_PREFIX}*`)] }));
    this.image.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('*')] }));
    this.image.role.addToPolicy(
      new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${PRIVATE_PREFIX}*`)] }),
    );
    this.image.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));

    // The app's own: read on exactly its secrets, and what it asked for.
    for (const source of Object.values(props.secrets ?? {})) source.grantRead(this.render.role);
    for (const statement of props.policyStatements ?? []) this.render.role.addToPolicy(statement);

    // Bodies reach the render function only through the signer, and only on the paths that
    // take them (contract/edge-behaviours.ts); a site with neither API routes nor a
    // getServerSideProps page has no signer and no Lambda@Edge at all.
    const behaviours = edgeBehaviours(manifest.publicFiles, bodies, edgeRoutingOf(manifest));
    if (behaviours.some((behaviour) => behaviour.bodySigner)) {
      this.bodySigner = new BodySigner(this, 'BodySigner', { edgeStackName: props.edgeStackName });
    }

    // What CloudFront reads in us-east-1 only: here in a us-east-1 stack, else in the us-east-1 stack of the app.
    const usEast1 = () => {
      const stack = Stack.of(this);
      if (Token.isUnresolved(stack.region)) {
        throw new SetupError('StratusSite: a firewall or a certificate for the domain is made in us-east-1; give the stack a region (cdk.json context "region") so it can be placed there.');
      }
      return stack.region === EDGE_REGION ? this : edgeStackOf(stack, props.edgeStackName ?? `${stack.stackName}Edge`);
    };
    if (props.firewall) {
      const home = usEast1();
      this.firewall = new SiteFirewall(home, home === this ? 'Firewall' : `${id}Firewall`, props.firewall === true ? {} : props.firewall);
    }
    if (domain?.hostedZone && !domain.certificateArn) {
      const home = usEast1();
      this.certificate = new SiteCertificate(home, home === this ? 'Certificate' : `${id}Certificate`, domain);
    }

    this.cdn = new SiteDistribution(this, 'Cdn', {
      behaviours,
      bucket,
      renderUrl: this.render.url,
      streamUrl: this.stream?.url,
      imageUrl: this.image.url,
      // With the build id: pages the build put in the bucket are answered from there.
      edgeConfig: edgeConfigOf(manifest.config, bodies, manifest.buildId, manifest.routes),
      bodySigner: this.bodySigner?.function,
      priceClass: props.priceClass,
      domainNames: domain ? domainNamesOf(domain) : undefined,
      certificateArn: domain?.certificateArn,
      certificate: this.certificate?.certificate,
      webAclArn: this.firewall?.webAcl.attrArn,
      additionalMetrics: props.additionalMetrics,
    });
    if (domain?.hostedZone) {
      this.aliasRecords = new SiteAliasRecords(this, 'Dns', { domain: { ...domain, hostedZone: domain.hostedZone }, distribution: this.cdn.distribution });
    }

    // The edge function names this build's pages, and the render function reads them: neither
    // goes live before the upload that puts them in the bucket (a plain `cdk deploy`'s).
    this.cdn.viewerRequest.node.addDependency(...this.deployment.deployments);
    this.render.alias.node.addDependency(...this.deployment.deployments);

    this.render.allowDistribution(this.cdn.distribution);
    this.stream?.allowDistribution(this.cdn.distribution);
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
    this.invalidation.node.addDependency(this.render.alias, this.image.alias, ...(this.stream ? [this.stream.alias] : []), ...this.deployment.deployments);

    this.monitoring = new SiteMonitoring(this, 'Monitoring', {
      distribution: this.cdn.distribution,
      render: this.render,
      stream: this.stream,
      image: this.image,
      alarmEmail: props.alarmEmail,
      additionalMetrics: props.additionalMetrics,
      apiRoutes: bodies.api,
      metricsNamespace: props.metrics === false ? undefined : this.metricsNamespace,
      firewall: this.firewall,
    });
    this.regeneration = new SiteRegeneration(this, 'Regeneration', {
      bucket,
      publishedPrefixes,
      render: this.render,
      stream: this.stream,
      distribution: this.cdn.distribution,
      alarmTopic: this.monitoring.topic,
      emfNamespace: props.metrics === false ? undefined : `${this.metricsNamespace}/Render`,
    });
    // `stratus deploy` reads the render function's name from the deploy's outputs to make its
    // code cache: in a project's own CDK app, this output is how it finds it.
    if (props.renderFunctionOutput !== false) {
      new CfnOutput(this, OUTPUTS.renderFunction, { value: this.render.function.functionName, description: 'Render function (stratus deploy makes its code cache)' });
    }
  }

  /** `https://` + the custom domain, else the distribution's own name. */
  get siteUrl(): string {
    return `https://${this.domainName ?? this.cdn.distribution.distributionDomainName}`;
  }
}

/** The domain from `domain`, or from `domainName` + `certificateArn`; checked. */
function domainOf(props: StratusSiteProps): DomainOptions | undefined {
  if (props.domain && (props.domainName || props.certificateArn)) throw new SetupError('StratusSite: give `domain`, or `domainName` with `certificateArn`, not both.');
  const domain = props.domain ?? (props.domainName ? { name: props.domainName, certificateArn: props.certificateArn } : undefined);
  if (domain && !domain.hostedZone && !domain.certificateArn) {
    throw new SetupError(`StratusSite: the domain ${domain.name} needs a certificate: name its Route 53 zone (\`hostedZone\`, and one is made and validated there) or an ACM certificate in us-east-1 (\`certificateArn\`).`);
  }
  if (domain?.certificateArn && !Token.isUnresolved(domain.certificateArn) && !/^arn:aws[a-z-]*:acm:us-east-1:/.test(domain.certificateArn)) {
    throw new SetupError(`StratusSite: the certificate must be an ACM certificate in us-east-1 (CloudFront reads only that region); got ${domain.certificateArn}.`);
  }
  return domain;
}

/** The functions' environment for `tracing` (lambdas/shared/tracing/setup.ts reads it). */
export function tracingEnvironment(tracing: SiteTracing | undefined): Record<string, string> {
  if (tracing === undefined || tracing === 'off') return {};
  if (tracing === 'xray') return { STRATUS_TRACING: 'xray' };
  if (!/^https?:\/\/[^/\s]+/.test(tracing.otlpEndpoint)) throw new SetupError(`StratusSite: tracing.otlpEndpoint must be the collector's http(s) URL, such as https://otlp.example.com; got ${JSON.stringify(tracing.otlpEndpoint)}.`);
  const ratio = tracing.sampleRatio ?? 1;
  if (!(ratio >= 0 && ratio <= 1)) throw new SetupError(`StratusSite: tracing.sampleRatio must be from 0 to 1; got ${ratio}.`);
  const headers = Object.entries(tracing.headers ?? {}).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join(',');
  return {
    STRATUS_TRACING: 'otlp',
    OTEL_EXPORTER_OTLP_ENDPOINT: tracing.otlpEndpoint.replace(/\/+$/, ''),
    ...(headers ? { OTEL_EXPORTER_OTLP_HEADERS: headers } : {}),
    ...(ratio !== 1 ? { STRATUS_TRACE_SAMPLE_RATIO: String(ratio) } : {}),
  };
}

/** `props.build`, or the build of `props.appDir` (built first when stale, for the functions' architecture). */
function buildOf(props: StratusSiteProps, architecture: FunctionArchitecture): BuildOutput {
  if (props.build && props.appDir) throw new SetupError('StratusSite: give either `build` or `appDir`, not both.');
  if (props.build) return props.build;
  if (!props.appDir) throw new SetupError("StratusSite needs the app: `appDir: 'my-site'` (the folder holding pages/), or `build: readBuildOutput(dir)`.");
  const buildDir = props.buildDir ?? path.join(props.appDir, '.stratus');
  if (props.autoBuild !== false) ensureBuild({ appDir: props.appDir, buildDir, arch: architecture === 'x86_64' ? 'x64' : 'arm64' });
  return readBuildOutput(buildDir);
}

/** The render function's variables from `environment` and `secrets`, checked: a bad name fails synth. */
function appEnvironment(scope: Construct, props: StratusSiteProps): Record<string, string> {
  const environment = props.environment ?? {};
  const secrets = props.secrets ?? {};
  for (const name of [...Object.keys(environment), ...Object.keys(secrets)]) {
    if (!ENV_NAME.test(name)) {
      throw new SetupError(`StratusSite: environment or secret name "${name}" is not usable: use letters, digits and _ (not starting with a digit), and not AWS_* (Lambda's) or STRATUS_* (the framework's).`);
    }
    if (name in environment && name in secrets) throw new SetupError(`StratusSite: "${name}" is in both \`environment\` and \`secrets\`; keep one.`);
  }
  if (Object.keys(secrets).length === 0) return { ...environment };
  const sources: Record<string, SecretSource> = {};
  for (const [name, source] of Object.entries(secrets)) {
    sources[name] = 'secretArn' in source ? { kind: 'secretsmanager', id: source.secretFullArn ?? source.secretName } : { kind: 'ssm', id: source.parameterName };
  }
  return { ...environment, [SECRETS_ENV]: Stack.of(scope).toJsonString(encodeSecrets(sources)) };
}

/** CloudWatch Logs accepts only certain day counts; take the next one up. */
export function retentionOf(days: number): logs.RetentionDays {
  const allowed = Object.values(logs.RetentionDays)
    .filter((value): value is logs.RetentionDays => typeof value === 'number' && value > 0)
    .sort((a, b) => a - b);
  return allowed.find((value) => value >= days) ?? logs.RetentionDays.TEN_YEARS;
}
