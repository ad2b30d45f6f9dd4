/**
 * A cold start of the render Lambda pays only for the built-in modules its request needs:
 * a page request loads no HTTP client, hashing, stream or DNS module (each is milliseconds
 * of cold start), and a request that does need one still gets it. The same for the packages
 * only some requests use (ipaddr.js): they are files of their own beside the bundle, not
 * text inside it that every cold start reads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { runColdProbe } from '../../helpers/cold-probe';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

const LAZY = ['node:http', 'node:https', 'node:crypto', 'node:stream', 'node:dns', 'node:fs/promises', 'node:module', './lazy/ipaddr.js'];

// A fresh process: the bundle loaded, one event answered, then which built-ins were loaded by then.
const PROBE = `
const Module = require('node:module');
const loaded = new Set();
const original = Module.prototype.require;
Module.prototype.require = function (id) { if (Module.isBuiltin(id)) loaded.add(id.startsWith('node:') ? id : 'node:' + id); else if (id.startsWith('./')) loaded.add(id); return original.apply(this, arguments); };
const stdout = Object.getOwnPropertyDescriptor(process, 'stdout');
let stdoutMade = false;
Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, get() { stdoutMade = true; return stdout.get.call(process); } });
const { handler } = require(process.env.BUNDLE);
handler(JSON.parse(process.env.EVENT), { awsRequestId: 'cold' }).then((result) => {
  process.stderr.write('PROBE ' + JSON.stringify({ status: result.statusCode, headers: result.headers, body: result.body, loaded: [...loaded], stdoutMade }) + '\\n');
});
`;

let app: BuiltApp;
let bundle: string;

beforeAll(async () => {
  const dir = tempApp({
    'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n',
    'pages/ssr/[id].tsx': [
      "import type { GetServerSideProps } from 'stratus';",
      'export const getServerSideProps: GetServerSideProps = async ({ params }) => ({ props: { id: String(params!.id) } });',
      'export default function Item({ id }: { id: string }) { return <p>item {id}</p>; }',
    ].join('\n'),
    'pages/api/echo.ts': [
      "import type { NextApiRequest, NextApiResponse } from 'next';",
      'export default async function echo(req: NextApiRequest, res: NextApiResponse) {',
      '  let text = "";',
      "  for await (const chunk of req) text += chunk;",
      '  res.status(200).json({ text });',
      '}',
      'export const config = { api: { bodyParser: false } };',
    ].join('\n'),
    'stratus.config.ts': [
      'export default { async rewrites() { return [',
      "  { source: '/elsewhere/:path*', destination: 'https://example.com/:path*' },",
      "  { source: '/metadata/:path*', destination: 'http://169.254.169.254/:path*' },",
      '] } };',
    ].join('\n'),
  });
  app = await buildApp(dir);
  bundle = path.join(app.outDir, 'lambdas', 'render', 'index.js');
});

afterAll(() => app?.cleanup());

interface ColdAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  loaded: string[];
  stdoutMade: boolean;
  /** What the process wrote on stdout: its log lines. */
  logged: string;
}

/** One event answered by a fresh process, as in Lambda (whose runtime sets AWS_LAMBDA_FUNCTION_NAME). */
function coldRequest(event: object): ColdAnswer {
  const { probe, stdout } = runColdProbe<Omit<ColdAnswer, 'logged'>>(PROBE, bundle, event);
  return { ...probe, logged: stdout };
}

test.each(['/ssr/7', '/'])('a cold start answering %s loads none of the built-ins only some requests need', (page) => {
  const cold = coldRequest(functionUrlEvent(page, { headers: { accept: 'text/html' } }));
  expect(cold.status).toBe(200);
  expect(cold.loaded.filter((id) => LAZY.includes(id))).toEqual([]);
});

test("in Lambda the request line reaches stdout without Node making its stdout stream (a cold start's first write)", () => {
  const cold = coldRequest(functionUrlEvent('/ssr/7', { headers: { accept: 'text/html' } }));
  expect(cold.stdoutMade).toBe(false);
  const lines = cold.logged.split('\n').filter(Boolean).map((text) => JSON.parse(text) as { path?: string; status?: number });
  expect(lines).toEqual([expect.objectContaining({ path: '/ssr/7', status: 200 })]);
});

test("a prerendered page's ETag, worked out at build time, is the one its HTML has, and a cold start answers 304 to it", () => {
  const first = coldRequest(functionUrlEvent('/', { headers: { accept: 'text/html' } }));
  const etag = first.headers.etag!;
  expect(etag).toBe(`"${createHash('sha1').update(first.body).digest('base64url')}"`);
  const again = coldRequest(functionUrlEvent('/', { headers: { accept: 'text/html', 'if-none-match': etag } }));
  expect(again.status).toBe(304);
  expect(again.loaded.filter((id) => LAZY.includes(id))).toEqual([]);
});

test("an API route that streams its body still reads it (node:stream loads on that request)", () => {
  const cold = coldRequest(functionUrlEvent('/api/echo', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }));
  expect(cold.status).toBe(200);
  expect(JSON.parse(cold.body)).toEqual({ text: 'hello' });
  expect(cold.loaded).toContain('node:stream');
});

test('ipaddr.js is a file beside the bundle, loaded by the first request that checks an address (a rewrite to a private one: 502)', () => {
  const file = path.join(path.dirname(bundle), 'lazy', 'ipaddr.js');
  expect(existsSync(file)).toBe(true);
  // Its code is in that file and not in the bundle, which only names it.
  const marker = 'ipaddr: the address has neither IPv6 nor IPv4 format';
  expect(readFileSync(file, 'utf8')).toContain(marker);
  expect(readFileSync(path.join(path.dirname(bundle), 'app.js'), 'utf8')).not.toContain(marker);
  const cold = coldRequest(functionUrlEvent('/metadata/latest/meta-data', { headers: { accept: 'text/html' } }));
  expect(cold.status).toBe(502);
  expect(cold.loaded).toContain('./lazy/ipaddr.js');
});
