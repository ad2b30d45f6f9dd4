/**
 * The `next` object of Next's e2e tests for one app: its files written into a folder of the
 * scratch area, its packages installed, built and served by the target framework (`next
 * build` + `next start`, or `stratus build` + `stratus serve`), and the methods the tests
 * call on it (`url`, `buildId`, `fetch`, `render$`, `browser`, `readFile`, `cliOutput`, …).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from './cheerio';
import { run } from '../../../bench/src/processes';
import { buildInPlace, linkNextPackages, serve, type Build } from '../../external/frameworks';
import type { ServerProcess } from '../../external/server-process';
import { openBrowser, type BrowserOptions } from './browser';
import { fetchViaHTTP, renderViaHTTP, type FetchOptions } from './next-test-utils';
import { e2eScratch, e2eTarget } from './target';

/** A file or folder of the test's own, copied into the app as it is. */
export class FileRef {
  constructor(public readonly fsPath: string) {}
}

export type FilesSpec = string | FileRef | Record<string, string | FileRef>;

export interface NextInstanceOpts {
  files?: FilesSpec;
  overrideFiles?: FilesSpec;
  nextConfig?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  packageJson?: Record<string, unknown>;
  env?: Record<string, string>;
  skipStart?: boolean;
  skipDeployment?: boolean;
  [other: string]: unknown;
}

/** Packages each framework brings itself: never installed per app. */
const FRAMEWORK_PACKAGES = /^(next|react|react-dom|typescript|@types\/.*)$/;
const NOT_COPIED = new Set(['node_modules', '.next']);
/**
 * A suite whose app is its own folder (`files: __dirname`) holds its test files too; they are
 * left out, since both frameworks' type checks would stop on their jest globals (Next's CI
 * builds such apps where those resolve).
 */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
let appCount = 0;

/**
 * Copies a file or folder of the test's. One the test names but the scratch copy lacks (the
 * search index holds no version of it) is left out with a line on stderr, so that the rest
 * of the suite still runs; its tests then fail on both servers alike.
 */
function copyInto(source: string, dest: string): void {
  if (!existsSync(source)) {
    process.stderr.write(`compat:next-e2e: ${source} is missing from the scratch copy; left out\n`);
    return;
  }
  if (statSync(source).isDirectory()) {
    mkdirSync(dest, { recursive: true });
    cpSync(source, dest, { recursive: true, filter: (file) => !NOT_COPIED.has(path.basename(file)) && !TEST_FILE.test(file) });
  } else {
    mkdirSync(path.dirname(dest), { recursive: true });
    cpSync(source, dest);
  }
}

function writeFiles(dir: string, files: FilesSpec | undefined): void {
  if (files === undefined) return;
  if (typeof files === 'string') return copyInto(files, dir);
  if (files instanceof FileRef) return copyInto(files.fsPath, dir);
  for (const [name, content] of Object.entries(files)) {
    const dest = path.join(dir, name);
    if (content instanceof FileRef) copyInto(content.fsPath, dest);
    else {
      mkdirSync(path.dirname(dest), { recursive: true });
      writeFileSync(dest, content);
    }
  }
}

