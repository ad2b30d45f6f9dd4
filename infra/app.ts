/**
 * The CDK app (cdk.json "app"): reads the settings from context, builds the app first when
 * its build folder is missing or stale (infra/app-build.ts), reads the build and adds the
 * stack. cdk-nag's AwsSolutions checks run on every synth where cdk-nag is installed (always
 * in this checkout), so a new finding fails `cdk synth` and `cdk deploy` until it is fixed or
 * acknowledged with a reason.
 */
import { App, Validations } from 'aws-cdk-lib';
import { ensureBuild } from './app-build';
import { readBuildOutput } from './build-output';
import { readSiteSettings } from './site-settings';
import { StratusStack } from './site-stack';

const app = new App();
const { buildDir, appDir, autoBuild, stackName, ...settings } = readSiteSettings(app.node);
if (autoBuild) ensureBuild({ appDir, buildDir });
new StratusStack(app, stackName, {
  build: readBuildOutput(buildDir),
  settings,
  description: 'Stratus: server-rendered React on Lambda behind CloudFront',
});
if (app.node.tryGetContext('nag') !== false && app.node.tryGetContext('nag') !== 'false') {
  const nag = optionalCdkNag();
  if (nag) Validations.of(app).addPlugins(new nag.AwsSolutionsChecks(app));
}
app.synth();

/**
 * cdk-nag, when installed: always in this checkout (a dev dependency), and in a project
 * that installs it beside the package, whose `stratus deploy` runs this app too.
 */
function optionalCdkNag(): typeof import('cdk-nag') | undefined {
  try {
    return require('cdk-nag') as typeof import('cdk-nag');
  } catch {
    return undefined;
  }
}
