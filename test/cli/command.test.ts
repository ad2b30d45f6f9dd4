/**
 * The command specs (cli/command.ts, cli/commands/): parsing and help come from one spec per
 * command, so every option a command takes is in its help, and a mistake names itself.
 */
import { commandHelp, defineCommand, overview, parseCommand, UsageError } from '../../cli/command';
import { COMMANDS } from '../../cli/index';

const sample = defineCommand({
  name: 'sample',
  summary: 'Do a thing',
  args: '[appDir]',
  options: { port: { type: 'string', placeholder: 'N', description: 'The port' }, quiet: { type: 'boolean', short: 'q', description: 'Say less' } },
  passesOn: 'more options',
  run: async () => 0,
});

test('parses options, positionals and what follows --', () => {
  const parsed = parseCommand(sample, ['site', '--port', '8080', '-q', '--', '--raw', 'x']);
  expect(parsed.values).toEqual({ port: '8080', quiet: true });
  expect(parsed.positionals).toEqual(['site']);
  expect(parsed.passedOn).toEqual(['--raw', 'x']);
  expect(parsed.help).toBe(false);
  expect(parseCommand(sample, ['-h']).help).toBe(true);
});

test('an unknown option or a missing value is a usage error that points at the help', () => {
  expect(() => parseCommand(sample, ['--prot', '1'])).toThrow(UsageError);
  expect(() => parseCommand(sample, ['--prot', '1'])).toThrow("Unknown option '--prot' (stratus sample --help lists the options)");
  expect(() => parseCommand(sample, ['--port'])).toThrow(UsageError);
  expect(() => parseCommand({ ...sample, passesOn: undefined }, ['--', 'x'])).toThrow('sample takes no arguments after --');
});

test("every command's help lists each of its options, and the overview each command", () => {
  for (const spec of COMMANDS) {
    const help = commandHelp(spec);
    expect(help).toContain(`Usage: stratus ${spec.name}`);
    for (const [name, option] of Object.entries(spec.options)) expect(help).toContain(`--${name}${option.type === 'string' ? ` ${option.placeholder}` : ''}`);
    expect(help).toContain('-h, --help');
  }
  const all = overview(COMMANDS);
  for (const spec of COMMANDS) expect(all).toContain(`  ${spec.name}`);
});
