/** `stratus revalidate <path>…`. */
import path from 'node:path';
import { defineCommand } from '../command';
import { deployOutputsFile } from '../deploy-outputs';
import { OUT_OPTION, OUTPUTS_OPTION, REGION_OPTION, STACK_OPTION } from './common';

export const revalidateCommand = defineCommand({
  name: 'revalidate',
  summary: "Render pages of a deployed stack again now and remove them from CloudFront's cache",
  args: '<path>…',
  description: 'As res.revalidate does, for the paths given (/posts/first /fr/posts/first).',
  options: {
    function: { type: 'string', placeholder: 'NAME', description: 'The render function (default: from --outputs)' },
    outputs: OUTPUTS_OPTION,
    out: OUT_OPTION,
    stack: STACK_OPTION,
    region: REGION_OPTION,
  },
  async run({ values, positionals, log }) {
    const { revalidateCommand: revalidate } = require('../revalidate') as typeof import('../revalidate');
    return revalidate({
      paths: positionals,
      functionName: values.function,
      outputs: deployOutputsFile({ outputs: values.outputs, buildDir: values.out ? path.resolve(values.out) : path.resolve('.stratus') }),
      stack: values.stack,
      region: values.region,
      log,
    });
  },
});
