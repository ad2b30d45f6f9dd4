/**
 * A render function that fails to load (its `_app` throwing at its top on a variable the
 * build had and the server has not) leaves `stratus serve` up, as Lambda stays up when a
 * function's init fails: what reaches the function fails, the bucket's pages are served, and
 * the log says why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { tempApp } from '../../helpers/temp-app';

const ROOT = path.resolve(__dirname, '../../..');
const STRATUS = path.join(ROOT, 'bin/stratus.js');
let child: ChildProcess | undefined;
afterAll(() => void child?.kill('SIGTERM'));

test("a function that throws as it loads: the server stays up, its requests fail, the bucket's pages are served, and the log says why", async () => {
  const dir = tempApp({
    'pages/_app.js': "if (!process.env.DB_URL) throw new Error('DB_URL is missing');\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'pages/a.js': "export default function A() { return <p>a</p>; }\nexport function getServerSideProps() { return { props: {} }; }\n",
    'pages/b.js': 'export default function B() { return <p>b page</p>; }\n',
  });
  const built = spawnSync(process.execPath, [STRATUS, 'build', dir], { env: { ...process.env, DB_URL: 'postgres://build-only' }, encoding: 'utf8' });
  expect(built.status).toBe(0);
  const env = { ...process.env };
  delete env.DB_URL;
  child = spawn(process.execPath, [STRATUS, 'serve', dir, '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 30_000);
    child!.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const found = /ready on (http:\/\/localhost:\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!.replace('localhost', '127.0.0.1'));
      }
    });
  });
  const a = await fetch(`${base}/a`);
  expect(a.status).toBeGreaterThanOrEqual(500);
  expect(await a.text()).not.toContain('DB_URL');
  const b = await fetch(`${base}/b`);
  expect(b.status).toBe(200);
  expect(await b.text()).toContain('b page');
  expect(child.exitCode).toBeNull();
  expect(output).toContain('The render function failed to load');
  expect(output).toContain('DB_URL is missing');
}, 90_000);
