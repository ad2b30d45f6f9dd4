/**
 * `import.meta` in the app's own server files: `new URL('<file>', import.meta.url)` read by an
 * API route (fs.readFile), an edge API route and middleware (fetch), as Next's edge compiler
 * ships such assets (its e2e edge-compiler-can-import-blob-assets). Served as Lambda runs the
 * function: its folder copied elsewhere (as /var/task), the app's folder gone, the copy the
 * working directory.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { appImportMeta } from '../../../cli/builder/app-import-meta';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { fromCopiedFunction } from '../../helpers/function-folder';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

const apps: BuiltApp[] = [];
let server: http.Server | undefined;
afterAll(() => {
  apps.forEach((app) => app.cleanup());
  server?.close();
});

// A PNG's signature and bytes that are not UTF-8.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80, 0x01, 0x02]);

const bodyOf = (response: Awaited<ReturnType<BuiltApp['handler']>>) => Buffer.from(response.body ?? '', response.isBase64Encoded ? 'base64' : 'utf8');

test("an API route, an edge API route and middleware read the app's files by new URL(…, import.meta.url) in the function, wherever its folder is", async () => {
  server = http.createServer((_req, res) => res.end('from the network'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const dir = tempApp({
    'src/text-file.txt': 'Hello, from text-file.txt!',
    'lib/data.json': '{ "from": "lib/data.json" }',
    'node_modules/my-pkg/package.json': JSON.stringify({ name: 'my-pkg', version: '1.0.0' }),
    'node_modules/my-pkg/hello/world.json': '{ "i am": "a node dependency" }',
    // The @vercel/og docs' pattern: fetched at the module's top, as it loads.
    'lib/font.js': "export const font = fetch(new URL('../src/text-file.txt', import.meta.url)).then((r) => r.text());\n",
    'pages/index.js': 'export default function Home() { return <p>home</p>; }\n',
    'pages/api/node.js':
      "import { readFile } from 'node:fs/promises';\nexport default async function handler(req, res) {\n  res.setHeader('content-type', 'application/json');\n  res.send(await readFile(new URL('../../lib/data.json', import.meta.url), 'utf8'));\n}\n",
    'pages/api/edge.js': [
      "import { font } from '../../lib/font';",
      "export const config = { runtime: 'edge' };",
      'const urls = {',
      "  'text-file': () => new URL('../../src/text-file.txt', import.meta.url),",
      "  'image-file': () => new URL(`../../src/vercel.png`, import.meta.url),",
      "  'from-node-module': () => new URL('my-pkg/hello/world.json', import.meta.url),",
      "  missing: () => new URL('./not-there.txt', import.meta.url),",
      '};',
      'export default async function handler(request) {',
      "  const handler = request.nextUrl.searchParams.get('handler');",
      "  if (handler === 'font') return new Response(await font);",
      "  if (handler === 'http') return fetch(request.nextUrl.searchParams.get('url'));",
      "  if (handler === 'meta') return Response.json({ url: import.meta.url, /* import.meta.url */ text: 'import.meta.url' });",
      '  const answer = await fetch(urls[handler]());',
      "  return new Response(await answer.arrayBuffer(), { status: answer.status, headers: { 'content-type': answer.headers.get('content-type') ?? 'none' } });",
      '}',
      '',
    ].join('\n'),
    'middleware.js':
      "export const config = { matcher: '/from-middleware' };\nexport async function middleware() {\n  const text = await fetch(new URL('./src/text-file.txt', import.meta.url)).then((r) => r.text());\n  return new Response(`middleware: ${text}`);\n}\n",
  });
  writeFileSync(path.join(dir, 'src/vercel.png'), PNG);
  const app = await buildApp(dir);
  apps.push(app);
  const assets = readdirSync(path.join(app.outDir, 'lambdas', 'render', 'assets')).sort();
  expect(assets).toEqual([expect.stringMatching(/^data-[A-Z0-9]{8}\.json$/), expect.stringMatching(/^text-file-[A-Z0-9]{8}\.txt$/), expect.stringMatching(/^vercel-[A-Z0-9]{8}\.png$/), expect.stringMatching(/^world-[A-Z0-9]{8}\.json$/)]);
  // The app's folder (its files, its packages) is not there when the function runs.
  rmSync(dir, { recursive: true });

  await fromCopiedFunction(app, async (handler, taskDir) => {
    const get = (url: string) => handler(functionUrlEvent(url));
    const text = await get('/api/edge?handler=text-file');
    expect([text.statusCode, bodyOf(text).toString(), text.headers?.['content-type']]).toEqual([200, 'Hello, from text-file.txt!', 'text/plain; charset=utf-8']);
    const image = await get('/api/edge?handler=image-file');
    expect([image.statusCode, image.headers?.['content-type']]).toEqual([200, 'image/png']);
    expect(bodyOf(image).equals(PNG)).toBe(true);
    const pkg = await get('/api/edge?handler=from-node-module');
    expect([pkg.statusCode, JSON.parse(bodyOf(pkg).toString())]).toEqual([200, { 'i am': 'a node dependency' }]);
    expect(bodyOf(await get('/api/edge?handler=font')).toString()).toBe('Hello, from text-file.txt!');
    expect((await get('/api/edge?handler=missing')).statusCode).toBe(404);
    // Any other import.meta.url: the file's place in the function's folder; strings and comments as written.
    expect(JSON.parse(bodyOf(await get('/api/edge?handler=meta')).toString())).toEqual({ url: `file://${taskDir}/pages/api/edge.js`, text: 'import.meta.url' });
    // A fetch of anything else is the real fetch's.
    const network = await get(`/api/edge?handler=http&url=${encodeURIComponent(`http://127.0.0.1:${port}/`)}`);
    expect([network.statusCode, bodyOf(network).toString()]).toEqual([200, 'from the network']);

    const node = await get('/api/node');
    expect([node.statusCode, JSON.parse(bodyOf(node).toString())]).toEqual([200, { from: 'lib/data.json' }]);
    const middleware = await get('/from-middleware');
    expect([middleware.statusCode, bodyOf(middleware).toString()]).toEqual([200, 'middleware: Hello, from text-file.txt!']);
  });
}, 120_000);

