/**
 * `next/og` in a pages-router app, as Next's docs write it: `ImageResponse` from an API route
 * (`runtime: 'edge'`, returned; a Node route, its bytes sent), the app installing no
 * @vercel/og (Stratus's own is used). The render function answers PNGs with their content
 * type; the package's WebAssembly and font ship in the function's folder and are read only
 * by the first image, not when the function loads.
 */
import fs, { readdirSync } from 'node:fs';
import path from 'node:path';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { tempApp } from '../../../helpers/temp-app';

let app: BuiltApp;
let render: string;
const reads = jest.spyOn(fs, 'readFileSync');
const assetReads = () => reads.mock.calls.filter(([file]) => String(file).startsWith(path.join(render, 'assets')));

beforeAll(async () => {
  const dir = tempApp({
    'pages/index.js': 'export default function Home() { return <p>home</p>; }\n',
    'pages/api/og-edge.tsx':
      "import { ImageResponse } from 'next/og';\nimport type { NextRequest } from 'next/server';\nexport const config = { runtime: 'edge' };\n" +
      "export default function handler(req: NextRequest) {\n  const title = req.nextUrl.searchParams.get('title') ?? 'Stratus';\n" +
      "  return new ImageResponse(<div style={{ display: 'flex', fontSize: 64, width: '100%', height: '100%', alignItems: 'center', justifyContent: 'center', background: 'white' }}>{title}</div>, { width: 600, height: 300 });\n}\n",
    'pages/api/og-node.js':
      "import { ImageResponse } from 'next/og';\nexport default async function handler(req, res) {\n  const image = new ImageResponse(<div style={{ display: 'flex' }}>Node</div>, { width: 400, height: 200 });\n" +
      "  res.setHeader('content-type', image.headers.get('content-type'));\n  res.end(Buffer.from(await image.arrayBuffer()));\n}\n",
    'pages/api/og-kind.js':
      "import { ImageResponse } from 'next/og';\nexport default function handler(req, res) {\n  const image = new ImageResponse(<div style={{ display: 'flex' }}>x</div>, { width: 10, height: 10 });\n" +
      "  res.json({ response: image instanceof Response, image: image instanceof ImageResponse, status: image.status });\n}\n",
  });
  app = await buildApp(dir);
  render = path.join(app.outDir, 'lambdas', 'render');
}, 120_000);
afterAll(() => app?.cleanup());

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The PNG's bytes, checked to be one, and its size from its header. */
function png(body: string | undefined): { width: number; height: number } {
  const bytes = Buffer.from(body ?? '', 'base64');
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the package's WebAssembly and font ship in the function's folder, under their content hash, and are not read as the function loads", () => {
  expect(readdirSync(path.join(render, 'assets')).sort()).toEqual([expect.stringMatching(/^noto-sans-.*-[A-Z0-9]{8}\.ttf$/), expect.stringMatching(/^resvg-[A-Z0-9]{8}\.wasm$/)]);
  expect(assetReads()).toEqual([]);
});

test('an edge API route returns an ImageResponse: a PNG, with its content type and cache-control', async () => {
  const response = await app.handler(functionUrlEvent('/api/og-edge?title=Hello'));
  expect(response.statusCode).toBe(200);
  expect(response.headers?.['content-type']).toBe('image/png');
  expect(response.headers?.['cache-control']).toBe('public, immutable, no-transform, max-age=31536000');
  expect(response.isBase64Encoded).toBe(true);
  expect(png(response.body)).toEqual({ width: 600, height: 300 });
  // Read once, by the first image.
  expect(assetReads().length).toBe(2);
});

test('a Node API route sends the bytes of one', async () => {
  const response = await app.handler(functionUrlEvent('/api/og-node'));
  expect(response.statusCode).toBe(200);
  expect(response.headers?.['content-type']).toBe('image/png');
  expect(png(response.body)).toEqual({ width: 400, height: 200 });
  expect(assetReads().length).toBe(2);
});

test('an ImageResponse is a Response, and of its own class', async () => {
  const response = await app.handler(functionUrlEvent('/api/og-kind'));
  expect(JSON.parse(response.body!)).toEqual({ response: true, image: true, status: 200 });
});
