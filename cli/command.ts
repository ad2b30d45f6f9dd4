/**
 * Commands as specs: each `stratus` command is one file (cli/commands/) declaring its
 * arguments and options with their descriptions, and a `run`. Parsing, `stratus <command>
 * --help` and the overview of `stratus --help` are derived from the specs, so flags, help
 * text and the command list cannot drift apart.
 *
 * @example
 * export const build = defineCommand({
 *   name: 'build', summary: 'Build the app for AWS', args: '[appDir]',
 *   options: { out: OUT_OPTION },
 *   run: async ({ values, positionals }) => { …; return 0; },
 * });
 */
import { parseArgs } from 'node:util';
import { StratusError } from '../contract/errors';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** One line (two at most) for the help. */
  description: string;
  short?: string;
  /** What the value is called in the help (`--port N`). */
  placeholder?: string;
}

export interface RunContext<O extends Record<string, OptionSpec>> {
  values: { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };
  positionals: string[];
  /** What follows `--`, passed on as it is (`stratus deploy -- --require-approval never`). */
  passedOn: string[];
  log: (line: string) => void;
}

export interface CommandSpec<O extends Record<string, OptionSpec> = Record<string, OptionSpec>> {
  name: string;
  /** One line for the overview. */
  summary: string;
  /** The positional arguments as the usage line shows them (`[appDir]`, `<path>…`). */
  args?: string;
  /** More lines for the command's own help. */
  description?: string;
  options: O;
  /** Whether `-- args` are taken (and passed on). */
  passesOn?: string;
  /** The exit code, or -1 when the command keeps running (a server). */
  run(context: RunContext<O>): Promise<number>;
}

/** Keeps the spec's option types for `run`'s `values`. */
export function defineCommand<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): CommandSpec<O> {
  return spec;
}

/** A mistake on the command line (an unknown option, no app in the folder): one line, exit code 2. */
export class UsageError extends StratusError {
  constructor(message: string) {
    super('COMMAND_LINE_INVALID', message);
    this.name = 'UsageError';
  }
}

export const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h', description: 'Show this help' };

/** Parses `argv` (what follows the command's name) for `spec`. */
export function parseCommand<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>, argv: string[]): RunContext<O> & { help: boolean } {
  const terminator = argv.indexOf('--');
  const passedOn = terminator >= 0 ? argv.slice(terminator + 1) : [];
  if (passedOn.length > 0 && !spec.passesOn) throw new UsageError(`${spec.name} takes no arguments after --`);
  const options = Object.fromEntries(Object.entries({ ...spec.options, help: HELP_OPTION }).map(([name, option]) => [name, { type: option.type, ...(option.short ? { short: option.short } : {}) }]));
  try {
    const parsed = parseArgs({ args: terminator >= 0 ? argv.slice(0, terminator) : argv, options, allowPositionals: true, strict: true });
    const { help, ...values } = parsed.values as Record<string, string | boolean | undefined>;
    return { values: values as RunContext<O>['values'], positionals: parsed.positionals, passedOn, help: help === true, log: () => undefined };
  } catch (error) {
    // parseArgs' own words, without its code: "Unknown option '--prot'".
    throw new UsageError(`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')} (stratus ${spec.name} --help lists the options)`);
  }
}

const optionLabel = (name: string, option: OptionSpec) =>
  `${option.short ? `-${option.short}, ` : ''}--${name}${option.type === 'string' ? ` ${option.placeholder ?? 'VALUE'}` : ''}`;

/** Lines of `label  description`, the descriptions in one column. */
function table(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, text]) => `  ${label.padEnd(width)}${text.split('\n').join(`\n  ${' '.repeat(width)}`)}`).join('\n');
}

/** `stratus <command> --help`. */
export function commandHelp(spec: CommandSpec): string {
  const usage = `Usage: stratus ${spec.name}${spec.args ? ` ${spec.args}` : ''}${Object.keys(spec.options).length > 0 ? ' [options]' : ''}${spec.passesOn ? ` [-- ${spec.passesOn}]` : ''}`;
  const rows = Object.entries({ ...spec.options, help: HELP_OPTION }).map(([name, option]): [string, string] => [optionLabel(name, option), option.description]);
  return [usage, '', spec.summary + '.', ...(spec.description ? ['', spec.description] : []), '', 'Options:', table(rows), ''].join('\n');
}

/** `stratus --help`: every command in one line. */
export function overview(specs: CommandSpec[]): string {
  return [
    'Usage: stratus <command> [appDir] [options]',
    '',
    'Commands:',
    table(specs.map((spec) => [`${spec.name}${spec.args ? ` ${spec.args}` : ''}`, spec.summary])),
    '',
    'Without appDir, a command uses the current folder when it holds pages/ (or src/pages/).',
    'Run `stratus <command> --help` for its options; `stratus --version` for the version.',
    '',
  ].join('\n');
}