describe('appImportMeta', () => {
  const same = (_file: string, source: string) => source;

  test('a literal URL of a file becomes its asset; other reads the place of the file in the function', () => {
    const dir = tempApp({ 'assets/Inter.ttf': 'x', 'pages/api/og.ts': '' });
    const file = path.join(dir, 'pages/api/og.ts');
    const code = appImportMeta(same, dir)(file, "const font: Promise<Response> = fetch(new URL('../../assets/Inter.ttf', import.meta.url));\nexport const here = import.meta.url, folder = import.meta.dirname, me = import.meta.filename;\n");
    expect(code).toContain('fetch(new URL(__stratusUrlAsset0, __stratusImportMetaUrl));');
    expect(code).toContain(`import __stratusUrlAsset0 from ${JSON.stringify(`stratus-url-asset:${path.join(dir, 'assets/Inter.ttf')}`)};`);
    expect(code).toContain('here = new URL("pages/api/og.ts", __stratusImportMetaUrl).href, folder = __stratusPathJoin(__stratusImportMetaDirname, "pages/api"), me = __stratusPathJoin(__stratusImportMetaDirname, "pages/api/og.ts");');
    expect(code).toContain('import { url as __stratusImportMetaUrl, dirname as __stratusImportMetaDirname } from "stratus-import-meta:bundle";');
    expect(code).toContain('/lambdas/render/api/file-fetch-global.ts";');
  });

  test('a file that names import.meta only in strings, comments and JSX is left as it is', () => {
    const source = "// import.meta.url\nexport const a = 'import.meta.url';\nexport const b = <p>import.meta.url</p>;\n";
    expect(appImportMeta(same, '/app')('/app/pages/a.jsx', source)).toBe(source);
  });
});
