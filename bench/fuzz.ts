/**
 * Fuzz of the sample site through the local server (issue "Hardening", item 3): builds and
 * starts `stratus start <app>` on a free port of 127.0.0.1, sends generated requests
 * (random paths of every kind, methods, query strings, repeated headers, image parameters,
 * names that are also Object.prototype's) from a seeded generator, and checks each answer
 * against the contracts (test/helpers/answer-contract.ts): no 5xx, no stack trace or file
 * path in a body, the documented titles and image messages, every Location on the site.
 * At the end a few clean requests must answer byte for byte as before, and the process
 * must still run. Prints counts per status class and every 5xx with its request.
 *
 * Run: npm run fuzz [-- --requests 5000 --seed N --concurrency 4 --max-seconds 600 --app web/site
 *   --app-redirect URL --app-errors REGEX]   (npm run fuzz -- --help)
 * Exit code 0 when every answer kept the contracts.
 */
import path from 'node:path';
import fc from 'fast-check';
import { answerProblems, type AnswerRules } from '../test/helpers/answer-contract';
import { failureExitCode, parseCommandLine, UsageError } from './src/command-line';
import { encodeForTarget, requestArb, siteShapeOf, type SiteShape } from '../test/helpers/hostile-input';
import { startLocalServer, type LocalServer } from '../test/helpers/local-server';
import { sendRaw, type RawRequest, type RawResponse } from '../test/helpers/raw-http';

export interface FuzzOptions {
  /** The app to build and serve. @default web/site */
  appDir?: string;
  requests: number;
  seed: number;
  /** Requests in flight at once. @default 4 */
  concurrency?: number;
  /** Stops sending after this long; what was sent is still reported. @default 600 */
  maxSeconds?: number;
  /** Progress lines. @default none */
  log?: (line: string) => void;
  /** What the app's own pages answer on purpose. @default SAMPLE_SITE_RULES for the sample site, none for another app */
  rules?: AnswerRules;
}

/** The sample site's feedback form answers 422 with itself, its fields and their errors, when a POST does not pass its checks. */
export const SAMPLE_SITE_RULES: AnswerRules = { appStatuses: [{ path: /^\/(?:(?:en|fr)\/)?feedback$/, status: 422 }] };

export interface FuzzFinding {
  request: RawRequest;
  status: number | null;
  problems: string[];
}

export interface FuzzResult {
  seed: number;
  /** The app fuzzed, relative to the checkout, when it is not the sample site (for the replay line). */
  app?: string;
  sent: number;
  /** `2xx`, `3xx`, `4xx`, `5xx`, or `none` when no answer came. */
  byClass: Record<string, number>;
  byStatus: Record<number, number>;
  /** Every answer that broke a contract (5xx among them). */
  findings: FuzzFinding[];
  fiveHundreds: number;
  /** Clean requests answered as before, and the server still running. */
  healthy: boolean;
  healthProblems: string[];
  durationMs: number;
}

const ROOT = process.env.STRATUS_ROOT ?? path.resolve(__dirname, '..');

/** A tenth of the targets go out with their raw characters; the rest percent-encoded, as browsers send them. */
function fuzzRequestArb(site: SiteShape): fc.Arbitrary<RawRequest> {
  return fc.tuple(requestArb(site), fc.nat(9)).map(([request, dice]) => (dice === 0 ? request : { ...request, target: encodeForTarget(request.target) }));
}

/** Requests whose answers must not change while the fuzz runs. */
function cleanRequests(site: SiteShape): RawRequest[] {
  const image = site.images[0];
  return [
    { method: 'GET', target: '/' },
    { method: 'GET', target: '/about' },
    { method: 'GET', target: '/about/?x=1' },
    { method: 'GET', target: '/', headers: [['Accept-Language', 'fr']] },
    { method: 'GET', target: `/_app/data/${site.buildId}/index.json` },
    ...(image ? [{ method: 'GET', target: `/_app/image?url=${encodeURIComponent(image)}&w=${site.widths[0]}` }] : []),
    { method: 'GET', target: '/_app/image?w=3840&q=75' },
  ];
}

function sameAnswer(a: RawResponse, b: RawResponse): boolean {
  return a.head === b.head && a.wireBody.equals(b.wireBody);
}

function statusClass(status: number | null): string {
  return status === null ? 'none' : `${Math.floor(status / 100)}xx`;
}

/** One line for a request: method, target and headers as sent. */
export function describeRequest(request: RawRequest): string {
  const headers = (request.headers ?? []).map(([n, v]) => `${n}: ${v}`).join(' | ');
  return `${request.method} ${JSON.stringify(request.target)}${headers ? ` [${headers}]` : ''}${request.body ? ` body ${JSON.stringify(request.body)}` : ''}`;
}

