/**
 * The render bundle gives middleware the `URLPattern` Next's middleware runtime has (a
 * global, and an export of next/server), which Lambda's Node 22 lacks; only a middleware
 * that names it carries the polyfill.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { tempApp } from '../../../helpers/temp-app';

const page = "export default function Page() { return <h1>page</h1>; }\nexport function getServerSideProps() { return { props: {} }; }";
const apps: BuiltApp[] = [];
afterAll(() => apps.forEach((app) => app.cleanup()));

test('middleware using the global URLPattern, or next/server\'s, builds and matches as in Next', async () => {
  const app = await buildApp(tempApp({
    'pages/index.js': page,
    'pages/about.js': page,
    'middleware.js': `
      import { NextResponse, URLPattern as Imported } from 'next/server';
      const gated = new URLPattern({ pathname: '/gated{/}?' });
      const item = new Imported({ pathname: '/items/:id' });
      export function middleware(request) {
        if (gated.test({ pathname: request.nextUrl.pathname })) return NextResponse.redirect(new URL('/about', request.url));
        const found = item.exec({ pathname: request.nextUrl.pathname });
        if (found) return NextResponse.json({ id: found.pathname.groups.id });
      }`,
  }));
  apps.push(app);
  const gated = await app.handler(functionUrlEvent('/gated'));
  expect([gated.statusCode, gated.headers?.location]).toEqual([307, '/about']);
  expect(JSON.parse((await app.handler(functionUrlEvent('/items/42'))).body!)).toEqual({ id: '42' });
  expect((await app.handler(functionUrlEvent('/about'))).statusCode).toBe(200);
  expect(readFileSync(path.join(app.outDir, 'lambdas', 'render', 'app.js'), 'utf8')).toContain('Missing parameter name at');
}, 60_000);

test('a middleware that does not name URLPattern carries no polyfill', async () => {
  const app = await buildApp(tempApp({
    'pages/index.js': page,
    'middleware.js': "import { NextResponse } from 'next/server';\nexport function middleware() { return NextResponse.next(); }",
  }));
  apps.push(app);
  const bundle = readFileSync(path.join(app.outDir, 'lambdas', 'render', 'app.js'), 'utf8');
  // The polyfill's own message: there in the first app's bundle, not in this one.
  expect(bundle).not.toContain('Missing parameter name at');
}, 60_000);

test('an app without middleware whose API route says runtime edge carries stratus/server: the route gets a NextRequest', async () => {
  const app = await buildApp(tempApp({
    'pages/index.js': page,
    'pages/api/edge.js': `
      export const config = { runtime: 'edge' };
      export default (req) => Response.json({ headers: Object.fromEntries(req.headers.entries()), pathname: req.nextUrl.pathname, id: req.nextUrl.searchParams.get('id') });`,
    'pages/api/node.js': 'export default (req, res) => res.json({ method: req.method });',
  }));
  apps.push(app);
  const answer = await app.handler(functionUrlEvent('/api/edge?id=7', { headers: { 'x-test': 'yes' } }));
  expect(answer.statusCode).toBe(200);
  expect(JSON.parse(answer.body!)).toMatchObject({ headers: { 'x-test': 'yes' }, pathname: '/api/edge', id: '7' });
  expect(JSON.parse((await app.handler(functionUrlEvent('/api/node'))).body!)).toEqual({ method: 'GET' });
}, 60_000);

test('a page module calling Router.ready at its top level builds and serves, as with next build', async () => {
  const app = await buildApp(tempApp({
    'pages/index.js': "import Router from 'next/router';\nRouter.ready(() => { throw new Error('never on the server'); });\nexport default function Home() { return <p>home</p>; }",
  }));
  apps.push(app);
  const home = await app.handler(functionUrlEvent('/'));
  expect([home.statusCode, home.body]).toEqual([200, expect.stringContaining('<p>home</p>')]);
}, 60_000);

test("a page module that throws as it loads fails its own requests only, as Next's server loads a page on its first request: other pages and API routes answer", async () => {
  const previous = process.env.STRATUS_TEST_DB_URL;
  process.env.STRATUS_TEST_DB_URL = 'set while building';
  let app: BuiltApp;
  try {
    app = await buildApp(tempApp({
      'lib/db.js': "if (!process.env.STRATUS_TEST_DB_URL) throw new Error('STRATUS_TEST_DB_URL is missing');\nexport const db = { name: 'db' };\n",
      'pages/orders.js': "import { db } from '../lib/db';\nexport default function Orders({ name }) { return <p>{name}</p>; }\nexport function getServerSideProps() { return { props: { name: db.name } }; }\n",
      'pages/about.js': page,
      'pages/api/ping.js': 'export default (req, res) => res.json({ pong: true });',
    }));
  } finally {
    if (previous === undefined) delete process.env.STRATUS_TEST_DB_URL;
    else process.env.STRATUS_TEST_DB_URL = previous;
  }
  apps.push(app);
  // The built function loaded fresh without the variable, as the server runs it.
  const bundleDir = path.join(app.outDir, 'lambdas', 'render');
  for (const key of Object.keys(require.cache)) if (key.startsWith(bundleDir)) delete require.cache[key];
  const { handler } = require(path.join(bundleDir, 'index.js')) as Pick<BuiltApp, 'handler'>;
  expect((await handler(functionUrlEvent('/about'))).statusCode).toBe(200);
  expect((await handler(functionUrlEvent('/api/ping'))).statusCode).toBe(200);
  const orders = await handler(functionUrlEvent('/orders'));
  expect(orders.statusCode).toBe(500);
  expect(orders.body).not.toContain('STRATUS_TEST_DB_URL');
  expect((await handler(functionUrlEvent('/orders'))).statusCode).toBe(500);
  expect((await handler(functionUrlEvent('/about'))).statusCode).toBe(200);
}, 60_000);
