/**
 * `stratus deploy`'s code cache: after the first `cdk deploy`, the deployed render function
 * (here: its built handler in a fresh process, as Lambda runs it) makes V8's cache of its
 * bundle, the cache is written beside the bundle and a second `cdk deploy` ships it in the
 * function's code. AWS itself is the one thing not run: `cdk deploy` is replaced by a
 * recorder of what it was given; the synth is real.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deploy } from '../../../cli/deploy/deploy';
import { appBundleId } from '../../../infra/bundle-id';
import { codeCacheFileName } from '../../../lambdas/render/lambda/code-cache';
import { OUTPUTS } from '../../../infra/outputs';
import { runColdProbe } from '../../helpers/cold-probe';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

const APP = {
  'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n',
  'pages/ssr/[id].tsx': 'export default function Item({ id }: { id: string }) { return <p>item {id}</p>; }\nexport function getServerSideProps({ params }: { params: { id: string } }) { return { props: { id: params.id } }; }\n',
};

const PROBE = `
const entry = require(process.env.BUNDLE);
entry.handler(JSON.parse(process.env.EVENT), { awsRequestId: 'cold' }).then((result) => {
  process.stderr.write('PROBE ' + JSON.stringify({ codeCache: entry.codeCache, result }) + '\\n');
});
`;

/** The deployed function, as Lambda would run it: the build's entry in a fresh process. */
const deployedFunction = (renderDir: string) => async (_name: string, event: object) =>
  runColdProbe<{ result: unknown }>(PROBE, path.join(renderDir, 'index.js'), event).probe.result;

/** Code cache files in the render function's asset of a synthesized assembly. */
function cachesShipped(assembly: string): string[] {
  const render = readdirSync(assembly).map((name) => path.join(assembly, name)).find((dir) => existsSync(path.join(dir, 'app.js')));
  if (!render) throw new Error(`no render function asset in ${assembly}`);
  return readdirSync(render).filter((name) => name.endsWith('.cache'));
}

describe('stratus deploy', () => {
  const outDirs: string[] = [];
  afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  async function deployWith(overrides: Partial<Parameters<typeof deploy>[0]>, cdkStatuses: number[] = []) {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-deploy-'));
    outDirs.push(outDir);
    const renderDir = path.join(outDir, 'lambdas', 'render');
    const calls: { args: string[]; shipped: string[] }[] = [];
    const lines: string[] = [];
    const invoked: string[] = [];
    const code = await deploy({
      appDir: tempApp(APP),
      outDir,
      stackName: 'Shop',
      region: 'eu-west-1',
      log: (line) => lines.push(line),
      findCredentials: async () => undefined,
      // `cdk deploy`: what it would ship, and the outputs file it would write.
      cdk: (args) => {
        calls.push({ args, shipped: cachesShipped(args[args.indexOf('--app') + 1]!) });
        writeFileSync(args[args.indexOf('--outputs-file') + 1]!, JSON.stringify({ Shop: { [OUTPUTS.renderFunction]: 'shop-render' } }));
        return cdkStatuses[calls.length - 1] ?? 0;
      },
      invoke: (name, event) => {
        invoked.push(name);
        return deployedFunction(renderDir)(name, event);
      },
      ...overrides,
    });
    return { code, calls, lines, renderDir, invoked };
  }

  test('deploys, has the function make its code cache, and deploys again with it beside the bundle', async () => {
    const { code, calls, lines, renderDir, invoked } = await deployWith({});
    expect(code).toBe(0);
    expect(invoked).toEqual(['shop-render']);
    const expected = codeCacheFileName(appBundleId(path.join(renderDir, 'app.js')));
    expect(calls.map((c) => c.shipped)).toEqual([[], [expected]]);
    // The same deploy, twice: same arguments (and the same deploy id in the synthesized context).
    expect(calls[1]!.args).toEqual(calls[0]!.args);
    expect(lines.join('\n')).toMatch(/code cache: \d+ kB, made by the render function in Lambda \(Node\.js v\d+/);
    // What was shipped is what a cold start takes.
    const { probe } = runColdProbe<{ codeCache: string }>(PROBE, path.join(renderDir, 'index.js'), functionUrlEvent('/ssr/4'));
    expect(probe.codeCache).toBe('used');
  }, 240_000);

  test('a second deploy that fails says the site runs the first one, and the command fails', async () => {
    const { code, calls, lines } = await deployWith({}, [0, 1]);
    expect(calls).toHaveLength(2);
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(/site runs what the first one deployed, without the code cache/);
  }, 240_000);

  test('--no-code-cache deploys once', async () => {
    const { code, calls } = await deployWith({ codeCache: false });
    expect(code).toBe(0);
    expect(calls).toHaveLength(1);
  }, 240_000);

  test('a function that cannot make a cache leaves the first deploy as it is, and says why', async () => {
    const { code, calls, lines, renderDir } = await deployWith({
      invoke: async () => {
        throw new Error('User is not authorized to perform: lambda:InvokeFunction');
      },
    });
    expect(code).toBe(0);
    expect(calls).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/code cache: skipped, the render function did not make one \(User is not authorized/);
    expect(readdirSync(renderDir).filter((name) => name.endsWith('.cache'))).toEqual([]);
  }, 240_000);
});

describe("stratus deploy in a project with a CDK app of its own", () => {
  const folders: string[] = [];
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function project(): { dir: string; app: string; outDir: string } {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-project-'));
    folders.push(dir);
    writeFileSync(path.join(dir, 'cdk.json'), JSON.stringify({ app: 'node infra.mjs' }));
    return { dir, app: tempApp(APP), outDir: path.join(dir, 'build') };
  }

  test("deploys the project's app, every stack, with a deploy id, not a stack of its own", async () => {
    const { dir, app, outDir } = project();
    process.chdir(dir);
    const calls: string[][] = [];
    const lines: string[] = [];
    const code = await deploy({ appDir: app, outDir, stackName: 'Ignored', log: (line) => lines.push(line), findCredentials: async () => undefined, codeCache: false, cdk: (args) => (calls.push(args), 0) });
    expect(code).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.slice(0, 3)).toEqual(['deploy', '--all', '--context']);
    expect(calls[0]![3]).toMatch(/^deployId=\d{8}T\d{6}Z$/);
    expect(calls[0]).not.toContain('--app');
    expect(lines.join('\n')).toContain("deploying the project's CDK app (cdk.json: \"node infra.mjs\")");
    expect(lines.join('\n')).toContain('--stack and --region name the stack Stratus makes');
    expect(existsSync(path.join(outDir, 'cdk.out'))).toBe(false);
  });

  test('without credentials it stops with the same sign-in message as for the stack Stratus makes', async () => {
    const { dir, app, outDir } = project();
    process.chdir(dir);
    const calls: string[][] = [];
    const failing = deploy({ appDir: app, outDir, log: () => undefined, findCredentials: async () => { throw new Error('Could not load credentials from any providers'); }, cdk: (args) => (calls.push(args), 0) });
    await expect(failing).rejects.toThrow(/No AWS credentials found \(Could not load credentials from any providers\)\.\nSign in first, then deploy again/);
    expect(calls).toEqual([]);
  });
});

