/** `stratus deploy [appDir]`. */
import { defineCommand } from '../command';
import { appDirFrom, OUT_OPTION, outDirFrom, REGION_OPTION, STACK_OPTION } from './common';

export const deployCommand = defineCommand({
  name: 'deploy',
  summary: 'Build, then deploy to AWS with the CDK',
  args: '[appDir]',
  description:
    "Deploys the project's own CDK app (cdk.json) when it has one, else the stack Stratus\nsynthesizes for the app. Needs AWS credentials, and aws-cdk, aws-cdk-lib and constructs\ninstalled in the project.",
  passesOn: 'cdk deploy options',
  options: {
    out: OUT_OPTION,
    stack: STACK_OPTION,
    region: REGION_OPTION,
    'no-code-cache': { type: 'boolean', description: "Skip the render function's code cache (made in Lambda after the deploy,\nthen deployed too: cold starts skip most of compiling)" },
  },
  async run({ values, positionals, passedOn, log }) {
    const { deploy } = require('../deploy/deploy') as typeof import('../deploy/deploy');
    return deploy({ appDir: appDirFrom(positionals[0], 'deploy'), outDir: outDirFrom(values.out), stackName: values.stack, region: values.region, cdkArgs: passedOn, codeCache: values['no-code-cache'] !== true, log });
  },
});
