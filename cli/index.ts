/**
 * The `stratus` command: parses arguments, calls build(), start(), dev(), deploy() or
 * init(), and prints expected failures (any StratusError, contract/errors.ts) without a stack trace.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deployOutputsFile } from './deploy-outputs';
import { isStratusError } from '../contract/errors';
import { formatError } from '../contract/error-codes';
import { DEFAULT_APP_DIR } from './paths';

// Each command's code loads when that command runs: `stratus serve` then starts without the
// builder (esbuild, lightningcss, acorn), ~2 MB less heap for the server's whole life.
const commands = {
  build: () => require('./builder/build') as typeof import('./builder/build'),
  deploy: () => require('./deploy/deploy') as typeof import('./deploy/deploy'),
  revalidate: () => require('./revalidate') as typeof import('./revalidate'),
  init: () => require('./init/init') as typeof import('./init/init'),
  dev: () => require('./serve/dev') as typeof import('./serve/dev'),
  start: () => require('./serve/start') as typeof import('./serve/start'),
  rollback: () => require('../infra/rollback/cli') as typeof import('../infra/rollback/cli'),
};

const HELP = `Usage: stratus <command> [appDir] [options] [-- cdk deploy options]

Commands:
  build [appDir]   Build the app (default: web/site) into <appDir>/.stratus
  start [appDir]   Build, then serve it locally the way CloudFront will
  serve [appDir]   Serve an existing build without rebuilding
  dev [appDir]     Serve, rebuild on every save and reload the browser
  deploy [appDir]  Build, then deploy to AWS with the CDK (needs credentials,
                   and aws-cdk, aws-cdk-lib and constructs installed)
  init <dir>       Create a new app in an empty folder
  revalidate <path>…  Render pages of a deployed stack again now and remove them
                   from CloudFront's cache (as res.revalidate does)
  rollback [appDir]   Point the deployed functions back at the previous deploy
                   (--dry-run says what would move)

Options:
  --out DIR        Build folder (default: <appDir>/.stratus)
  --port N         Port for start/serve (default: $PORT or 3000)
  --no-image       build: skip bundling the image Lambda for AWS (start never bundles it)
  --no-code-cache  deploy: skip the render function's code cache (made in Lambda after
                   the deploy, then deployed too: cold starts skip most of compiling)
  --stack NAME     deploy: the CloudFormation stack (default: Stratus)
  --region REGION  deploy: its region (default: $AWS_REGION, else the profile's)
  --function NAME  revalidate: the render function (default: from --outputs)
  --outputs FILE   revalidate, rollback: the deploy's outputs (default: the ones
                   stratus deploy wrote, <appDir>/.stratus/cdk-outputs.json)
  --dry-run        rollback: say what would move, change nothing
  -h, --help       Show this help
`;

export async function main(argv: string[]): Promise<number> {
  // What follows `--` goes to `cdk deploy` as it is.
  const terminator = argv.indexOf('--');
  const passedOn = terminator >= 0 ? argv.slice(terminator + 1) : [];
  let parsed;
  try {
    parsed = parseArgs({
      args: terminator >= 0 ? argv.slice(0, terminator) : argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        port: { type: 'string' },
        'no-image': { type: 'boolean' },
        'no-code-cache': { type: 'boolean' },
        stack: { type: 'string' },
        region: { type: 'string' },
        function: { type: 'string' },
        outputs: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [command, appArg] = parsed.positionals;
  if (parsed.values.help || !command) {
    process.stdout.write(HELP);
    return command || parsed.values.help ? 0 : 2;
  }
  const appDir = path.resolve(appArg ?? DEFAULT_APP_DIR);
  const outDir = parsed.values.out ? path.resolve(parsed.values.out) : undefined;
  const portText = parsed.values.port ?? process.env.PORT ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`stratus: --port must be a whole number from 0 to 65535, got "${portText}"\n`);
    return 2;
  }
  const log = (line: string) => process.stdout.write(line + '\n');
  try {
    switch (command) {
      case 'init':
        if (!appArg) {
          process.stderr.write('stratus: init needs a folder for the new app, for example `stratus init my-site`\n');
          return 2;
        }
        commands.init().init({ dir: appArg, log });
        return 0;
      case 'build':
        await commands.build().build({ appDir, outDir, imageLambda: !parsed.values['no-image'], log });
        return 0;
      case 'deploy':
        return await commands.deploy().deploy({ appDir, outDir, stackName: parsed.values.stack, region: parsed.values.region, cdkArgs: passedOn, codeCache: parsed.values['no-code-cache'] !== true, log });
      case 'rollback': {
        // The AWS SDK loads only for this command.
        return await commands.rollback().runRollback(() => ({
          dryRun: parsed.values['dry-run'] === true,
          stack: parsed.values.stack ?? 'Stratus',
          outputs: deployOutputsFile({ outputs: parsed.values.outputs, buildDir: outDir ?? path.join(appDir, '.stratus') }),
        }));
      }
      case 'revalidate':
        return await commands.revalidate().revalidateCommand({
          paths: parsed.positionals.slice(1), functionName: parsed.values.function,
          outputs: deployOutputsFile({ outputs: parsed.values.outputs, buildDir: outDir ?? path.resolve('.stratus') }),
          stack: parsed.values.stack, region: parsed.values.region, log,
        });
      case 'dev':
        await commands.dev().dev({ appDir, port, log });
        return -1; // keeps running until a signal
      case 'start':
      case 'serve':
        // The local server uses the host's sharp: no Lambda copy of the image function is needed.
        await commands.start().start({ appDir, outDir, port, rebuild: command === 'start', imageLambda: false, log });
        return -1; // keeps running until a signal
      default:
        process.stderr.write(`stratus: unknown command "${command}"\n\n${HELP}`);
        return 2;
    }
  } catch (error) {
    // The one guard: every user-fixable error (contract/errors.ts) prints its title, message and hint, without a stack.
    if (isStratusError(error)) {
      process.stderr.write(`\n${formatError(error)}\n`);
      return 1;
    }
    throw error;
  }
}
