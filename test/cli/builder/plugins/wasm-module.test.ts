/**
 * `import wasm from './add.wasm?module'` in server code (an edge API route and middleware, as
 * Next documents WebAssembly for the Edge Runtime): a compiled `WebAssembly.Module`, its file
 * shipped with the function and read from there, wherever the function's folder is.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { tempApp } from '../../../helpers/temp-app';

/** A module exporting add_one(i32) → i32, as written by hand in the text format and assembled. */
const ADD_ONE = Buffer.from('0061736d0100000001060160017f017f03020100070b01076164645f6f6e6500000a09010700200041016a0b', 'hex');

let app: BuiltApp;
let taskDir: string;
beforeAll(async () => {
  const dir = tempApp({
    'src/add.js': "import wasm from './add.wasm?module';\nconst instance = WebAssembly.instantiate(wasm);\nexport async function increment(a) { return (await instance).exports.add_one(a); }\n",
    'pages/api/add.js':
      "import { increment } from '../../src/add.js';\nexport const config = { runtime: 'edge' };\n" +
      "export default async function handler(request) { const input = Number(new URL(request.url).searchParams.get('input')); return Response.json({ input, value: await increment(input) }); }\n",
    'middleware.js':
      "import { NextResponse } from 'next/server';\nimport { increment } from './src/add.js';\n" +
      "export async function middleware() { const response = NextResponse.next(); response.headers.set('x-added', String(await increment(41))); return response; }\nexport const config = { matcher: '/' };\n",
    'pages/index.js': 'export default function Home() { return <p>home</p>; }\n',
  });
  writeFileSync(path.join(dir, 'src', 'add.wasm'), ADD_ONE);
  app = await buildApp(dir);
  // Served as Lambda runs it: the function's folder elsewhere, the app's files gone.
  taskDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-task-'));
  cpSync(path.join(app.outDir, 'lambdas', 'render'), taskDir, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
}, 60_000);
afterAll(() => {
  app?.cleanup();
  if (taskDir) rmSync(taskDir, { recursive: true, force: true });
});

test('an edge API route and middleware instantiate the module; the .wasm ships under assets/', async () => {
  expect(readdirSync(path.join(taskDir, 'assets')).some((file) => /^add-\w+\.wasm$/.test(file))).toBe(true);
  const cwd = process.cwd();
  process.chdir(taskDir);
  try {
    const { handler } = require(path.join(taskDir, 'index.js')) as { handler: BuiltApp['handler'] };
    const api = await handler(functionUrlEvent('/api/add?input=10'));
    expect(api.statusCode).toBe(200);
    expect(JSON.parse(api.body!)).toEqual({ input: 10, value: 11 });
    const page = await handler(functionUrlEvent('/'));
    expect(page.headers?.['x-added']).toBe('42');
  } finally {
    process.chdir(cwd);
  }
});
