/**
 * The three benchmark apps: building them, and starting their servers the way users do
 * (`stratus serve`, Next's standalone `server.js`, `react-router-serve`). The Next.js and
 * React Router apps have package.json files of their own, installed on first use.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatePhoto, linkPhotos } from './photo';
import { measuredEnv, run, startServer, type RunningServer } from './processes';

export const REPO = process.env.STRATUS_ROOT ?? process.cwd();
export const BENCH_DIR = path.join(REPO, 'bench');
export const STRATUS_APP = path.join(BENCH_DIR, 'stratus-app');
export const NEXT_APP = path.join(BENCH_DIR, 'next-app');
export const REACT_ROUTER_APP = path.join(BENCH_DIR, 'react-router-app');
const NODE = process.execPath;

/** `floor`: the bare node:http server of /ssr/1 (floor-server.ts), measured in the throughput row only. */
export type Framework = 'stratus' | 'next' | 'react-router' | 'floor';
/** The frameworks measured beside Stratus. */
export const OTHER_FRAMEWORKS = ['next', 'react-router'] as const satisfies readonly Framework[];
export type OtherFramework = (typeof OTHER_FRAMEWORKS)[number];

export interface BuiltApp {
  framework: Framework;
  /** Page data URL of a path, e.g. `/ssr/1` → `/_app/data/<id>/ssr/1.json`. */
  dataUrl(pagePath: string): string;
  /** Image optimiser URL of a site path at width 640, quality 75; absent when the framework has none. */
  /** The image URL of `src` at 640 px, quality `quality` (75 unless given). */
  imageUrl?(src: string, quality?: number): string;
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

export interface ReactRouterBuild extends BuiltApp {
  /** build/server: the server bundle, which needs the app's node_modules at run time. */
  serverDir: string;
}

/** Version of a package installed in `dir`, if it is. */
export function installedVersion(dir: string, name: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

/** The file a package's bin entry runs, spawned with Node (no shell, no npx). */
function binOf(dir: string, name: string, command: string): string {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return path.join(dir, 'node_modules', name, manifest.bin[command]!);
}

/** `npm install` in an app's own folder the first time (its node_modules is git-ignored). */
async function installOnFirstUse(dir: string, marker: string, log: (line: string) => void): Promise<void> {
  if (installedVersion(dir, marker)) return;
  log(`installing ${path.relative(REPO, dir)} (first use)…`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeoutMs: 600_000 });
}

/**
 * A build folder of this run's own (under the git-ignored bench/results/builds), so that
 * another run building bench/stratus-app meanwhile (the CI smoke test, say) cannot change
 * the build, and with it the build id in the data URLs, under this one. Removed when the
 * process exits.
 */
export function privateBuildDir(): string {
  const parent = path.join(BENCH_DIR, 'results', 'builds');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'stratus-'));
  // Removed however the run ends (done, failed, over time, interrupted: see main's signal handlers).
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The benchmark app copied into a folder of this run's own with `files` written over it (a
 * config, a middleware), then built: the rows that set it against the plain app.
 */
export async function buildStratusVariant(log: (line: string) => void, files: Record<string, string>): Promise<StratusBuild> {
  const appDir = path.join(privateBuildDir(), 'app');
  mkdirSync(appDir, { recursive: true });
  cpSync(STRATUS_APP, appDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}.stratus`) });
  for (const [name, contents] of Object.entries(files)) writeFileSync(path.join(appDir, name), contents);
  return buildStratus(log, privateBuildDir(), appDir);
}

/** Builds the Stratus benchmark app (or a variant of it in `appDir`) into `outDir`. */
export async function buildStratus(log: (line: string) => void, outDir: string, appDir = STRATUS_APP): Promise<StratusBuild> {
  await generatePhoto(path.join(STRATUS_APP, 'public', 'photo.jpg'));
  log(`building ${path.relative(REPO, appDir)} (stratus build --no-image --out ${path.relative(REPO, outDir)})…`);
  const started = performance.now();
  await run(NODE, [path.join(REPO, 'bin', 'stratus.js'), 'build', appDir, '--no-image', '--out', outDir], { cwd: REPO, env: { ...process.env } });
  const buildSeconds = (performance.now() - started) / 1000;
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
    imageUrl: (src, quality = 75) => `/_app/image?url=${encodeURIComponent(src)}&w=640&q=${quality}`,
    start: (port, probePath = '/ssr/1') =>
      startServer(NODE, [path.join(REPO, 'bin', 'stratus.js'), 'serve', appDir, '--out', outDir, '--port', String(port)], { cwd: REPO, port, probePath, env: measuredEnv() }),
  };
}

/** Installs Next.js into bench/next-app on first use (its own package.json), then builds it. */
export async function buildNext(log: (line: string) => void): Promise<NextBuild> {
  await installOnFirstUse(NEXT_APP, 'next', log);
  await generatePhoto(path.join(NEXT_APP, 'public', 'photo.jpg'));
  log(`building bench/next-app (next ${installedVersion(NEXT_APP, 'next')}, output: standalone)…`);
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
    imageUrl: (src, quality = 75) => `/_next/image?url=${encodeURIComponent(src)}&w=640&q=${quality}`,
    start: (port, probePath = '/ssr/1') =>
      startServer(NODE, [path.join(standaloneDir, 'server.js')], {
        cwd: standaloneDir,
        port,
        probePath,
        env: measuredEnv({ PORT: String(port), HOSTNAME: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }),
      }),
  };
}

/**
 * Installs React Router 7 into bench/react-router-app on first use, then builds it with its
 * own build command (`react-router build`: Vite, server bundle in build/server, browser
 * assets and the prerendered pages in build/client).
 */
export async function buildReactRouter(log: (line: string) => void): Promise<ReactRouterBuild> {
  await installOnFirstUse(REACT_ROUTER_APP, '@react-router/serve', log);
  log(`building bench/react-router-app (react-router ${installedVersion(REACT_ROUTER_APP, 'react-router')}, vite ${installedVersion(REACT_ROUTER_APP, 'vite')})…`);
  const started = performance.now();
  rmSync(path.join(REACT_ROUTER_APP, 'build'), { recursive: true, force: true });
  await run(NODE, [binOf(REACT_ROUTER_APP, '@react-router/dev', 'react-router'), 'build'], {
    cwd: REACT_ROUTER_APP,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const buildSeconds = (performance.now() - started) / 1000;
  const serverDir = path.join(REACT_ROUTER_APP, 'build', 'server');
  const serve = binOf(REACT_ROUTER_APP, '@react-router/serve', 'react-router-serve');
  return {
    framework: 'react-router',
    serverDir,
    buildSeconds,
    publicDir: path.join(REACT_ROUTER_APP, 'public'),
    // Single fetch: the data of a client navigation to /ssr/1 is /ssr/1.data (turbo-stream).
    dataUrl: (p) => (p === '/' ? '/_root.data' : `${p}.data`),
    // Its production server as users run it; it always adds the compression middleware,
    // which leaves answers alone when the request has no Accept-Encoding (the bench sends none).
    start: (port, probePath = '/ssr/1') =>
      startServer(NODE, [serve, path.join(serverDir, 'index.js')], {
        cwd: REACT_ROUTER_APP,
        port,
        probePath,
        env: measuredEnv({ PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }),
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
