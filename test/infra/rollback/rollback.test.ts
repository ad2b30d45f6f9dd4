import { GetAliasCommand, ListVersionsByFunctionCommand, UpdateAliasCommand } from '@aws-sdk/client-lambda';
import { parseArgs, resolveTargets } from '../../../infra/rollback/cli';
import { rollback, type RollbackTarget } from '../../../infra/rollback/rollback';

/** A fake Lambda API at the SDK boundary: aliases and versions per function. */
function fakeLambda(state: Record<string, { alias: string; versions: { Version: string; Description?: string }[] }>) {
  const updates: { FunctionName?: string; Name?: string; FunctionVersion?: string }[] = [];
  const send = jest.fn(async (command: unknown) => {
    if (command instanceof GetAliasCommand) {
      return { FunctionVersion: state[command.input.FunctionName!]!.alias };
    }
    if (command instanceof ListVersionsByFunctionCommand) {
      // Two pages, to exercise the marker.
      const all = state[command.input.FunctionName!]!.versions;
      return command.input.Marker ? { Versions: all.slice(2) } : { Versions: all.slice(0, 2), NextMarker: all.length > 2 ? 'next' : undefined };
    }
    if (command instanceof UpdateAliasCommand) {
      updates.push(command.input);
      return {};
    }
    throw new Error(`unexpected command ${(command as object).constructor.name}`);
  });
  return { client: { send } as never, send, updates };
}

const targets: RollbackTarget[] = [
  { label: 'render', functionName: 'render-fn', aliasName: 'live' },
  { label: 'image', functionName: 'image-fn', aliasName: 'live' },
];
const tagged = (n: number, deploy: string) => ({ Version: String(n), Description: `deploy ${deploy} build b${n}` });

describe('rollback', () => {
  test('moves both live aliases to the previous deploy, and nothing else', async () => {
    const fake = fakeLambda({
      'render-fn': { alias: '4', versions: [{ Version: '$LATEST' }, tagged(2, 'd1'), tagged(3, 'd2'), tagged(4, 'd3')] },
      'image-fn': { alias: '3', versions: [{ Version: '$LATEST' }, tagged(1, 'd1'), tagged(2, 'd2'), tagged(3, 'd3')] },
    });
    const steps = await rollback({ client: fake.client, targets });
    expect(steps.map((s) => [s.label, s.from, s.to, s.toDeployId])).toEqual([
      ['render', '4', '3', 'd2'],
      ['image', '3', '2', 'd2'],
    ]);
    expect(fake.updates).toEqual([
      { FunctionName: 'render-fn', Name: 'live', FunctionVersion: '3' },
      { FunctionName: 'image-fn', Name: 'live', FunctionVersion: '2' },
    ]);
  });

  test('dry run moves nothing', async () => {
    const fake = fakeLambda({
      'render-fn': { alias: '2', versions: [tagged(1, 'a'), tagged(2, 'b')] },
      'image-fn': { alias: '2', versions: [tagged(1, 'a'), tagged(2, 'b')] },
    });
    const steps = await rollback({ client: fake.client, targets, dryRun: true });
    expect(steps).toHaveLength(2);
    expect(fake.updates).toEqual([]);
  });

  test('moves no alias when one function has nowhere to go', async () => {
    const fake = fakeLambda({
      'render-fn': { alias: '2', versions: [tagged(1, 'a'), tagged(2, 'b')] },
      'image-fn': { alias: '1', versions: [tagged(1, 'b')] },
    });
    await expect(rollback({ client: fake.client, targets })).rejects.toThrow(/Cannot roll back image \(image-fn\)/);
    expect(fake.updates).toEqual([]);
  });
});

describe('rollback CLI arguments', () => {
  test('function names from the deploy outputs file', () => {
    const outputs = JSON.stringify({ Stratus: { RenderFunctionName: 'r', ImageFunctionName: 'i' } });
    expect(resolveTargets(parseArgs(['--dry-run']), () => outputs).map((t) => [t.label, t.functionName, t.aliasName])).toEqual([
      ['render', 'r', 'live'],
      ['image', 'i', 'live'],
    ]);
  });

  test('a site with API routes: the streaming function moves with the others', () => {
    const outputs = JSON.stringify({ Stratus: { RenderFunctionName: 'r', ImageFunctionName: 'i', StreamFunctionName: 's' } });
    expect(resolveTargets(parseArgs([]), () => outputs).map((t) => [t.label, t.functionName])).toEqual([
      ['render', 'r'],
      ['stream', 's'],
      ['image', 'i'],
    ]);
    expect(resolveTargets(parseArgs(['--render', 'R', '--image', 'I', '--stream', 'S'])).map((t) => t.functionName)).toEqual(['R', 'S', 'I']);
  });

  test('flags win, and a missing outputs file says what to pass', () => {
    expect(resolveTargets(parseArgs(['--render', 'R', '--image', 'I'])).map((t) => t.functionName)).toEqual(['R', 'I']);
    expect(() => resolveTargets(parseArgs([]), () => { throw new Error('ENOENT'); })).toThrow(/--render and --image/);
    expect(() => parseArgs(['--bogus'])).toThrow(/unknown option/);
  });
});
