/**
 * The app's stack: one StratusSite from the build folder and the cdk.json settings, its
 * outputs, and the written reasons for each cdk-nag finding it accepts. It names its region
 * (the body signer, a Lambda@Edge function, must know whether it is in us-east-1) but no
 * account, and does no lookups, so `cdk synth` runs offline without credentials.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { BuildOutput } from './build-output';
import { StratusSite } from './constructs/stratus-site';
import { LIVE_ALIAS, OUTPUTS } from './outputs';

export { OUTPUTS } from './outputs';
import { acknowledgeNagFindings, type NagAcknowledgement } from './nag-acknowledgements';
import type { SiteSettings } from './site-settings';

export interface StratusStackProps extends StackProps {
  readonly build: BuildOutput;
  /** `env` defaults to `{ region: settings.region }`. */
  readonly settings: Omit<SiteSettings, 'buildDir' | 'appDir' | 'autoBuild' | 'stackName'>;
}

export class StratusStack extends Stack {
  readonly site: StratusSite;
  /** The cdk-nag findings accepted, with their reasons. */
  readonly nagAcknowledgements: NagAcknowledgement[];

  constructor(scope: Construct, id: string, props: StratusStackProps) {
    const { region, hostedZoneId, hostedZoneName, domainName, certificateArn, ...siteSettings } = props.settings;
    // Outside us-east-1, a firewall's or made certificate's ARN comes from the us-east-1 stack.
    super(scope, id, { crossRegionReferences: (region ?? 'us-east-1') !== 'us-east-1', ...props, env: props.env ?? { region } });
    const domain = domainName
      ? { domain: { name: domainName, certificateArn, ...(hostedZoneId && hostedZoneName ? { hostedZone: { hostedZoneId, zoneName: hostedZoneName } } : {}) } }
      : {};
    // The stack's own outputs name the render function (OUTPUTS.renderFunction, below).
    this.site = new StratusSite(this, 'Site', { build: props.build, ...siteSettings, ...domain, renderFunctionOutput: false });
    const site = this.site;
    const out = (key: string, value: string, description: string) => new CfnOutput(this, key, { value, description });
    out(OUTPUTS.siteUrl, site.siteUrl, 'Where the site is served');
    out(OUTPUTS.distributionId, site.cdn.distribution.distributionId, 'CloudFront distribution');
    out(OUTPUTS.bucket, site.assets.bucket.bucketName, 'Assets bucket (root: current build; _archive/: earlier builds)');
    out(OUTPUTS.renderFunction, site.render.function.functionName, 'Render function');
    out(OUTPUTS.imageFunction, site.image.function.functionName, 'Image function');
    if (site.stream) {
      out(OUTPUTS.streamFunction, site.stream.function.functionName, 'API routes: the render code behind the streaming Function URL');
      out(OUTPUTS.streamLogGroup, site.stream.logGroup.logGroupName, 'API routes logs');
    }
    out(OUTPUTS.renderLogGroup, site.render.logGroup.logGroupName, 'Render function logs');
    out(OUTPUTS.imageLogGroup, site.image.logGroup.logGroupName, 'Image function logs');
    out(OUTPUTS.alias, LIVE_ALIAS, 'Alias every Function URL serves; npm run rollback moves it');
    out(OUTPUTS.dashboard, site.monitoring.dashboard.dashboardName, 'CloudWatch dashboard');
    out(OUTPUTS.alarmTopic, site.monitoring.topic.topicArn, 'SNS topic of the alarms');
    this.nagAcknowledgements = acknowledgeNagFindings(this, site, { customDomain: Boolean(domainName) });
  }
}
