/**
 * Next's half. Next is not installed per app (too slow): each app is copied into a build
 * folder whose node_modules links every package of bench/next-app/node_modules (Next and
 * its React, installed for the benchmarks) beside copies of the app's own packages, and
 * is built there with Next's own binary. The copy keeps Next's React out of the app
 * folder, where Stratus's build would pick it up beside its own. The server is the
 * standalone output, completed as Next's docs say (`.next/static` and `public/` copied in).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { installedVersion } from '../../bench/src/apps';
import { run, startServer, type RunningServer } from '../../bench/src/processes';
import { NEXT_APP, REPO } from '../paths';

const NEXT_MODULES = path.join(NEXT_APP, 'node_modules');
const NEXT_BIN = path.join(NEXT_MODULES, 'next', 'dist', 'bin', 'next');
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };

export interface NextBuild {
  projectDir: string;
  /** The folder of the standalone `server.js`. */
  serverDir: string;
  buildId: string;
  seconds: number;
}

/** The benchmark's Next.js, installed on first use as `npm run bench` does. */
export async function ensureNextInstalled(log: (line: string) => void): Promise<string> {
  if (!installedVersion(NEXT_APP, 'next')) {
    log('installing Next.js into bench/next-app (first use)…');
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: NEXT_APP, timeoutMs: 600_000 });
  }
  return installedVersion(NEXT_APP, 'next')!;
}

/** Copies the app (without build output) and gives the copy a node_modules of Next's packages and the app's own. */
function prepareProject(appDir: string, projectDir: string): void {
  rmSync(projectDir, { recursive: true, force: true });
  cpSync(appDir, projectDir, {
    recursive: true,
    filter: (source) => !['node_modules', '.next', '.stratus'].includes(path.basename(source)) || path.dirname(source) !== appDir,
  });
  const modules = path.join(projectDir, 'node_modules');
  mkdirSync(modules);
  const own = path.join(appDir, 'node_modules');
  const ownNames = existsSync(own) ? readdirSync(own).filter((name) => !name.startsWith('.')) : [];
  // Copied, not linked: a package's imports (`next/router`) resolve from where its files really are.
  for (const name of ownNames) cpSync(path.join(own, name), path.join(modules, name), { recursive: true });
  for (const name of readdirSync(NEXT_MODULES)) {
    if (name.startsWith('.') || ownNames.includes(name)) continue;
    symlinkSync(path.join(NEXT_MODULES, name), path.join(modules, name));
  }
}

/** The standalone server's folder: `.next/standalone/<the project's path from the tracing root>`. */
function findServerDir(standalone: string): string {
  const queue = [standalone];
  for (let visited = 0; queue.length > 0 && visited < 200; visited++) {
    const dir = queue.shift()!;
    if (existsSync(path.join(dir, 'server.js')) && existsSync(path.join(dir, '.next'))) return dir;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.next') queue.push(path.join(dir, entry.name));
    }
  }
  throw new Error(`no server.js in ${standalone}`);
}

export async function buildWithNext(appDir: string, projectDir: string): Promise<NextBuild> {
  prepareProject(appDir, projectDir);
  const started = performance.now();
  await run(process.execPath, [NEXT_BIN, 'build'], { cwd: projectDir, env: { ...process.env, ...NEXT_ENV }, timeoutMs: 600_000 });
  const seconds = (performance.now() - started) / 1000;
  const serverDir = findServerDir(path.join(projectDir, '.next', 'standalone'));
  cpSync(path.join(projectDir, '.next', 'static'), path.join(serverDir, '.next', 'static'), { recursive: true });
  if (existsSync(path.join(projectDir, 'public'))) cpSync(path.join(projectDir, 'public'), path.join(serverDir, 'public'), { recursive: true });
  const buildId = readFileSync(path.join(projectDir, '.next', 'BUILD_ID'), 'utf8').trim();
  return { projectDir, serverDir, buildId, seconds };
}

export function serveNext(build: NextBuild, port: number, probePath: string): Promise<RunningServer> {
  return startServer(process.execPath, [path.join(build.serverDir, 'server.js')], {
    cwd: build.serverDir,
    port,
    probePath,
    timeoutMs: 60_000,
    env: { ...process.env, ...NEXT_ENV, PORT: String(port), HOSTNAME: '127.0.0.1' },
  });
}

export const relativeToRepo = (file: string) => path.relative(REPO, file);
