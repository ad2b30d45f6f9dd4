/**
 * The `stratus` command: finds the command's spec (cli/commands/), parses its arguments
 * from the spec (cli/command.ts), runs it, and prints expected failures (a StratusError,
 * a mistake on the command line) without a stack trace.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commandHelp, overview, parseCommand, UsageError, type CommandSpec } from './command';
import { buildCommand } from './commands/build';
import { deployCommand } from './commands/deploy';
import { devCommand } from './commands/dev';
import { initCommand } from './commands/init';
import { revalidateCommand } from './commands/revalidate';
import { rollbackCommand } from './commands/rollback';
import { serveCommand, startCommand } from './commands/start';
import { isStratusError } from '../contract/errors';
import { formatError } from '../contract/error-codes';
import { REPO_ROOT } from './paths';

/** Each command's code loads when that command runs (`stratus serve` starts without the builder in its heap). */
export const COMMANDS: CommandSpec[] = [buildCommand, startCommand, serveCommand, devCommand, deployCommand, initCommand, revalidateCommand, rollbackCommand] as unknown as CommandSpec[];

function version(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Runs the command line; resolves to the exit code, or -1 for a server that keeps running. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    process.stdout.write(`stratus ${version()}\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((spec) => spec.name === rest[0]) : undefined;
    process.stdout.write(topic ? commandHelp(topic) : overview(COMMANDS));
    return name === undefined ? 2 : 0;
  }
  const spec = COMMANDS.find((command) => command.name === name);
  if (!spec) {
    process.stderr.write(`stratus: unknown command "${name}"\n\n${overview(COMMANDS)}`);
    return 2;
  }
  const log = (line: string) => process.stdout.write(line + '\n');
  try {
    const parsed = parseCommand(spec, rest);
    if (parsed.help) {
      process.stdout.write(commandHelp(spec));
      return 0;
    }
    return await spec.run({ ...parsed, log });
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`stratus ${spec.name}: ${error.message}\n`);
      return 2;
    }
    // The one guard: every user-fixable error (contract/errors.ts) prints its title, message and hint, without a stack.
    if (isStratusError(error)) {
      process.stderr.write(`\n${formatError(error)}\n`);
      return 1;
    }
    throw error;
  }
}
