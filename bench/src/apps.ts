/**
 * The two benchmark apps: building them, and starting their servers the way users do
 * (`stratus serve`, Next's standalone `server.js`).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { generatePhoto, linkPhotos } from './photo';
import { run, startServer, type RunningServer } from './processes';

export const REPO = process.env.STRATUS_ROOT ?? process.cwd();
export const BENCH_DIR = path.join(REPO, 'bench');
export const STRATUS_APP = path.join(BENCH_DIR, 'stratus-app');
export const NEXT_APP = path.join(BENCH_DIR, 'next-app');
const NODE = process.execPath;

export type Framework = 'stratus' | 'next';

export interface BuiltApp {
  framework: Framework;
  /** Page data URL of a path, e.g. `/ssr/1` → `/_app/data/<id>/ssr/1.json`. */
  dataUrl(pagePath: string): string;
  /** Image optimiser URL of a site path at width 640, quality 75. */
  imageUrl(src: string): string;
  /** Folder the server reads public files from (photos for the image row are linked here). */
  publicDir: string;
  /** Spawns the server; resolves at its first 200 on `probePath`. */
  start(port: number, probePath?: string): Promise<RunningServer>;
  buildSeconds: number;
}

export interface StratusBuild extends BuiltApp {
  outDir: string;
  renderBundle: string;
  renderDir: string;
  buildId: string;
}

export interface NextBuild extends BuiltApp {
  standaloneDir: string;
  buildId: string;
}

export async function buildStratus(log: (line: string) => void): Promise<StratusBuild> {
  await generatePhoto(path.join(STRATUS_APP, 'public', 'photo.jpg'));
  log('building bench/stratus-app (stratus build --no-image)…');
  const started = performance.now();
  await run(NODE, [path.join(REPO, 'bin', 'stratus.js'), 'build', STRATUS_APP, '--no-image'], { cwd: REPO, env: { ...process.env } });
  const buildSeconds = (performance.now() - started) / 1000;
  const outDir = path.join(STRATUS_APP, '.stratus');
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as { buildId: string };
  const renderDir = path.join(outDir, 'lambdas', 'render');
  return {
    framework: 'stratus',
    outDir,
    renderDir,
    renderBundle: path.join(renderDir, 'index.js'),
    buildId: manifest.buildId,
    buildSeconds,
    publicDir: path.join(outDir, 'assets'),
    dataUrl: (p) => `/_app/data/${manifest.buildId}${p === '/' ? '/index' : p}.json`,
    imageUrl: (src) => `/_app/image?url=${encodeURIComponent(src)}&w=640&q=75`,
    start: (port, probePath = '/ssr/1') =>
      startServer(NODE, [path.join(REPO, 'bin', 'stratus.js'), 'serve', STRATUS_APP, '--port', String(port)], { cwd: REPO, port, probePath }),
  };
}

/** Installs Next.js into bench/next-app on first use (its own package.json), then builds it. */
export async function buildNext(log: (line: string) => void): Promise<NextBuild> {
  if (!existsSync(path.join(NEXT_APP, 'node_modules', 'next', 'package.json'))) {
    log('installing Next.js into bench/next-app (first use)…');
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: NEXT_APP, timeoutMs: 600_000 });
  }
  await generatePhoto(path.join(NEXT_APP, 'public', 'photo.jpg'));
  const version = (JSON.parse(readFileSync(path.join(NEXT_APP, 'node_modules', 'next', 'package.json'), 'utf8')) as { version: string }).version;
  log(`building bench/next-app (next ${version}, output: standalone)…`);
  const started = performance.now();
  rmSync(path.join(NEXT_APP, '.next'), { recursive: true, force: true });
  await run(NODE, [path.join(NEXT_APP, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: NEXT_APP,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  const buildSeconds = (performance.now() - started) / 1000;
  const standaloneDir = path.join(NEXT_APP, '.next', 'standalone');
  const buildId = readFileSync(path.join(NEXT_APP, '.next', 'BUILD_ID'), 'utf8').trim();
  return {
    framework: 'next',
    standaloneDir,
    buildId,
    buildSeconds,
    publicDir: path.join(standaloneDir, 'public'),
    // With i18n, Next's data URLs carry the locale even for the default one.
    dataUrl: (p) => `/_next/data/${buildId}/en${p === '/' ? '/index' : p}.json`,
    imageUrl: (src) => `/_next/image?url=${encodeURIComponent(src)}&w=640&q=75`,
    start: (port, probePath = '/ssr/1') =>
      startServer(NODE, [path.join(standaloneDir, 'server.js')], {
        cwd: standaloneDir,
        port,
        probePath,
        env: { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      }),
  };
}

/**
 * Completes the standalone folder the way Next's docs say to deploy it: `.next/static` and
 * `public/` copied in. Call after measuring the server output's own size.
 * https://nextjs.org/docs/pages/api-reference/config/next-config-js/output#automatically-copying-traced-files
 */
export function completeStandalone(build: NextBuild): void {
  cpSync(path.join(NEXT_APP, '.next', 'static'), path.join(build.standaloneDir, '.next', 'static'), { recursive: true });
  cpSync(path.join(NEXT_APP, 'public', 'photo.jpg'), path.join(build.publicDir, 'photo.jpg'));
}

/** Distinct source files for the image row, in the folder the server reads. */
export function linkImageSources(app: BuiltApp, prefix: string, count: number): string[] {
  const dir = path.join(app.publicDir, 'bench-photos');
  mkdirSync(dir, { recursive: true });
  const photo = app.framework === 'stratus' ? path.join(STRATUS_APP, 'public', 'photo.jpg') : path.join(NEXT_APP, 'public', 'photo.jpg');
  return linkPhotos(photo, dir, prefix, count).map((name) => `/bench-photos/${name}`);
}
