/**
 * The legacy `static/` folder at the app's root is served at `/static/…`, as the pages router
 * still serves it (Next's e2e dynamic-routing "should serve file … from static folder"): its
 * files come from the bucket, names with spaces too, and a path there that is no file is the
 * app's 404 page.
 */
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { header, sendRaw } from '../../helpers/raw-http';
import { tempApp } from '../../helpers/temp-app';

let server: LocalServer;
beforeAll(async () => {
  const app = tempApp({
    'pages/index.js': `export default function Home() { return <p>home</p>; }`,
    'pages/404.js': `export default function NotFound() { return <h1>our own 404</h1>; }`,
    'static/hello.txt': 'hello from static/',
    'static/my logo.txt': 'logo',
  });
  server = await startLocalServer(app);
}, 120_000);
afterAll(() => server?.stop());

test('static/ files are served at /static/…, and the build warned about the folder', async () => {
  const hello = await sendRaw(server.port, { method: 'GET', target: '/static/hello.txt' });
  expect(hello.status).toBe(200);
  expect(hello.body.toString()).toBe('hello from static/');
  expect(header(hello, 'content-type')).toMatch(/^text\/plain/);
  const logo = await sendRaw(server.port, { method: 'GET', target: '/static/my%20logo.txt' });
  expect(logo.status).toBe(200);
  expect(logo.body.toString()).toBe('logo');
  const missing = await sendRaw(server.port, { method: 'GET', target: '/static/missing.txt' });
  expect(missing.status).toBe(404);
  expect(missing.body.toString()).toContain('our own 404');
  expect(server.output()).toMatch(/warning: static\/: the legacy static folder is deprecated in the pages router/);
});
