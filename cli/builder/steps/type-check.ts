/**
 * Build step: the app's type check, as `next build` runs it: when the app has a
 * `tsconfig.json` (or the one `typescript.tsconfigPath` names) and `typescript` resolves
 * from its folder, the app's own compiler checks it (`tsc --noEmit`); type errors stop the
 * build with the compiler's messages, unless `typescript.ignoreBuildErrors` is set. The check
 * also sees the runtime's types for stylesheets and images, which the next-env.d.ts `next
 * build` writes gives an app, through a config in the build's folder that extends the app's.
 * The build's output says how long it took. A TypeScript app without a tsconfig.json (pages
 * in `.ts`/`.tsx`) is checked too, as `next build` checks it after writing one: with a default
 * configuration (for the app's TypeScript version) the build writes into its own folder,
 * never into the app's (docs/DECISIONS.md, "Type-checking an app without a tsconfig.json").
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TypescriptOptions } from '../../../contract/config-schema';
import { REPO_ROOT } from '../../paths';
import { BuildError } from '../errors';
import { typeRootsOf, writeAppTsconfig, writeDefaultTsconfig } from '../type-check-tsconfig';

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
    tsconfig = writeDefaultTsconfig(appDir, build.workDir, build.outDir, typescript.version);
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
  if (!generated && build.workDir) {
    // Under Next the app's config sees the types of `*.module.css`, `*.png`, … through the
    // next-env.d.ts it writes; here through a config beside the build that extends the app's.
    // Its compiler's --showConfig says which files the app's config names (failing, the check
    // runs on the app's config as it is and reports what is wrong with it).
    const shown = await run(process.execPath, [typescript.tsc, '--showConfig', '-p', tsconfig], appDir);
    tsconfig = (shown.code === 0 && writeAppTsconfig(tsconfig, shown.output, build.workDir, typescript.version)) || tsconfig;
  }
  const { code, output } = await run(process.execPath, [typescript.tsc, '--noEmit', '-p', tsconfig], appDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    const lines = output.trim().split('\n');
    const shown = lines.slice(0, MAX_LINES).join('\n') + (lines.length > MAX_LINES ? `\n… ${lines.length - MAX_LINES} more lines` : '');
    throw new BuildError(`Type errors (TypeScript ${typescript.version}, ${seconds} s), as next build stops on them; fix them, or set typescript.ignoreBuildErrors in the config to build anyway:\n${shown}`);
  }
  log(`  type-checked (TypeScript ${typescript.version}${generated ? ', default configuration: the app has no tsconfig.json' : ''}) in ${seconds} s`);
}
