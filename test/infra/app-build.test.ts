/** When the CDK app builds the site first: a missing build, or one older than a source. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staleBuildReason } from '../../infra/app-build';
import { buildFiles } from '../../infra/build-output';

let root: string;
let appDir: string;
let buildDir: string;
let framework: string;
const paths = () => ({ appDir, buildDir, frameworkSources: [framework] });

function touch(file: string, secondsAgo: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(file, at, at);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'stratus-app-build-'));
  appDir = path.join(root, 'app');
  buildDir = path.join(appDir, '.stratus');
  framework = path.join(root, 'framework');
  touch(path.join(appDir, 'pages', 'index.tsx'), 300);
  touch(path.join(appDir, 'stratus.config.ts'), 300);
  touch(path.join(framework, 'runtime', 'client.ts'), 300);
  for (const file of buildFiles(buildDir)) touch(file, 100);
  mkdirSync(path.join(buildDir, 'assets'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('a complete build newer than every source is current', () => {
  expect(staleBuildReason(paths())).toBeUndefined();
});

test('no build folder, or an incomplete one (a `stratus start` build has no image function)', () => {
  rmSync(path.join(buildDir, 'lambdas', 'image', 'index.js'));
  expect(staleBuildReason(paths())).toMatch(/has no complete build \(no lambdas\/image\/index\.js\)$/);
  rmSync(buildDir, { recursive: true });
  expect(staleBuildReason(paths())).toMatch(/^there is no build in .*\.stratus$/);
});

test.each([
  ['a page', 'pages/about.tsx'],
  ['a public file', 'public/robots.txt'],
  ['the config', 'stratus.config.ts'],
  ['a lib file', 'lib/format.ts'],
])('%s changed after the build', (_, file) => {
  touch(path.join(appDir, file), 10);
  expect(staleBuildReason(paths())).toMatch(new RegExp(`${file.replace(/\./g, '\\.')} changed after the build`));
});

test("a framework source changed after the build", () => {
  touch(path.join(framework, 'runtime', 'client.ts'), 10);
  expect(staleBuildReason(paths())).toMatch(/client\.ts changed after the build/);
});

test('the build is dated by its oldest file, so a half-rewritten build is stale', () => {
  touch(path.join(appDir, 'pages', 'index.tsx'), 50);
  touch(buildFiles(buildDir)[0]!, 10); // manifest rewritten, functions still from before the edit
  expect(staleBuildReason(paths())).toMatch(/index\.tsx changed after the build/);
});

test('the build folder itself, node_modules, the dev builds and other build folders are no sources', () => {
  touch(path.join(buildDir, '.cache', 'client-metafile.json'), 1);
  touch(path.join(appDir, 'node_modules', 'x', 'index.js'), 1);
  // `stratus dev` writes its builds there on every save.
  touch(path.join(appDir, '.stratus-dev', 'b', 'assets', '_app', 'data', 'x', 'about.json'), 1);
  expect(staleBuildReason(paths())).toBeUndefined();
  // A build folder outside the app folder is fine too.
  const outside = path.join(root, 'out');
  for (const file of buildFiles(outside)) touch(file, 100);
  mkdirSync(path.join(outside, 'assets'));
  expect(staleBuildReason({ ...paths(), buildDir: outside })).toBeUndefined();
});
