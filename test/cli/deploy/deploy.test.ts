/**
 * `stratus deploy`'s code cache: after the first `cdk deploy`, the deployed render function
 * (here: its built handler in a fresh process, as Lambda runs it) makes V8's cache of its
 * bundle, the cache is written beside the bundle and a second `cdk deploy` ships it in the
 * function's code. AWS itself is the one thing not run: `cdk deploy` is replaced by a
 * recorder of what it was given; the synth is real.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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


describe('stratus deploy uploads the pages that changed before cdk deploy', () => {
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  const folders: string[] = [];
  let s3: InstanceType<typeof S3rver>;
  let client: import('@aws-sdk/client-s3').S3Client;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-deploy-s3-'));
    folders.push(dataDir);
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: 'shop-assets', configs: [] }] });
    const { port } = await s3.run();
    const { S3Client } = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
    client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
    folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  /** Page uploads the synthesized stack makes itself: BucketDeployments to the build's page prefixes. */
  function pageDeployments(assembly: string): string[] {
    const template = JSON.parse(readFileSync(path.join(assembly, 'Shop.template.json'), 'utf8')) as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };
    return Object.values(template.Resources)
      .filter((r) => r.Type === 'Custom::CDKBucketDeployment')
      .map((r) => String(r.Properties.DestinationBucketKeyPrefix))
      .filter((prefix) => /^(_data\/prerendered|_app\/(pages|data))\//.test(prefix));
  }

  test('a first deploy leaves them to cdk deploy; the next uploads only what changed, and the stack uploads none', async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-deploy-pages-'));
    folders.push(outDir);
    const app = tempApp(APP);
    const shipped: string[][] = [];
    const lines: string[] = [];
    const run = () => deploy({
      appDir: app, outDir, stackName: 'Shop', region: 'us-east-1', codeCache: false, log: (line) => lines.push(line), findCredentials: async () => undefined, s3: client,
      cdk: (args) => {
        shipped.push(pageDeployments(args[args.indexOf('--app') + 1]!));
        writeFileSync(args[args.indexOf('--outputs-file') + 1]!, JSON.stringify({ Shop: { [OUTPUTS.renderFunction]: 'shop-render', [OUTPUTS.bucket]: 'shop-assets' } }));
        return 0;
      },
    });
    expect(await run()).toBe(0);
    expect(lines.join('\n')).toMatch(/no earlier deploy names a bucket, so cdk deploy uploads them whole/);
    expect(shipped[0]).toEqual(expect.arrayContaining(['_data/prerendered/', '_app/pages/', '_app/data/']));
    expect(await run()).toBe(0);
    // The home page: its object, its HTML, its data; nothing of the server page.
    expect(lines.join('\n')).toMatch(/pages: 3 of 3 files uploaded/);
    expect(shipped[1]).toEqual([]);
    lines.length = 0;
    expect(await run()).toBe(0);
    expect(lines.join('\n')).toMatch(/pages: 0 of 3 files uploaded/);
  }, 240_000);
});