/**
 * Starts the app, sends `requests` generated requests from `seed`, and reports.
 *
 * @example
 * const result = await runFuzz({ requests: 300, seed: 1 });
 * result.fiveHundreds; // 0
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const deadline = started + (options.maxSeconds ?? 600) * 1000;
  const sampleSite = path.join(ROOT, 'web', 'site');
  const appDir = path.resolve(ROOT, options.appDir ?? sampleSite);
  const server: LocalServer = await startLocalServer(appDir, { root: ROOT });
  // The app's own error pages have the app's titles, whatever the other rules say.
  const rules: AnswerRules = { ...(options.rules ?? (appDir === sampleSite ? SAMPLE_SITE_RULES : {})), appErrorPages: Object.keys(server.manifest.errorScripts) };
  try {
    const site = siteShapeOf(server.manifest);
    const clean = cleanRequests(site);
    const baseline: RawResponse[] = [];
    for (const request of clean) baseline.push(await sendRaw(server.port, request));

    const requests = fc.sample(fuzzRequestArb(site), { seed: options.seed, numRuns: options.requests });
    const byClass: Record<string, number> = {};
    const byStatus: Record<number, number> = {};
    const findings: FuzzFinding[] = [];
    let next = 0;
    let sent = 0;
    const worker = async () => {
      while (next < requests.length && Date.now() < deadline) {
        const request = requests[next++]!;
        let status: number | null = null;
        let problems: string[];
        try {
          const response = await sendRaw(server.port, request, { timeoutMs: 30_000 });
          status = response.status;
          problems = answerProblems(request, response, rules);
        } catch (error) {
          problems = [`no answer: ${(error as Error).message}`];
        }
        sent++;
        byClass[statusClass(status)] = (byClass[statusClass(status)] ?? 0) + 1;
        if (status !== null) byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (problems.length > 0) findings.push({ request, status, problems });
        if (sent % 1000 === 0) log(`  ${sent} requests, ${findings.length} findings`);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));

    const healthProblems: string[] = [];
    for (const [i, request] of clean.entries()) {
      try {
        const now = await sendRaw(server.port, request);
        if (!sameAnswer(baseline[i]!, now)) healthProblems.push(`${describeRequest(request)} answers differently now: ${JSON.stringify(now.head)}`);
      } catch (error) {
        healthProblems.push(`${describeRequest(request)}: ${(error as Error).message}`);
      }
    }
    if (!server.alive()) healthProblems.push('the server process exited');
    return {
      seed: options.seed,
      ...(appDir !== sampleSite && { app: path.relative(ROOT, appDir) }),
      sent,
      byClass,
      byStatus,
      findings,
      fiveHundreds: findings.filter((f) => f.status !== null && f.status >= 500).length,
      healthy: healthProblems.length === 0,
      healthProblems,
      durationMs: Date.now() - started,
    };
  } finally {
    await server.stop();
  }
}

/** Long lines (a polluted query can be kilobytes) are cut to what a reader can use. */
function clip(text: string, max = 400): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** The report `npm run fuzz` prints. */
export function formatReport(result: FuzzResult): string {
  const lines = [
    `fuzz: ${result.sent} requests, seed ${result.seed}, ${(result.durationMs / 1000).toFixed(1)} s`,
    `  by class:  ${Object.entries(result.byClass).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `  by status: ${Object.entries(result.byStatus).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `  5xx${(result.byClass['5xx'] ?? 0) > result.fiveHundreds ? " (beside the app's own)" : ''}: ${result.fiveHundreds}; answers breaking a contract: ${result.findings.length}; healthy afterwards: ${result.healthy ? 'yes' : 'no'}`,
  ];
  for (const finding of result.findings.slice(0, 50)) {
    lines.push(clip(`  ${finding.status ?? 'no answer'} ← ${describeRequest(finding.request)}`), ...finding.problems.map((p) => clip(`      ${p}`)));
  }
  if (result.findings.length > 50) lines.push(`  … and ${result.findings.length - 50} more`);
  lines.push(...result.healthProblems.map((p) => clip(`  unhealthy: ${p}`)));
  if (result.findings.length > 0 || !result.healthy) lines.push(`  replay: npm run fuzz -- --requests ${result.sent} --seed ${result.seed}${result.app ? ` --app ${result.app}` : ''}`);
  return lines.join('\n');
}

const USAGE = `Usage: npm run fuzz [-- options]

  --requests N        requests to send (default 5000)
  --seed N            the generator's seed (default: from the clock; printed for a replay)
  --concurrency N     requests in flight at once (default 4)
  --max-seconds N     stop sending after this long (default 600)
  --app DIR           the app to build and serve (default web/site)
  --app-redirect URL  a redirect target off the site that the app's own code names (repeatable)
  --app-errors REGEX  paths whose page or API route fails on purpose: their 500 is the app's
`;

function numberOption(name: string, text: string | undefined, fallback: number): number {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`--${name} needs a number, got "${text}"`);
  return value;
}

/** The command line as FuzzOptions. */
export function fuzzOptionsFrom(args: string[]): FuzzOptions | 'help' {
  const values = parseCommandLine(args, {
    requests: { type: 'string' },
    seed: { type: 'string' },
    concurrency: { type: 'string' },
    'max-seconds': { type: 'string' },
    app: { type: 'string' },
    'app-redirect': { type: 'string', multiple: true },
    'app-errors': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const redirects = values['app-redirect'];
  const errors = values['app-errors'];
  let appErrorPaths: RegExp | undefined;
  try {
    appErrorPaths = errors === undefined ? undefined : new RegExp(errors);
  } catch (error) {
    throw new UsageError(`--app-errors: ${(error as Error).message}`);
  }
  return {
    requests: numberOption('requests', values.requests, 5000),
    seed: numberOption('seed', values.seed, Date.now() % 2 ** 31),
    concurrency: numberOption('concurrency', values.concurrency, 4),
    maxSeconds: numberOption('max-seconds', values['max-seconds'], 600),
    appDir: values.app,
    ...((redirects || appErrorPaths) && { rules: { appRedirects: redirects, appErrorPaths } }),
  };
}

async function main(args: string[]): Promise<number> {
  const options = fuzzOptionsFrom(args);
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  console.log(`fuzz: seed ${options.seed}, ${options.requests} requests (replay with --seed ${options.seed})`);
  const result = await runFuzz({ ...options, log: (line) => console.log(line) });
  console.log(formatReport(result));
  return result.findings.length === 0 && result.healthy ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => (process.exitCode = failureExitCode('fuzz', USAGE, error)),
  );
}