/** A config object as the text of a module: functions keep their source (methods as methods). */
export function configSource(value: unknown): string {
  if (typeof value === 'function') return value.toString();
  if (value instanceof RegExp) return value.toString();
  if (Array.isArray(value)) return `[${value.map(configSource).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, v]) => {
      if (typeof v === 'function') {
        const source = v.toString();
        const isMethod = new RegExp(`^(async\\s+)?\\*?\\s*${key.replace(/[$]/g, '\\$')}\\s*\\(`).test(source);
        return isMethod ? source : `${JSON.stringify(key)}: ${source}`;
      }
      return `${JSON.stringify(key)}: ${configSource(v)}`;
    });
    return `{\n${entries.join(',\n')}\n}`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** The app's own packages, installed once per set into the scratch area, then copied in. */
async function installPackages(dir: string, wanted: Record<string, string>): Promise<void> {
  const own = Object.fromEntries(Object.entries(wanted).filter(([name]) => !FRAMEWORK_PACKAGES.test(name)));
  if (Object.keys(own).length === 0) return;
  const key = createHash('sha256').update(JSON.stringify(Object.entries(own).sort())).digest('hex').slice(0, 12);
  const cache = path.join(e2eScratch().root, 'e2e-packages', key);
  if (!existsSync(path.join(cache, 'node_modules'))) {
    mkdirSync(cache, { recursive: true });
    writeFileSync(path.join(cache, 'package.json'), JSON.stringify({ private: true, dependencies: own }, null, 2));
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--legacy-peer-deps', '--loglevel=error'], { cwd: cache, timeoutMs: 600_000 });
  }
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const name of readdirSync(path.join(cache, 'node_modules'))) {
    if (name.startsWith('.') || FRAMEWORK_PACKAGES.test(name)) continue;
    cpSync(path.join(cache, 'node_modules', name), path.join(modules, name), { recursive: true, verbatimSymlinks: true });
  }
}

export class NextInstance {
  readonly testDir: string;
  readonly distDir = '.next';
  buildId = '';
  url = '';
  appPort = '';
  isDestroyed = false;
  private built: Build | undefined;
  private server: ServerProcess | undefined;
  private buildOutput = '';
  private serverOutputBefore = '';

  constructor(private readonly opts: NextInstanceOpts) {
    const target = e2eTarget();
    // Unique across test files: jest loads this module afresh for each file.
    const name = `e2e-${target}-${Date.now().toString(36)}-${process.pid}-${++appCount}`;
    this.testDir = path.join(e2eScratch().workDir, name);
  }

  get cliOutput(): string {
    return this.buildOutput + this.serverOutputBefore + (this.server?.output() ?? '');
  }

  get framework(): string {
    return e2eTarget();
  }

  /** Writes the files, installs the packages, builds and (unless told not to) starts. */
  async setup(): Promise<void> {
    rmSync(this.testDir, { recursive: true, force: true });
    mkdirSync(this.testDir, { recursive: true });
    writeFiles(this.testDir, this.opts.files);
    writeFiles(this.testDir, this.opts.overrideFiles);
    if (this.opts.nextConfig && !['js', 'mjs', 'ts', 'cjs'].some((ext) => existsSync(path.join(this.testDir, `next.config.${ext}`)))) {
      writeFileSync(path.join(this.testDir, 'next.config.js'), `module.exports = ${configSource(this.opts.nextConfig)}\n`);
    }
    const manifestFile = path.join(this.testDir, 'package.json');
    const existing = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, any>) : {};
    const dependencies = { ...existing.dependencies, ...this.opts.dependencies };
    writeFileSync(manifestFile, JSON.stringify({ name: 'e2e-app', private: true, ...existing, ...this.opts.packageJson, dependencies }, null, 2));
    const materializeInto = process.env.STRATUS_E2E_MATERIALIZE;
    if (materializeInto) return this.materialize(materializeInto);
    await installPackages(this.testDir, { ...dependencies, ...existing.devDependencies, ...this.opts.devDependencies });
    if (e2eTarget() === 'next') linkNextPackages(e2eScratch(), this.testDir);
    const built = await this.runBuild();
    if (!built.ok) throw new Error(`${e2eTarget()} build failed:\n${built.log.slice(-4000)}`);
    if (!this.opts.skipStart) await this.start();
  }

  /**
   * Copies the app's files, as written for the build, into `dir/<test folder>[-n]` (for
   * `npm run compat:external`) and stops there: nothing is built or served.
   */
  private materialize(dir: string): never {
    const testPath = (expect.getState().testPath ?? '').split(path.sep).join('/');
    const suite = testPath.match(/test\/(e2e|integration|production)\/(.+?)\/(?:test\/)?([^/]+)\.test\.[jt]sx?$/);
    // A folder with several test files gets one app folder per file (`index` and the folder's own name add nothing).
    const file = suite && !['index', suite[2]!.split('/').pop()].includes(suite[3]) ? `-${suite[3]}` : '';
    const base = suite ? `${suite[1]}-${suite[2]!.replace(/\//g, '-')}${file}` : path.basename(testPath).replace(/\.test\.[jt]sx?$/, '');
    const dest = path.join(dir, appCount > 1 ? `${base}-${appCount}` : base);
    rmSync(dest, { recursive: true, force: true });
    copyInto(this.testDir, dest);
    rmSync(this.testDir, { recursive: true, force: true });
    throw new Error(`materialized into ${dest} (STRATUS_E2E_MATERIALIZE): not built`);
  }

  private async runBuild(): Promise<Build> {
    this.built = await buildInPlace(e2eScratch(), e2eTarget(), this.testDir, `${this.testDir}.out`, this.opts.env);
    this.buildOutput += this.built.log;
    this.buildId = this.built.buildId;
    return this.built;
  }

  /** `next build` again (tests that patch files first). */
  async build(): Promise<{ exitCode: number; cliOutput: string }> {
    const built = await this.runBuild();
    return { exitCode: built.ok ? 0 : 1, cliOutput: built.log };
  }

  async start(): Promise<void> {
    if (!this.built?.ok) throw new Error('start: no successful build');
    this.server = await serve(e2eScratch(), this.built, this.opts.env);
    this.url = `http://localhost:${this.server.port}`;
    this.appPort = String(this.server.port);
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.serverOutputBefore += this.server.output();
    await this.server.stop();
    this.server = undefined;
  }

  async destroy(): Promise<void> {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    await this.stop();
  }

  fetch(pathname: string, options?: FetchOptions): Promise<Response> {
    return fetchViaHTTP(this.url, pathname, undefined, options);
  }

  render(pathname: string, query?: Record<string, string>, options?: FetchOptions): Promise<string> {
    return renderViaHTTP(this.url, pathname, query, options);
  }

  async render$(pathname: string, query?: Record<string, string>, options?: FetchOptions): Promise<ReturnType<typeof cheerio.load>> {
    return cheerio.load(await this.render(pathname, query, options));
  }

  browser(pathname: string, options?: BrowserOptions) {
    return openBrowser(this.url + pathname, options);
  }

  /** A function giving what the server printed from now on. */
  getCliOutputFromHere(): () => string {
    const from = this.cliOutput.length;
    return () => this.cliOutput.slice(from);
  }

  async readFile(name: string): Promise<string> {
    return readFileSync(path.join(this.testDir, name), 'utf8');
  }

  async readJSON(name: string): Promise<unknown> {
    return JSON.parse(await this.readFile(name));
  }

  async hasFile(name: string): Promise<boolean> {
    return existsSync(path.join(this.testDir, name));
  }

  async readFiles(dir: string, filter: (name: string) => boolean): Promise<string[]> {
    const full = path.join(this.testDir, dir);
    return existsSync(full) ? Promise.all(readdirSync(full).filter(filter).map((f) => this.readFile(path.join(dir, f)))) : [];
  }

  /** Writes the file; outside `next dev` the running server does not see it until a build. */
  async patchFile(name: string, content: string | ((before: string) => string)): Promise<void> {
    const file = path.join(this.testDir, name);
    const text = typeof content === 'function' ? content(existsSync(file) ? readFileSync(file, 'utf8') : '') : content;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }

  async renameFile(from: string, to: string): Promise<void> {
    renameSync(path.join(this.testDir, from), path.join(this.testDir, to));
  }

  async deleteFile(name: string): Promise<void> {
    rmSync(path.join(this.testDir, name), { recursive: true, force: true });
  }
}
