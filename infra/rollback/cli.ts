/**
 * `npm run rollback [-- --dry-run] [--stack Stratus] [--outputs file] [--render NAME --image NAME [--stream NAME]]`
 * Function names come from the outputs file `npm run deploy` writes, or from the flags. The
 * streaming function (API routes) moves with the render function when the site has one.
 */
import { readFileSync } from 'node:fs';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { LIVE_ALIAS, OUTPUTS } from '../outputs';
import { rollback, type RollbackTarget } from './rollback';

export const DEFAULT_OUTPUTS_FILE = 'cdk.out/stratus-outputs.json';

export interface RollbackArgs {
  dryRun: boolean;
  stack: string;
  outputs: string;
  render?: string;
  image?: string;
  /** The function behind the streaming Function URL (API routes), when the site has one. */
  stream?: string;
}

export function parseArgs(argv: readonly string[]): RollbackArgs {
  const args: RollbackArgs = { dryRun: false, stack: 'Stratus', outputs: DEFAULT_OUTPUTS_FILE };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[++i];
      if (!next) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--dry-run') args.dryRun = true;
    else if (flag === '--stack') args.stack = value();
    else if (flag === '--outputs') args.outputs = value();
    else if (flag === '--render') args.render = value();
    else if (flag === '--image') args.image = value();
    else if (flag === '--stream') args.stream = value();
    else throw new Error(`unknown option ${flag}; expected --dry-run, --stack, --outputs, --render, --image, --stream`);
  }
  return args;
}

/** The functions to roll back (render, image, and the streaming one when there is one), from flags or the deploy's outputs file. */
export function resolveTargets(args: RollbackArgs, read = (file: string) => readFileSync(file, 'utf8')): RollbackTarget[] {
  let render = args.render;
  let image = args.image;
  let stream = args.stream;
  if (!render || !image) {
    let outputs: Record<string, Record<string, string>>;
    try {
      outputs = JSON.parse(read(args.outputs)) as Record<string, Record<string, string>>;
    } catch {
      throw new Error(`Cannot read ${args.outputs} (written by \`stratus deploy\` or \`npm run deploy\`): deploy first, or pass --outputs FILE (npm run rollback also takes --render and --image function names).`);
    }
    const stack = outputs[args.stack] ?? {};
    render ??= stack[OUTPUTS.renderFunction];
    image ??= stack[OUTPUTS.imageFunction];
    stream ??= stack[OUTPUTS.streamFunction];
    if (!render || !image) throw new Error(`${args.outputs} has no function names for stack ${args.stack}; pass --render and --image.`);
  }
  return [
    { label: 'render', functionName: render, aliasName: LIVE_ALIAS },
    ...(stream ? [{ label: 'stream', functionName: stream, aliasName: LIVE_ALIAS }] : []),
    { label: 'image', functionName: image, aliasName: LIVE_ALIAS },
  ];
}

export async function main(argv: readonly string[]): Promise<number> {
  return runRollback(() => parseArgs(argv));
}

/** Rolls back with the given arguments, printing each step: 0 when done, 1 with the reason otherwise. */
export async function runRollback(args: () => RollbackArgs, client: () => LambdaClient = () => new LambdaClient({})): Promise<number> {
  try {
    return await rollBackWith(args(), client);
  } catch (error) {
    console.error(`rollback: ${(error as Error).message}`);
    return 1;
  }
}

async function rollBackWith(args: RollbackArgs, client: () => LambdaClient): Promise<number> {
  const steps = await rollback({ client: client(), targets: resolveTargets(args), dryRun: args.dryRun });
  for (const step of steps) {
    const to = step.toDeployId ? ` (deploy ${step.toDeployId}, build ${step.toBuildId})` : '';
    console.log(`${args.dryRun ? 'would move' : 'moved'} ${step.label} ${step.functionName}:${step.aliasName} ${step.from} -> ${step.to}${to}`);
  }
  if (!args.dryRun) console.log('Rolled back; CloudFront keeps cached responses until they expire (see docs/DEPLOY.md).');
  return 0;
}
