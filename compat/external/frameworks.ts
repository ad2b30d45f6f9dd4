/**
 * Building and serving one app folder with each framework, as its users do: `next build`
 * then `next start`, and `stratus build` then `stratus serve` (this checkout's
 * bin/stratus.js). Each build works on a copy of the folder in the scratch area, so the
 * folder itself is never written to, and a failed build is a result (with the lines that
 * say why), not an exception.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { freePort, run } from '../../bench/src/processes';
import { REPO } from '../paths';
import { nextBin, type Scratch } from './scratch';
import { startServerProcess, type ServerProcess } from './server-process';

export type Framework = 'next' | 'stratus';

export interface Build {
  framework: Framework;
  ok: boolean;
  /** The folder built (a copy of the app's). */
  projectDir: string;
  /** Stratus's build folder (`--out`); Next's is `<projectDir>/.next`. */
  outDir: string;
  buildId: string;
  seconds: number;
  /** The build's output; on failure, its last lines. */
  log: string;
}

const STRATUS = path.join(REPO, 'bin', 'stratus.js');
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: '1' };
/** What a copy leaves out: build output of either framework and the installed packages. */
const NOT_COPIED = new Set(['node_modules', '.next', '.stratus', '.stratus-out', '.git']);

/** A fresh copy of `appDir` at `projectDir`, without build output or node_modules. */
export function copyApp(appDir: string, projectDir: string): void {
  rmSync(projectDir, { recursive: true, force: true });
  mkdirSync(path.dirname(projectDir), { recursive: true });
  cpSync(appDir, projectDir, { recursive: true, filter: (source) => !(NOT_COPIED.has(path.basename(source)) && path.dirname(source) === appDir) });
}

/** Packages the scratch Next install provides, whatever versions an app's own node_modules has. */
const FRAMEWORK_PACKAGES = new Set(['next', '@next/env', 'react', 'react-dom', 'scheduler', 'styled-jsx', '@types/react', '@types/react-dom']);

/** The packages of a node_modules folder by name, scoped ones as `@scope/name`. */
function packageNames(modules: string): string[] {
  if (!existsSync(modules)) return [];
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`) : [name]));
}

/**
 * Next's copy gets a node_modules of the app's own packages (copied: a package's
 * `next/router` must resolve from where its files are) and links to every other package of
 * the scratch Next install.
 */
function linkNextModules(scratch: Scratch, appDir: string, projectDir: string): void {
  const modules = path.join(projectDir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const own = path.join(appDir, 'node_modules');
  // The framework's own packages come from the scratch install: an app's copies (installed from
  // its package.json) would give the measured Next a second React ("reading 'useContext'").
  const ownNames = packageNames(own).filter((name) => !FRAMEWORK_PACKAGES.has(name) && !name.startsWith('@next/swc-'));
  for (const name of ownNames) cpSync(path.join(own, name), path.join(modules, name), { recursive: true, verbatimSymlinks: true });
  linkNextPackages(scratch, projectDir);
}

/** Links each package of the scratch Next install that `projectDir/node_modules` does not have yet. */
export function linkNextPackages(scratch: Scratch, projectDir: string): void {
  const modules = path.join(projectDir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const installed = path.join(scratch.nextDir, 'node_modules');
  for (const name of packageNames(installed)) {
    if (existsSync(path.join(modules, name))) continue;
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(path.join(installed, name), path.join(modules, name));
  }
}

async function timedBuild(framework: Framework, projectDir: string, outDir: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Build> {
  const started = performance.now();
  let log: string;
  let ok = true;
  try {
    log = await run(command, args, { cwd: framework === 'next' ? projectDir : REPO, env, timeoutMs: 900_000 });
  } catch (error) {
    ok = false;
    log = (error as Error).message;
  }
  const seconds = (performance.now() - started) / 1000;
  const buildId = ok ? readBuildId(framework, projectDir, outDir) : '';
  return { framework, ok, projectDir, outDir, buildId, seconds, log };
}

function readBuildId(framework: Framework, projectDir: string, outDir: string): string {
  if (framework === 'next') return readFileSync(path.join(projectDir, '.next', 'BUILD_ID'), 'utf8').trim();
  return (JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as { buildId: string }).buildId;
}

/** Builds a folder where it is (its node_modules already in place); `outDir` is Stratus's only. */
export function buildInPlace(scratch: Scratch, framework: Framework, projectDir: string, outDir: string, env: NodeJS.ProcessEnv = {}): Promise<Build> {
  if (framework === 'next') {
    return timedBuild('next', projectDir, path.join(projectDir, '.next'), process.execPath, [nextBin(scratch), 'build'], { ...process.env, ...env, ...NEXT_ENV, NODE_ENV: 'production' });
  }
  rmSync(outDir, { recursive: true, force: true });
  return timedBuild('stratus', projectDir, outDir, process.execPath, [STRATUS, 'build', projectDir, '--no-image', '--out', outDir], { ...process.env, ...env });
}

export async function buildWithNext(scratch: Scratch, appDir: string, name: string): Promise<Build> {
  const projectDir = path.join(scratch.workDir, `next-${name}`);
  copyApp(appDir, projectDir);
  linkNextModules(scratch, appDir, projectDir);
  return buildInPlace(scratch, 'next', projectDir, '');
}

export async function buildWithStratus(scratch: Scratch, appDir: string, name: string): Promise<Build> {
  const projectDir = path.join(scratch.workDir, `stratus-${name}`);
  copyApp(appDir, projectDir);
  // The app's own packages, where its imports look for them; Stratus brings React and next/*.
  const own = path.join(appDir, 'node_modules');
  if (existsSync(own)) symlinkSync(own, path.join(projectDir, 'node_modules'));
  return buildInPlace(scratch, 'stratus', projectDir, path.join(scratch.workDir, `stratus-${name}.out`));
}

/** Serves a build on a free port of 127.0.0.1 (`next start`, `stratus serve`). */
export async function serve(scratch: Scratch, build: Build, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  if (build.framework === 'next') {
    return startServerProcess(process.execPath, [nextBin(scratch), 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: build.projectDir,
      port,
      env: { ...process.env, ...env, ...NEXT_ENV, NODE_ENV: 'production' },
    });
  }
  return startServerProcess(process.execPath, [STRATUS, 'serve', build.projectDir, '--out', build.outDir, '--port', String(port)], { cwd: REPO, port, env: { ...process.env, ...env } });
}

/** The lines of a failed build that say why, without the progress lines around them. */
export function buildError(build: Build): string {
  // The first line is run()'s own ("<command> failed (exit 1):"); what the tool said follows.
  const lines = build.log.split('\n').slice(1).map((l) => l.trim());
  const telling = lines.filter((l) => /error|failed|cannot|could not|not (provided|supported|defined|found|installed)|needs |invalid|missing|expected/i.test(l) && !/^at /.test(l) && !/^Build failed:?$/.test(l));
  const chosen = (telling.length ? telling : lines.filter(Boolean)).slice(0, 3).join(' / ');
  return chosen.replace(/\x1b\[[0-9;]*m/g, '').slice(0, 400);
}
