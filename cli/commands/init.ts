/** `stratus init <dir>`. */
import { defineCommand, UsageError } from '../command';

export const initCommand = defineCommand({
  name: 'init',
  summary: 'Create a new app in an empty folder',
  args: '<dir>',
  options: {},
  async run({ positionals, log }) {
    if (!positionals[0]) throw new UsageError('init needs a folder for the new app, for example `stratus init my-site`');
    const { init } = require('../init/init') as typeof import('../init/init');
    init({ dir: positionals[0], log });
    return 0;
  },
});
