/**
 * Build step: the app's type check, as `next build` runs it: when the app has a
 * `tsconfig.json` (or the one `typescript.tsconfigPath` names) and `typescript` resolves
 * from its folder, the app's own compiler checks it (`tsc --noEmit`); type errors stop the
 * build with the compiler's messages, unless `typescript.ignoreBuildErrors` is set. The
 * build's output says how long it took. A TypeScript app without a tsconfig.json (pages in
 * `.ts`/`.tsx`) is checked too, as `next build` checks it after writing one: with a default
 * configuration the build writes into its own folder, never into the app's
 * (docs/DECISIONS.md, "Type-checking an app without a tsconfig.json").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TypescriptOptions } from '../../../contract/config-schema';
import { REPO_ROOT } from '../../paths';
import { BuildError } from '../errors';

/** Types a check without a tsconfig.json needs (the runtime's modules read Node's, pages React's); next build requires them too. */
const REQUIRED_TYPES = ['node', 'react'];

const TS_SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Whether the app writes pages in TypeScript: a `.ts`/`.tsx` file (not a declaration) under `pages/` or `src/pages/`, as Next tells a TypeScript app. */
export function hasTypescriptPages(appDir: string): boolean {
  const look = (dir: string): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some((entry) => (entry.isDirectory() ? entry.name !== 'node_modules' && look(path.join(dir, entry.name)) : TS_SOURCE.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name)));
  };
  return look(path.join(appDir, 'pages')) || look(path.join(appDir, 'src', 'pages'));
}

/** Every `node_modules/@types` from the app's folder up, as the compiler finds them beside a tsconfig.json in the app. */
function typeRootsOf(appDir: string): string[] {
  const roots: string[] = [];
  for (let dir = path.resolve(appDir); ; dir = path.dirname(dir)) {
    const root = path.join(dir, 'node_modules', '@types');
    if (existsSync(root)) roots.push(root);
    if (path.dirname(dir) === dir) return roots;
  }
}

/**
 * The configuration `next build` would write for the app (its defaults: not strict, the
 * app's `.ts`/`.tsx` files), over the framework's own (`tsconfig.app.json`: `stratus/*` and
 * `next/*` resolved to the runtime, as the build resolves them), written under `workDir`.
 * Paths are absolute: the file is not in the app's folder.
 */
