/**
 * One app folder measured: its own packages installed, built with both frameworks, both
 * served, the same checks observed on each and compared. A build that fails is part of
 * the result; so is a server that does not start.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from '../../bench/src/processes';
import type { Observation, RequestCheck } from '../checks/types';
import { compare, type Comparison } from '../compare';
import type { Observers } from '../observe/observe';
import { observeRequest } from '../observe/request';
import type { Target } from '../observe/target';
import { observeLinks, observePageLoad } from './browser-checks';
import { buildError, buildWithNext, buildWithStratus, serve, type Build } from './frameworks';
import { OUTSIDE_KNOWN } from './known';
import { discoverRoutes, planRequests, readFacts } from './plan';
import type { Scratch } from './scratch';
import type { ServerProcess } from './server-process';

export interface BuildSummary {
  ok: boolean;
  seconds: number;
  /** Why it failed (the build's telling lines), or why its server did not start. */
  error?: string;
}

export interface CheckResult {
  check: string;
  next?: Observation;
  stratus?: Observation;
  comparison?: Comparison;
}

export interface AppResult {
  name: string;
  next?: BuildSummary;
  stratus: BuildSummary;
  checks: CheckResult[];
}

/**
 * Values that change with every render (times, random numbers), written one way on both
 * sides before comparing: outside apps print them, and two renders never agree on them.
 */
export function withoutVolatile(observation: Observation): Observation {
  const out: Observation = {};
  for (const [field, value] of Object.entries(observation)) {
    out[field] = value
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
      // A clock as apps print it (with-mobx-state-tree's 13:04:55, 1:04:55 PM): build or request time.
      .replace(/\b\d{1,2}:\d\d:\d\d(\s?[AP]M)?\b/g, '<clock>')
      .replace(/\b1\d{12}\b/g, '<epoch-ms>')
      .replace(/\b0\.\d{6,}\b/g, '<random>');
  }
  return out;
}

/** Compares a check's two observations (when both sides answered) under the known differences of today. */
export function compareRow(app: string, row: CheckResult): void {
  if (row.next && row.stratus) row.comparison = compare(app, row.check, withoutVolatile(row.next), withoutVolatile(row.stratus), OUTSIDE_KNOWN);
}

/** Packages each framework brings itself, never installed per app. */
const FRAMEWORK_PACKAGES = /^(next|react|react-dom|typescript|@types\/.*|eslint.*|@next\/.*)$/;
/** Page loads per app in the browser half (links are followed from the first). */
const PAGE_LOADS = 4;

/** The app's own dependencies (not the frameworks'), installed once into its node_modules. */
async function installOwnPackages(scratch: Scratch, appDir: string, log: (line: string) => void): Promise<void> {
  const manifestFile = path.join(appDir, 'package.json');
  if (!existsSync(manifestFile) || existsSync(path.join(appDir, 'node_modules'))) return;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const own = Object.fromEntries(Object.entries({ ...manifest.devDependencies, ...manifest.dependencies }).filter(([name]) => !FRAMEWORK_PACKAGES.test(name)));
  if (Object.keys(own).length === 0) return;
  const key = createHash('sha256').update(JSON.stringify(Object.entries(own).sort())).digest('hex').slice(0, 12);
  const cache = path.join(scratch.root, 'external-packages', key);
  mkdirSync(cache, { recursive: true });
  writeFileSync(path.join(cache, 'package.json'), JSON.stringify({ private: true, dependencies: own }, null, 2));
  log(`  installing ${Object.keys(own).join(', ')}…`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--legacy-peer-deps', '--loglevel=error'], { cwd: cache, timeoutMs: 900_000 });
  renameSync(path.join(cache, 'node_modules'), path.join(appDir, 'node_modules'));
}

function summary(build: Build): BuildSummary {
  return { ok: build.ok, seconds: Math.round(build.seconds * 10) / 10, ...(build.ok ? {} : { error: buildError(build) }) };
}

async function startOrNote(scratch: Scratch, build: Build, result: BuildSummary): Promise<ServerProcess | undefined> {
  if (!build.ok) return undefined;
  try {
    return await serve(scratch, build);
  } catch (error) {
    result.ok = false;
    result.error = `built, but the server did not start: ${(error as Error).message.split('\n').slice(0, 2).join(' ')}`;
    return undefined;
  }
}

export async function measureApp(options: { scratch: Scratch; appDir: string; name: string; withNext: boolean; observers: Observers; log: (line: string) => void }): Promise<AppResult> {
  const { scratch, appDir, name, withNext, observers, log } = options;
  const slug = name.replace(/[^\w.-]+/g, '_');
  try {
    await installOwnPackages(scratch, appDir, log);
  } catch (error) {
    log(`  installing its packages failed: ${(error as Error).message.split('\n')[0]}`);
  }
  log('  building with Stratus…');
  const stratusBuild = await buildWithStratus(scratch, appDir, slug);
  log(`  building with Next.js…${withNext ? '' : ' (skipped)'}`);
  const nextBuild = withNext ? await buildWithNext(scratch, appDir, slug) : undefined;
  const result: AppResult = { name, stratus: summary(stratusBuild), ...(nextBuild ? { next: summary(nextBuild) } : {}), checks: [] };
  const stratusServer = await startOrNote(scratch, stratusBuild, result.stratus);
  const nextServer = nextBuild && result.next ? await startOrNote(scratch, nextBuild, result.next) : undefined;
  try {
    const facts = readFacts(nextBuild?.ok ? path.join(nextBuild.projectDir, '.next') : undefined, stratusBuild.ok ? stratusBuild.outDir : undefined);
    const requests = planRequests(discoverRoutes(appDir), facts);
    const targets: { next?: Target; stratus?: Target } = {
      ...(nextServer && nextBuild ? { next: { framework: 'next', baseUrl: nextServer.url, buildId: nextBuild.buildId } } : {}),
      ...(stratusServer ? { stratus: { framework: 'stratus', baseUrl: stratusServer.url, buildId: stratusBuild.buildId } } : {}),
    };
    if (!targets.next && !targets.stratus) return result;
    const observeOn = async (check: string, observeOne: (target: Target) => Promise<Observation>) => {
      const row: CheckResult = { check };
      if (targets.next) row.next = await observeOne(targets.next);
      if (targets.stratus) row.stratus = await observeOne(targets.stratus);
      compareRow(name, row);
      result.checks.push(row);
      return row;
    };
    for (const check of requests) await observeOn(check.name, (target) => observeRequest(check as RequestCheck, target, observers.reader));
    // Pages that answered 200 (on Next when it ran), loaded in a browser; links followed from the first.
    const pages = result.checks
      .filter((row) => !requests.find((r) => r.name === row.check)?.read && (row.next ?? row.stratus)?.status === '200' && /^text\/html/.test((row.next ?? row.stratus)?.['content-type'] ?? ''))
      .map((row) => requests.find((r) => r.name === row.check)!.path)
      .slice(0, PAGE_LOADS);
    for (const page of pages) await observeOn(`browser: load ${page}`, (target) => observePageLoad(observers.browser, target, page));
    // Links are followed from the home page when it is one of them (it usually links to the rest).
    const home = pages.find((p) => p === (facts.basePath || '/')) ?? pages[0];
    if (home) await observeOn(`browser: links on ${home}`, (target) => observeLinks(observers.browser, target, home));
  } finally {
    await Promise.all([nextServer?.stop(), stratusServer?.stop()]);
  }
  return result;
}
