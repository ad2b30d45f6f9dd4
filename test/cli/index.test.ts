/**
 * The `stratus` command line as a user meets it: `--version`, help per command, the current
 * folder used when it is an app and a one-line message when it is not, and a taken port
 * refused at once with exit code 1, before any build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tempApp } from '../helpers/temp-app';

const ROOT = path.resolve(__dirname, '../..');
const STRATUS = path.join(ROOT, 'bin', 'stratus.js');
const run = (args: string[], cwd = ROOT) => spawnSync(process.execPath, [STRATUS, ...args], { cwd, encoding: 'utf8' });

test('--version prints the package version', () => {
  const result = run(['--version']);
  expect(result.status).toBe(0);
  expect(result.stdout).toBe(`stratus ${(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`);
});

test('stratus <command> --help prints that command\'s usage and options', () => {
  const result = run(['dev', '--help']);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/^Usage: stratus dev \[appDir\] \[options\]/);
  expect(result.stdout).toContain('--port N');
  expect(result.stdout).not.toContain('--no-code-cache');
  expect(run(['deploy', '--help']).stdout).toContain('--no-code-cache');
});

test('without a folder, a folder that is no app gets one line saying what to do', () => {
  const empty = tempApp({ 'README.md': 'not an app' });
  for (const command of ['build', 'dev', 'start', 'serve']) {
    const result = run([command], empty);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`stratus ${command}: no app here (${empty} has no pages/ nor src/pages/): run it in your app's folder, or name it: stratus ${command} my-site\n`);
  }
});

test('without a folder, the current folder is built when it is an app (src/pages/ too)', () => {
  const app = tempApp({ 'src/pages/index.tsx': 'export default function Home() { return <p>here</p>; }\n' });
  const result = run(['build', '--no-image'], app);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  expect(existsSync(path.join(app, '.stratus', 'manifest.json'))).toBe(true);
});

test.each(['dev', 'start'])('stratus %s on a taken port exits 1 within a second, saying so', async (command) => {
  const app = tempApp({ 'pages/index.tsx': 'export default function Home() { return <p>x</p>; }\n' });
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as { port: number }).port;
  const started = Date.now();
  const child = spawn(process.execPath, [STRATUS, command, app, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  taken.close();
  expect(code).toBe(1);
  expect(stderr).toContain(`Port ${port} is in use`);
  // Node's own start takes part of the second; the build never starts.
  expect(Date.now() - started).toBeLessThan(3000);
  expect(existsSync(path.join(app, '.stratus'))).toBe(false);
});
