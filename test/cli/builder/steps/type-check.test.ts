/**
 * `stratus build` type-checks an app that has a tsconfig.json and TypeScript installed, as
 * `next build` does: type errors stop the build with the compiler's messages (unless
 * `typescript.ignoreBuildErrors`), and the output says how long it took.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { NODE_MODULES } from '../../../../cli/paths';
import { tempApp } from '../../../helpers/temp-app';

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, jsx: 'react-jsx', module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true, types: [] }, include: ['pages'] });

/** An app with its own node_modules holding TypeScript and React's types (linked from the checkout's). */
function typedApp(files: Record<string, string>): string {
  const dir = tempApp({ 'tsconfig.json': TSCONFIG, ...files });
  mkdirSync(path.join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(path.join(NODE_MODULES, 'typescript'), path.join(dir, 'node_modules', 'typescript'));
  symlinkSync(path.join(NODE_MODULES, '@types', 'react'), path.join(dir, 'node_modules', '@types', 'react'));
  return dir;
}

const outDir = () => path.join(os.tmpdir(), `stratus-types-${process.pid}-${Math.random().toString(36).slice(2)}`);
const BROKEN = "export default function Page() { const n: number = 'not a number'; return <p>{n}</p>; }";

test('type errors stop the build with the compiler\'s message, as next build does', async () => {
  const lines: string[] = [];
  const app = typedApp({ 'pages/index.tsx': BROKEN });
  await expect(build({ appDir: app, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) })).rejects.toThrow(
    /Type errors \(TypeScript [\d.]+, [\d.]+ s\), as next build stops on them; fix them, or set typescript.ignoreBuildErrors in the config to build anyway:\n.*pages\/index\.tsx.*Type 'string' is not assignable to type 'number'/s,
  );
}, 120_000);

test('a clean app builds and says how long the check took; ignoreBuildErrors builds despite errors', async () => {
  const lines: string[] = [];
  const clean = typedApp({ 'pages/index.tsx': 'export default function Page() { const n: number = 1; return <p>{n}</p>; }' });
  await build({ appDir: clean, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines).toContainEqual(expect.stringMatching(/^ {2}type-checked \(TypeScript [\d.]+\) in [\d.]+ s$/));

  const ignoring = typedApp({ 'pages/index.tsx': BROKEN, 'next.config.js': 'module.exports = { typescript: { ignoreBuildErrors: true } };' });
  const more: string[] = [];
  await build({ appDir: ignoring, outDir: outDir(), imageLambda: false, log: (line) => more.push(line) });
  expect(more).toContain('  skipping validation of types (typescript.ignoreBuildErrors)');
}, 120_000);

test('without a tsconfig.json there is no check; with one and no TypeScript, a warning', async () => {
  const lines: string[] = [];
  await build({ appDir: tempApp({ 'pages/index.tsx': BROKEN }), outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines.some((line) => /type-checked|types are not checked/.test(line))).toBe(false);
  const untyped = tempApp({ 'tsconfig.json': TSCONFIG, 'pages/index.tsx': BROKEN });
  await build({ appDir: untyped, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines).toContain('  warning: tsconfig.json but no typescript installed: types are not checked (npm install --save-dev typescript @types/react @types/node)');
}, 120_000);
