/**
 * The dev server's watcher (cli/dev/watch-app.ts): a save that follows another within
 * chokidar's 50 ms change throttle is still reported, so the page ends with the file as last
 * saved; the build folders are not watched.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { watchApp, type AppWatcher } from '../../../cli/dev/watch-app';

let dir: string;
let watcher: AppWatcher | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-watch-'));
  mkdirSync(path.join(dir, 'pages'));
  mkdirSync(path.join(dir, '.stratus-dev'));
  writeFileSync(path.join(dir, 'pages/index.tsx'), 'zero\n');
});

afterEach(async () => {
  await watcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a second save 30 ms after the first is reported: what the last report reads is the file as last saved', async () => {
  // What a build started by each report would read.
  const read: string[] = [];
  watcher = await watchApp(dir, (file) => read.push(`${file}: ${readFileSync(path.join(dir, file), 'utf8').trim()}`), (error) => { throw error; });
  writeFileSync(path.join(dir, 'pages/index.tsx'), 'one\n');
  await sleep(30);
  writeFileSync(path.join(dir, 'pages/index.tsx'), 'two\n');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && read.at(-1) !== 'pages/index.tsx: two') await sleep(20);
  expect(read.at(-1)).toBe('pages/index.tsx: two');
});

test('the build folders are not watched', async () => {
  const seen: string[] = [];
  watcher = await watchApp(dir, (file) => seen.push(file), (error) => { throw error; });
  writeFileSync(path.join(dir, '.stratus-dev/x.js'), 'built\n');
  writeFileSync(path.join(dir, 'pages/about.tsx'), 'about\n');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && !seen.includes('pages/about.tsx')) await sleep(20);
  await sleep(100);
  expect(seen).toContain('pages/about.tsx');
  expect(seen.filter((file) => file.startsWith('.stratus-dev'))).toEqual([]);
});