export function writeDefaultTsconfig(appDir: string, workDir: string, outDir: string | undefined): string {
  const app = path.resolve(appDir);
  const typeRoots = typeRootsOf(app);
  const types = [...new Set(typeRoots.flatMap((root) => readdirSync(root).filter((name) => !name.startsWith('.'))))];
  // One copy of React's types for the app and the runtime it imports (which would otherwise
  // resolve the framework's own from a checkout): the app's, as the build bundles one React.
  const frameworkConfig = path.join(REPO_ROOT, 'tsconfig.app.json');
  const paths: Record<string, string[]> = {};
  for (const [name, targets] of Object.entries((JSON.parse(readFileSync(frameworkConfig, 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths)) {
    paths[name] = targets.map((target) => path.resolve(REPO_ROOT, target));
  }
  const reactTypes = typeRoots.map((root) => path.join(root, 'react')).find((dir) => existsSync(dir));
  if (reactTypes) Object.assign(paths, { react: [reactTypes], 'react/*': [path.join(reactTypes, '*')] });
  const config = {
    extends: frameworkConfig,
    compilerOptions: { strict: false, noEmit: true, typeRoots, types, paths },
    include: [path.join(app, '**/*.ts'), path.join(app, '**/*.tsx'), path.join(REPO_ROOT, 'web', 'runtime', 'types', '*.d.ts')],
    exclude: [path.join(app, 'node_modules'), path.join(app, '.stratus'), path.join(app, '.stratus-dev'), path.join(app, '.next'), path.join(app, 'cdk.out'), ...(outDir ? [path.resolve(outDir)] : [])],
  };
  mkdirSync(workDir, { recursive: true });
  const file = path.join(workDir, 'tsconfig.default.json');
  writeFileSync(file, JSON.stringify(config, null, 2) + '\n');
  return file;
}

/** The compiler's entry script as the app resolves `typescript` (its `tsc` bin); undefined when it does not. */
export function appTypescript(appDir: string): { tsc: string; version: string } | undefined {
  let manifestFile: string;
  try {
    manifestFile = require.resolve('typescript/package.json', { paths: [appDir] });
  } catch {
    return undefined;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string; bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.tsc;
  return bin ? { tsc: path.join(path.dirname(manifestFile), bin), version: manifest.version } : undefined;
}

/** Whether the app lives inside Stratus's own folder (the checkout's test and compat apps, the sample site). */
function isFrameworkOwn(appDir: string): boolean {
  return path.resolve(appDir).startsWith(REPO_ROOT + path.sep);
}

/** Runs a process to its end: its exit code and its output, both streams together. */
function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** At most this many lines of the compiler's output in the build error. */
const MAX_LINES = 40;

/**
 * @example
 * await typeCheck('/apps/blog', {}, console.log); // "  type-checked (TypeScript 5.9.3) in 2.1 s", or throws BuildError with the errors
 */
export async function typeCheck(
  appDir: string,
  options: TypescriptOptions,
  log: (line: string) => void,
  build: { workDir?: string; outDir?: string } = {},
): Promise<void> {
  let tsconfig = path.resolve(appDir, options.tsconfigPath ?? 'tsconfig.json');
  let generated = false;
  const typescript = appTypescript(appDir);
  if (!existsSync(tsconfig)) {
    // Next writes a tsconfig.json for a TypeScript app and checks it; Stratus checks with the
    // same defaults and leaves the app's folder alone. Not the apps inside Stratus's own
    // folder: the TypeScript they resolve is the framework's tool, not theirs.
    if (options.tsconfigPath !== undefined || !build.workDir || !typescript || isFrameworkOwn(appDir) || !hasTypescriptPages(appDir)) return;
    if (options.ignoreBuildErrors) {
      log('  skipping validation of types (typescript.ignoreBuildErrors)');
      return;
    }
    const missing = REQUIRED_TYPES.filter((name) => !typeRootsOf(appDir).some((root) => existsSync(path.join(root, name))));
    if (missing.length > 0) {
      // next build stops here, asking for them; Stratus builds, and says what the check needs.
      log(`  warning: TypeScript pages but no ${missing.map((name) => `@types/${name}`).join(' or ')} installed: types are not checked (npm install --save-dev ${missing.map((name) => `@types/${name}`).join(' ')})`);
      return;
    }
    tsconfig = writeDefaultTsconfig(appDir, build.workDir, build.outDir);
    generated = true;
  }
  if (!typescript) {
    log(`  warning: ${path.relative(appDir, tsconfig)} but no typescript installed: types are not checked (npm install --save-dev typescript @types/react @types/node)`);
    return;
  }
  if (options.ignoreBuildErrors) {
    log('  skipping validation of types (typescript.ignoreBuildErrors)');
    return;
  }
  const started = performance.now();
  const { code, output } = await run(process.execPath, [typescript.tsc, '--noEmit', '-p', tsconfig], appDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    const lines = output.trim().split('\n');
    const shown = lines.slice(0, MAX_LINES).join('\n') + (lines.length > MAX_LINES ? `\n… ${lines.length - MAX_LINES} more lines` : '');
    throw new BuildError(`Type errors (TypeScript ${typescript.version}, ${seconds} s), as next build stops on them; fix them, or set typescript.ignoreBuildErrors in the config to build anyway:\n${shown}`);
  }
  log(`  type-checked (TypeScript ${typescript.version}${generated ? ', default configuration: the app has no tsconfig.json' : ''}) in ${seconds} s`);
}
