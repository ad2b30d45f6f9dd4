/**
 * `stratus init` as a new user runs it: a fresh folder outside the checkout (with the
 * project's node_modules beside it, as an installed project has), then build and type-check.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const STRATUS = path.join(ROOT, 'bin', 'stratus.js');
let project: string;
let app: string;
let created: string;

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'stratus-init-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  app = path.join(project, 'my-site');
  created = execFileSync(process.execPath, [STRATUS, 'init', 'my-site'], { cwd: project, encoding: 'utf8' });
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

test('writes a working app and says what to run next', () => {
  for (const file of ['pages/index.tsx', 'pages/about.tsx', 'pages/_app.tsx', 'styles/global.css', 'styles/home.module.css', 'public/favicon.svg', 'stratus.config.ts', 'tsconfig.json', '.gitignore']) {
    expect(existsSync(path.join(app, file))).toBe(true);
  }
  expect(created).toContain('Created my-site');
  // Every folder Stratus writes into the app: the build, the dev server's builds, the CDK's.
  expect(readFileSync(path.join(app, '.gitignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['.stratus/', '.stratus-dev/', 'cdk.out/', 'node_modules/']));
  expect(created).toContain('npx stratus start my-site');
});

test('the app builds, and its pages render', () => {
  const out = execFileSync(process.execPath, [STRATUS, 'build', 'my-site', '--no-image'], { cwd: project, encoding: 'utf8' });
  expect(out).toMatch(/● \/\s+static data/);
  const html = readFileSync(path.join(app, '.stratus/lambdas/render/prerendered/en/index.html'), 'utf8');
  expect(html).toMatch(/<h1 class="title_\w+">It works<\/h1>/);
});

test('the app type-checks with the tsconfig.json init wrote', () => {
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['--noEmit', '-p', path.join(app, 'tsconfig.json')], { cwd: project, encoding: 'utf8' });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
  // And a type error in a page is caught.
  writeFileSync(path.join(app, 'pages/broken.tsx'), "import Link from 'stratus/link';\nexport default function B() { return <Link href={42}>x</Link>; }\n");
  const broken = spawnSync(tsc, ['--noEmit', '-p', path.join(app, 'tsconfig.json')], { cwd: project, encoding: 'utf8' });
  expect(broken.status).not.toBe(0);
  expect(broken.stdout).toMatch(/pages\/broken\.tsx/);
  rmSync(path.join(app, 'pages/broken.tsx'));
});

test('a folder that is not empty is refused with the reason', () => {
  mkdirSync(path.join(project, 'taken'));
  writeFileSync(path.join(project, 'taken', 'x'), '');
  const result = spawnSync(process.execPath, [STRATUS, 'init', 'taken'], { cwd: project, encoding: 'utf8' });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/Cannot create the app:\n.*taken is not empty: give a new folder/);
});
