/**
 * What the bench's commands (`npm run bench`, `npm run fuzz`) share on their command line:
 * a mistake in it is said in one line with the usage and exit 2, never as a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in the command line. */
export class UsageError extends Error {}

/** `parseArgs` (strict), with its own mistakes (an unknown option, a missing value) as UsageErrors naming the option. */
export function parseCommandLine<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** How a command ends on a failure: a UsageError with the usage (exit 2), anything else with its stack (exit 1). */
export function failureExitCode(command: string, usage: string, error: unknown): number {
  if (error instanceof UsageError) {
    console.error(`${command}: ${error.message}\n\n${usage}`);
    return 2;
  }
  console.error(error);
  return 1;
}
