/**
 * `stratus dev` as a developer uses it: edit a page, the browser is told to reload and the
 * new build serves; break the build, every page shows the error with its file and line;
 * fix it, and it serves again without a restart; a render error shows its stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
let dir: string;
let child: ChildProcess;
let base: string;
let output = '';
const events: { event: string; at: number }[] = [];
let sse: http.ClientRequest;

const PAGE = (text: string) => `export default function Home() { return <h1>${text}</h1>; }\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-dev-'));
  cpSync(path.join(ROOT, 'test/fixtures/apps/custom-errors'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'pages/index.tsx'), PAGE('first version'));
  writeFileSync(path.join(dir, 'pages/explodes.tsx'), 'export default function E(): never { throw new Error("render blew up"); }\nexport function getServerSideProps() { return { props: {} }; }\n');
  child = spawn(process.execPath, [path.join(ROOT, 'bin/stratus.js'), 'dev', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = output.match(/ready on (http:\/\/localhost:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
  });
  await new Promise<void>((resolve) => {
    sse = http.get(`${base}/_stratus/dev/events`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/^event: (.+)$/gm)) events.push({ event: m[1]!, at: Date.now() });
      });
      resolve();
    });
  });
}, 90_000);

afterAll(async () => {
  sse?.destroy();
  child?.kill('SIGTERM');
  await new Promise((resolve) => child?.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function nextEvent(after: number, timeout = 15_000): Promise<{ event: string; at: number }> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const found = events.find((e) => e.at >= after);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no dev event after the edit:\n${output}`);
}

const get = async (p: string) => {
  const res = await fetch(base + p);
  return { status: res.status, body: await res.text() };
};

test('pages carry the reload script; an edit rebuilds and the new version serves', async () => {
  const first = await get('/');
  expect(first.body).toContain('first version');
  expect(first.body).toContain('/_stratus/dev/events');
  const edited = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), PAGE('second version'));
  const event = await nextEvent(edited);
  expect(event.event).toBe('reload');
  console.log(`stratus dev: save → reload event in ${event.at - edited} ms`);
  expect((await get('/')).body).toContain('second version');
});

test('a broken build shows the error with file and line on every page, and a fix serves again without a restart', async () => {
  const broke = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), 'export default function Home() { return <h1>unclosed </h1 }\n');
  expect((await nextEvent(broke)).event).toBe('build-error');
  const page = await get('/about-anything');
  expect(page.status).toBe(500);
  expect(page.body).toMatch(/pages\/index\.tsx:1:\d+/);
  const fixed = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), PAGE('fixed version'));
  expect((await nextEvent(fixed)).event).toBe('reload');
  expect((await get('/')).body).toContain('fixed version');
  expect(child.exitCode).toBeNull();
});

test("a render error's page shows its message and the page's own file and line", async () => {
  const page = await get('/explodes');
  expect(page.status).toBe(500);
  expect(page.body).toContain('__stratus_dev_error');
  expect(page.body).toContain('render blew up');
  expect(page.body).toMatch(/pages\/explodes\.tsx:1:\d+/);
});

test('the dev build is kept apart from the production one', () => {
  expect(() => readFileSync(path.join(dir, '.stratus/manifest.json'))).toThrow();
});
