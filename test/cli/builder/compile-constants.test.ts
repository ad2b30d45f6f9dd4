/**
 * The names `next build` replaces in an app's code: `process.browser` and
 * `process.env.NEXT_RUNTIME` (which libraries and `instrumentation.ts` test), and the app's own
 * `compiler.define` / `compiler.defineServer`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appDefines } from '../../../cli/builder/compile-constants';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

const apps: BuiltApp[] = [];
afterAll(() => apps.forEach((app) => app.cleanup()));

const browserCode = (app: BuiltApp) => {
  const chunks = path.join(app.outDir, 'assets', '_app', 'static', 'chunks');
  return readdirSync(chunks).filter((file) => file.endsWith('.js')).map((file) => readFileSync(path.join(chunks, file), 'utf8')).join('\n');
};

test("process.browser and NEXT_RUNTIME as Next defines them: a page's Node-only branch stays out of the browser build, and instrumentation.ts's Node half runs on the server", async () => {
  const app = await buildApp(tempApp({
    // next-i18next's pattern: fs only where process.browser is false. Without the define, the browser build stopped on "fs".
    'lib/where.js': "export function where() { if (!process.browser) { const fs = require('fs'); return typeof fs.readFileSync === 'function' ? 'server, with fs' : 'server'; } return 'browser'; }",
    'pages/index.js': `
      import { where } from '../lib/where';
      export default function Page({ runtime }) { return <main><p id="where">{where()}</p><p id="runtime">{runtime}</p></main>; }
      export function getServerSideProps() { return { props: { runtime: String(globalThis.nodeHalf) + ' ' + process.env.NEXT_RUNTIME } }; }`,
    // Next's documented pattern for an instrumentation with a Node-only part.
    'instrumentation.js': "export async function register() { if (process.env.NEXT_RUNTIME === 'nodejs') { const { start } = await import('./instrumentation-node'); start(); } }",
    'instrumentation-node.js': "export function start() { globalThis.nodeHalf = 'registered'; }",
  }));
  apps.push(app);
  const answer = await app.handler(functionUrlEvent('/'));
  expect(answer.statusCode).toBe(200);
  expect(answer.body).toContain('<p id="where">server, with fs</p>');
  expect(answer.body).toContain('<p id="runtime">registered nodejs</p>');
  const code = browserCode(app);
  expect(code).toContain('"browser"');
  expect(code).not.toContain('server, with fs');
  expect(code).not.toContain('process.browser');
}, 60_000);

test('compiler.define in both builds, compiler.defineServer in the server alone', async () => {
  const app = await buildApp(tempApp({
    'next.config.js': "module.exports = { compiler: { define: { 'process.env.GREETING': 'hello from define', BUILD_LABEL: 'v7' }, defineServer: { SERVER_ONLY_NAME: 'kept on the server' } } };",
    'pages/index.js': `
      export default function Page({ secret }) { return <main><p id="greeting">{process.env.GREETING} {BUILD_LABEL}</p><p id="secret">{secret}</p></main>; }
      export function getServerSideProps() { return { props: { secret: SERVER_ONLY_NAME } }; }`,
  }));
  apps.push(app);
  const answer = await app.handler(functionUrlEvent('/'));
  expect(answer.body).toMatch(/<p id="greeting">hello from define(<!-- -->)? (<!-- -->)?v7<\/p>/);
  expect(answer.body).toContain('<p id="secret">kept on the server</p>');
  const code = browserCode(app);
  expect(code).toContain('hello from define');
  expect(code).toContain('v7');
  expect(code).not.toContain('kept on the server');
}, 60_000);

test("a define of a name the build sets itself is an error saying so; a config's names are checked", async () => {
  expect(() => appDefines({ define: { 'process.env.NODE_ENV': 'development' } }, 'browser')).toThrow(/compiler\.define: process\.env\.NODE_ENV is set by the build itself/);
  expect(() => appDefines({ defineServer: { 'process.browser': 'yes' } }, 'server')).toThrow(/compiler\.defineServer: process\.browser is set by the build/);
  // defineServer does not reach the browser build, so it is not checked there.
  expect(appDefines({ define: { A: 'a' }, defineServer: { B: 1 } }, 'browser')).toEqual({ A: '"a"' });
  expect(appDefines({ define: { A: 'a' }, defineServer: { B: 1 } }, 'server')).toEqual({ A: '"a"', B: '1' });
});
