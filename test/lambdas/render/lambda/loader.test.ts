/**
 * The render function's entry (lambdas/render/loader.ts) and the code cache it takes: made
 * by the function itself on `{ stratus: "code-cache" }`, used by the next cold start of the
 * same Node with the same settings, refused (and said so) by any other, never read for
 * another bundle. Each cold start is a fresh process, as in Lambda.
 */
import { readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { appBundleId } from '../../../../infra/bundle-id';
import { codeCacheFileName, isCodeCacheEvent, isCodeCacheFileName, WARM_UP_PATH, type CodeCacheAnswer } from '../../../../lambdas/render/lambda/code-cache';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { runColdProbe } from '../../../helpers/cold-probe';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { tempApp } from '../../../helpers/temp-app';

const PAGES = {
  'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n',
  'pages/ssr/[id].tsx': [
    'export default function Item({ id, rows }: { id: string; rows: string[] }) {',
    '  return <main><h1>Item {id}</h1><ul>{rows.map((r) => <li key={r}>{r}</li>)}</ul></main>;',
    '}',
    'export function getServerSideProps({ params }: { params: { id: string } }) {',
    '  return { props: { id: params.id, rows: [1, 2, 3].map((n) => `row ${params.id}-${n}`) } };',
    '}',
    '',
  ].join('\n'),
  'pages/throws.tsx': [
    'export default function Throws() { return <p>never</p>; }',
    'export function getServerSideProps(): never {',
    "  throw new Error('the data source is down');",
    '}',
    '',
  ].join('\n'),
};

// A fresh process: the entry loaded, one event answered; what it said about its cache, and the answer.
const PROBE = `
const entry = require(process.env.BUNDLE);
entry.handler(JSON.parse(process.env.EVENT), { awsRequestId: 'cold' }).then((result) => {
  process.stderr.write('PROBE ' + JSON.stringify({ codeCache: entry.codeCache, result }) + '\\n');
});
`;

interface Probe {
  codeCache: string;
  result: { statusCode?: number; body?: string } & Partial<CodeCacheAnswer>;
}

let app: BuiltApp;
let renderDir: string;
let entry: string;

beforeAll(async () => {
  app = await buildApp(tempApp(PAGES));
  renderDir = path.join(app.outDir, 'lambdas', 'render');
  entry = path.join(renderDir, 'index.js');
});
afterAll(() => app.cleanup());

const cold = (event: object, nodeArgs?: string[]) => runColdProbe<Probe>(PROBE, entry, event, { nodeArgs });
const cacheFiles = () => readdirSync(renderDir).filter((name) => name.endsWith('.cache'));
/** What `stratus deploy` does with the function's answer. */
function makeCache(): CodeCacheAnswer {
  const { probe, stdout } = cold({ stratus: 'code-cache' });
  expect(probe.result.codeCache).toBeDefined();
  // The warm-up request is logged like any other: operators see why a 404 was answered.
  expect(stdout).toContain(`"path":"${WARM_UP_PATH}"`);
  const answer = probe.result as CodeCacheAnswer;
  writeFileSync(path.join(renderDir, answer.file), Buffer.from(answer.codeCache, 'base64'));
  return answer;
}

afterEach(() => cacheFiles().forEach((name) => rmSync(path.join(renderDir, name))));

test('with no cache beside it, the bundle loads as any module and answers', () => {
  expect(cacheFiles()).toEqual([]);
  const { probe } = cold(functionUrlEvent('/ssr/7'));
  expect(probe.codeCache).toBe('none');
  expect(probe.result.statusCode).toBe(200);
  expect(probe.result.body).toContain('row 7-3');
});

test('the function makes its own cache: named after the bundle, with the Node that made it', () => {
  const answer = makeCache();
  expect(answer.file).toBe(codeCacheFileName(appBundleId(path.join(renderDir, 'app.js'))));
  expect(isCodeCacheFileName(answer.file)).toBe(true);
  expect(answer.node).toBe(process.version);
  expect(answer.arch).toBe(process.arch);
  expect(Buffer.from(answer.codeCache, 'base64').length).toBeGreaterThan(10_000);
});

test('the next cold start uses it and answers byte for byte as without it', () => {
  const without = cold(functionUrlEvent('/ssr/7')).probe;
  makeCache();
  const withCache = cold(functionUrlEvent('/ssr/7')).probe;
  expect(withCache.codeCache).toBe('used');
  expect(withCache.result).toEqual(without.result);
});

test('a Node started with other V8 settings refuses it, says so once, and answers all the same', () => {
  makeCache();
  const { probe, stdout } = cold(functionUrlEvent('/ssr/7'), ['--stack-trace-limit=20']);
  expect(probe.codeCache).toBe('rejected');
  expect(probe.result.statusCode).toBe(200);
  expect(probe.result.body).toContain('row 7-3');
  const warnings = stdout.split('\n').filter((line) => line.includes('"level":"WARN"'));
  expect(warnings).toHaveLength(1);
  expect(JSON.parse(warnings[0]!).message).toMatch(/stratus deploy/);
});

test('outside Lambda (a local server of a deployed build) the cache is not read: it is for Lambda\'s Node', () => {
  makeCache();
  const local = runColdProbe<Probe>(`delete process.env.AWS_LAMBDA_FUNCTION_NAME;\n${PROBE}`, entry, functionUrlEvent('/ssr/7'), { nodeArgs: ['--stack-trace-limit=20'] });
  expect(local.probe.codeCache).toBe('none');
  expect(local.stdout).not.toContain('"level":"WARN"');
  expect(local.probe.result.statusCode).toBe(200);
});

test("an error's stack, from a cached bundle, still names the page's file and line", () => {
  makeCache();
  const { probe, stdout } = cold(functionUrlEvent('/throws', { headers: { accept: 'text/html' } }));
  expect(probe.codeCache).toBe('used');
  expect(probe.result.statusCode).toBe(500);
  const error = stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: string; stack?: string }).find((line) => line.level === 'ERROR');
  expect(error?.stack).toMatch(/pages\/throws\.tsx:3:\d+/);
});

