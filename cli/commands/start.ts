/** `stratus start [appDir]` and `stratus serve [appDir]`. */
import { defineCommand } from '../command';
import { applyTraceOption, appDirFrom, OUT_OPTION, outDirFrom, PORT_OPTION, portFrom, TRACE_OPTION } from './common';

const serveOptions = { out: OUT_OPTION, port: PORT_OPTION, trace: TRACE_OPTION };

function serveWith(rebuild: boolean, command: string) {
  return async ({ values, positionals, log }: { values: { out?: string; port?: string; trace?: boolean }; positionals: string[]; log: (line: string) => void }) => {
    const port = portFrom(values.port);
    applyTraceOption(values.trace);
    const { start } = require('../serve/start') as typeof import('../serve/start');
    (require('../serve/uncaught') as typeof import('../serve/uncaught')).keepServingAfterUncaught();
    // The local server uses the host's sharp: no Lambda copy of the image function is needed.
    await start({ appDir: appDirFrom(positionals[0], command), outDir: outDirFrom(values.out), port, rebuild, imageLambda: false, log });
    return -1;
  };
}

export const startCommand = defineCommand({
  name: 'start',
  summary: 'Build, then serve locally the way CloudFront will',
  args: '[appDir]',
  description: 'Pages, data and API routes go through the same Lambda handlers as in AWS.',
  options: serveOptions,
  run: serveWith(true, 'start'),
});

export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'Serve an existing build without rebuilding',
  args: '[appDir]',
  options: serveOptions,
  run: serveWith(false, 'serve'),
});
