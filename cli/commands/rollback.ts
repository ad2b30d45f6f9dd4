/** `stratus rollback [appDir]`. */
import path from 'node:path';
import { defineCommand } from '../command';
import { deployOutputsFile } from '../deploy-outputs';
import { appDirFrom, OUT_OPTION, OUTPUTS_OPTION, STACK_OPTION } from './common';

export const rollbackCommand = defineCommand({
  name: 'rollback',
  summary: 'Point the deployed functions back at the previous deploy',
  args: '[appDir]',
  options: {
    'dry-run': { type: 'boolean', description: 'Say what would move, change nothing' },
    outputs: OUTPUTS_OPTION,
    out: OUT_OPTION,
    stack: STACK_OPTION,
  },
  async run({ values, positionals }) {
    // The AWS SDK loads only for this command.
    const { runRollback } = require('../../infra/rollback/cli') as typeof import('../../infra/rollback/cli');
    const buildDir = () => (values.out ? path.resolve(values.out) : path.join(appDirFrom(positionals[0], 'rollback'), '.stratus'));
    return runRollback(() => ({
      dryRun: values['dry-run'] === true,
      stack: values.stack ?? 'Stratus',
      outputs: values.outputs ?? deployOutputsFile({ buildDir: buildDir() }),
    }));
  },
});