test("another build's cache is never read: the bundle's hash is in the name", async () => {
  const answer = makeCache();
  const other = await buildApp(tempApp({ ...PAGES, 'pages/index.tsx': 'export default function Home() { return <p>home, changed</p>; }\n' }));
  try {
    const otherDir = path.join(other.outDir, 'lambdas', 'render');
    // The old cache, copied beside a different bundle (as a stale file would be): not its name.
    writeFileSync(path.join(otherDir, answer.file), readFileSync(path.join(renderDir, answer.file)));
    const { probe } = runColdProbe<Probe>(PROBE, path.join(otherDir, 'index.js'), functionUrlEvent('/'));
    expect(probe.codeCache).toBe('none');
    expect(probe.result.body).toContain('home, changed');
  } finally {
    other.cleanup();
  }
});

test('only the operator event makes a cache: a Function URL event never has its shape', () => {
  expect(isCodeCacheEvent({ stratus: 'code-cache' })).toBe(true);
  expect(isCodeCacheEvent(functionUrlEvent('/_app/code-cache-warm-up'))).toBe(false);
  expect(isCodeCacheEvent({ ...functionUrlEvent('/'), body: '{"stratus":"code-cache"}' })).toBe(false);
  expect(isCodeCacheEvent(null)).toBe(false);
  expect(isCodeCacheFileName('../app.0123456789abcdef.node22-arm64.cache')).toBe(false);
  expect(isCodeCacheFileName('app.0123456789abcdef.node22-arm64.cache')).toBe(true);
  expect(isCodeCacheFileName('app.0123456789abcdef.cache')).toBe(false);
});

test('one cache name per runtime and architecture: a function moved to another never reads the one made before', () => {
  expect(codeCacheFileName('0123456789abcdef', 'v22.11.0', 'arm64')).toBe('app.0123456789abcdef.node22-arm64.cache');
  expect(codeCacheFileName('0123456789abcdef', 'v24.0.1', 'x64')).toBe('app.0123456789abcdef.node24-x64.cache');
  expect(codeCacheFileName('0123456789abcdef')).toBe(`app.0123456789abcdef.node${process.versions.node.split('.')[0]}-${process.arch}.cache`);
});
