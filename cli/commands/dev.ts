/** `stratus dev [appDir]`. */
import { defineCommand } from '../command';
import { applyTraceOption, appDirFrom, PORT_OPTION, portFrom, TRACE_OPTION } from './common';

export const devCommand = defineCommand({
  name: 'dev',
  summary: 'Serve with React\'s development build, updating the page on every save',
  args: '[appDir]',
  description:
    'A component edit re-renders in place with its state kept (Fast Refresh), a stylesheet edit\nswaps the stylesheet; errors show in an overlay with the file, line and code.',
  options: { port: PORT_OPTION, trace: TRACE_OPTION },
  async run({ values, positionals, log }) {
    const port = portFrom(values.port);
    applyTraceOption(values.trace);
    const { dev } = require('../dev/dev') as typeof import('../dev/dev');
    (require('../serve/uncaught') as typeof import('../serve/uncaught')).keepServingAfterUncaught();
    await dev({ appDir: appDirFrom(positionals[0], 'dev'), port, log });
    return -1;
  },
});
