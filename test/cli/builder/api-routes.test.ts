/**
 * `stratus build` of an app with API routes: scanned as API routes (the issue's
 * `pages/api/contact.ts` included), listed in the manifest and the summary, compiled into
 * the render function and never into a browser file; then the built handler driven with
 * Function URL events as Lambda would.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { parseManifest, readManifest } from '../../../contract/manifest';
import { buildApp, FIXTURES, type BuiltApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';

const API_APP = path.join(FIXTURES, 'apps', 'api');
const lines: string[] = [];
let app: BuiltApp;
let stdoutSpy: jest.SpyInstance;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  app = await buildApp(API_APP, { log: (line) => lines.push(line) });
  // The bundle has its own copy of the logger: read what it writes to stdout.
  stdoutSpy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split('\n')) if (line.startsWith('{')) logLines.push(JSON.parse(line));
    return true;
  });
});

afterAll(() => {
  stdoutSpy.mockRestore();
  app.cleanup();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('the build', () => {
  test('API routes are in the manifest with kind api, in precedence order, with no scripts or prerendered pages', () => {
    const api = app.manifest.routes.filter((r) => r.kind === 'api');
    expect(api.map((r) => r.pattern)).toEqual(['/api', '/api/contact', '/api/docs/[[...slug]]', '/api/fails', '/api/files/[...path]', '/api/hello', '/api/raw', '/api/users/me', '/api/users/[id]']);
    expect(api.find((r) => r.pattern === '/api/contact')).toEqual({
      pattern: '/api/contact', file: 'pages/api/contact.ts', segments: [{ type: 'static', value: 'api' }, { type: 'static', value: 'contact' }], kind: 'api', fallback: false, prerendered: [], scripts: [],
    });
    expect(app.manifest.routes.filter((r) => r.kind !== 'api').map((r) => [r.pattern, r.kind])).toEqual([['/', 'static'], ['/contact', 'ssr']]);
    expect(readManifest(path.join(app.outDir, 'manifest.json'))).toEqual(app.manifest);
  });

  test('a manifest with a route kind this code does not know is refused, saying to rebuild', () => {
    const text = JSON.stringify({ ...app.manifest, routes: [{ ...app.manifest.routes[0], kind: 'edge' }] });
    expect(() => parseManifest(text, 'x/manifest.json')).toThrow(/x\/manifest\.json has route "\/" of kind "edge", which this code does not know\. Rebuild/);
  });

  test("API code never reaches a browser file: no chunk, nothing in the entry, not a byte of the handlers or their imports", () => {
    const assets = filesUnder(path.join(app.outDir, 'assets'));
    expect(assets.filter((f) => /page-api/.test(f))).toEqual([]);
    const browser = assets.filter((f) => /\.(js|css|json|html)$/.test(f)).map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(browser).not.toMatch(/API_HANDLER_MARKER_8e4f|API_ONLY_MARKER_5d2b|API_FAILURE_DETAIL|x-handler/);
    // The page that calls the API from the browser keeps the URL, and only the URL.
    expect(browser).toContain('/api/hello');
    const server = readFileSync(path.join(app.outDir, 'lambdas/render/app.js'), 'utf8');
    expect(server).toContain('API_HANDLER_MARKER_8e4f');
    expect(server).toContain('API_ONLY_MARKER_5d2b');
  });

  test('the summary lists API routes with their kind, no first-load JS, and says what ƒ means', () => {
    const text = lines.join('\n');
    expect(text).toMatch(/found 11 routes/);
    expect(text).toMatch(/ƒ \/api\/contact\s+API\s+—\s+—/);
    expect(text).toMatch(/ƒ \/api\/users\/\[id\]\s+API/);
    expect(text).toMatch(/λ \/contact\s+server data\s+\d/);
    expect(text).toMatch(/11 routes \(9 API\), build \w+/);
    expect(text).toMatch(/ƒ API route \(pages\/api\)/);
  });
});

describe('the built render function', () => {
  const invoke = (url: string, overrides: Parameters<typeof functionUrlEvent>[1] = {}) => app.handler(functionUrlEvent(url, overrides), { awsRequestId: 'aws-1' });
  const body = (result: { body?: string }) => JSON.parse(result.body!);

  beforeEach(() => {
    logLines.length = 0;
  });

  test('the issue’s pages/api/contact.ts answers as an API route: POST JSON in, JSON out', async () => {
    const result = await invoke('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"hi"}' });
    expect(result.statusCode).toBe(200);
    expect(result.headers!['content-type']).toBe('application/json; charset=utf-8');
    expect(body(result)).toEqual({ received: { message: 'hi' }, method: 'POST' });
  });

  test.each([
    ['/api', { api: 'index' }],
    ['/api/users/me', { route: 'static' }],
    ['/api/users/7', { route: 'dynamic', order: { id: '7', source: 'API_ONLY_MARKER_5d2b' } }],
    ['/api/files/a/b', { route: 'catch-all', path: ['a', 'b'] }],
    ['/api/docs', { route: 'optional catch-all', slug: null }],
    ['/api/docs/x', { route: 'optional catch-all', slug: ['x'] }],
  ])('%s', async (url, expected) => {
    const result = await invoke(url);
    expect(result.statusCode).toBe(200);
    expect(body(result)).toMatchObject(expected);
  });

  test('cookies in and Set-Cookie out, as the Function URL carries them', async () => {
    const result = await invoke('/api/users/me', { cookies: ['visit=2'] });
    expect(result.cookies).toEqual(['seen=2; Path=/']);
  });

  test('bodyParser false: the base64 body the adapter decodes arrives byte for byte', async () => {
    const bytes = Buffer.alloc(100_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 3) % 256;
    const result = await invoke('/api/raw', { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes.toString('base64'), isBase64Encoded: true });
    expect(body(result)).toEqual({ length: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  test('DELETE answered 204 without a body', async () => {
    const result = await invoke('/api/users/7', { method: 'DELETE' });
    expect(result.statusCode).toBe(204);
    expect(result.body).toBeUndefined();
  });

  test('an unknown API path: a JSON 404', async () => {
    const result = await invoke('/api/nothing/here', { method: 'POST', body: '{}' });
    expect(result.statusCode).toBe(404);
    expect(body(result)).toEqual({ error: 'Not Found' });
  });

  test('a handler that throws: 500 without the detail; the log has it, the route and a source-mapped stack', async () => {
    const result = await invoke('/api/fails');
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('API_FAILURE_DETAIL');
    const error = logLines.find((line) => line.level === 'ERROR')!;
    expect(error).toMatchObject({ requestId: 'aws-1', route: '/api/fails', error: expect.stringContaining('API_FAILURE_DETAIL') });
    expect(error.stack).toContain('pages/api/fails.ts');
  });

  test('a form posted to its own getServerSideProps page: the body reaches ctx.req, the cookie ctx.res set goes out', async () => {
    const result = await invoke('/contact', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=Ada+Lovelace' });
    expect(result.statusCode).toBe(200);
    expect(result.body!.replace(/<!-- -->/g, '')).toContain('Thanks, Ada Lovelace');
    expect(result.cookies).toEqual(['contacted=1; Path=/; HttpOnly']);
  });

  test('POST to a static page: 405 with Allow and the 405 page', async () => {
    const result = await invoke('/', { method: 'POST', body: 'x=1' });
    expect(result.statusCode).toBe(405);
    expect(result.headers!.allow).toBe('GET, HEAD');
    expect(result.body).toContain('<title>405: Method Not Allowed</title>');
  });
});

describe('build errors in API routes name the file', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const tmp = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-api-'));
    dirs.push(dir);
    return dir;
  };
  const attempt = (files: Record<string, string>) => {
    const dir = tmp();
    for (const [file, content] of Object.entries({ 'pages/index.tsx': 'export default function P() { return null; }\n', ...files })) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    return build({ appDir: dir, outDir: tmp(), imageLambda: false });
  };

  test('no default export', async () => {
    await expect(attempt({ 'pages/api/x.ts': 'export const config = {};' })).rejects.toThrow(/pages\/api\/x\.ts has no default export: an API route exports its handler as default/);
  });

  test('a data function in an API route', async () => {
    await expect(attempt({ 'pages/api/x.ts': 'export default function h() {}\nexport function getServerSideProps() {}' }))
      .rejects.toThrow(/pages\/api\/x\.ts is an API route \(under pages\/api\) and exports getServerSideProps/);
  });

  test('a sizeLimit that is not a size', async () => {
    await expect(attempt({ 'pages/api/x.ts': "export const config = { api: { bodyParser: { sizeLimit: 'lots' } } };\nexport default function h() {}" }))
      .rejects.toThrow(/pages\/api\/x\.ts: config\.api\.bodyParser\.sizeLimit "lots" is not a size/);
  });
});
