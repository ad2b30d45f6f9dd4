/**
 * Images: distinct, uncached requests (2400 px JPEG → 640 px WebP, quality 75), a fixed
 * number of them at a fixed concurrency, against each server; the floor is sharp called
 * directly with the same transform on the same files.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { readManifest } from '../../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../../contract/output-layout';
import { createLocalImageCore } from '../../../lambdas/image/local';
import { createFunctionUrlHandler } from '../../../lambdas/shared/function-url';
import { setLogSink } from '../../../lambdas/shared/log';
import { buildStratusVariant, linkImageSources, type BuiltApp, type StratusBuild } from '../apps';
import type { BenchOptions } from '../options';
import { countInstructions } from '../instructions';
import { freePort, probe, type RunningServer } from '../processes';
import { imageFloorUrl, imageFloorWarmPath, startImageFloor } from '../image-floor-server';
import { percentile, summarize } from '../stats';
import type { ResultRow } from '../table';

/** An app whose framework has an image optimiser (React Router has none). */
export type ImageApp = BuiltApp & { imageUrl(src: string, quality?: number): string };

/** The quality of the n-th image of a round in the varied set: every value from 50 to 95 in turn, so each key is a transform of its own. */
const variedQuality = (n: number) => 50 + ((n * 7) % 46);
const warmupCount = (options: BenchOptions) => options.images.warmup;
/** Requests the client makes to warm up before a full run's rounds (≈ 1 s). */
const CLIENT_WARMUP = 5000;

/** The fixed set: quality 75 for every image, as `next/image` asks by default. */
const fixedQuality = () => 75;

/**
 * The benchmark app built again with `images.qualities` listing 50–95, for the varied set: the
 * image function answers only the qualities a config lists (Next 16's allowlist), and the
 * benchmark app lists none, so that its first load carries no image settings.
 */
export function buildQualitiesStratus(log: (line: string) => void): Promise<StratusBuild> {
  return buildStratusVariant(log, {
    'stratus.config.ts': `export default { locales: ['en', 'fr'], defaultLocale: 'en', images: { formats: ['image/webp'], qualities: Array.from({ length: 46 }, (_, i) => 50 + i) } };\n`,
  });
}

export const hasImageOptimiser = (app: BuiltApp): app is ImageApp => typeof app.imageUrl === 'function';

interface Batch {
  perSecond: number;
  p50: number;
  p99: number;
}

/** The bench process's collector, run on demand: `--expose-gc` set when the row first needs it. */
let gc: (() => void) | undefined;
function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/**
 * Before each batch: what the previous one left in this process (raw sharp's and the
 * handler's input buffers, ≈ 80 MB a batch) collected now, and a pause for the threads that
 * free it. Otherwise the collection fell in the next batch, on the cores that batch measures:
 * the Stratus server's batches, which follow the in-process ones, ran 2–5 % under the floor
 * over HTTP that follows them.
 */
async function settle(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 150));
}

/** Runs `jobs` with at most `concurrency` at a time; per-job latency and the overall rate. */
async function batch(jobs: Array<() => Promise<void>>, concurrency: number): Promise<Batch> {
  await settle();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const t0 = performance.now();
        await job();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: jobs.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * One GET over a kept-alive connection, the body counted and dropped. `node:http` rather than
 * `fetch`: undici's streams and headers cost this process ≈ 1.3 ms of CPU an image against
 * ≈ 0.6 ms, and the client shares the two cores with the server it measures (the floor has no
 * client), so `fetch` alone took ≈ 2 % off every server's images/s.
 */
function getImage(url: string, agent: http.Agent): Promise<{ status: number; contentType: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { accept: 'image/webp,image/*' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Whether this server answers image requests (the local server may run without an image handler). */
export async function servesImages(app: ImageApp, server: RunningServer): Promise<boolean> {
  const res = await probe(server.url + app.imageUrl('/photo.jpg'), { accept: 'image/webp' });
  return res?.status === 200;
}

export async function runImages(
  apps: ImageApp[],
  options: BenchOptions,
  startImageServer: (app: ImageApp) => Promise<RunningServer>,
  log: (line: string) => void,
  /** The benchmark app with `images.qualities` 50–95 (buildQualitiesStratus), for the varied set. */
  variedApp: StratusBuild & ImageApp,
): Promise<ResultRow[]> {
  const { count, concurrency } = options.images;
  const results = new Map<string, Batch[]>();
  const add = (key: string, b: Batch) => results.set(key, [...(results.get(key) ?? []), b]);
  // Every round gets its own files, linked before the servers start (Next lists public/ at start-up).
  const sources = new Map<string, string[][]>();
  for (const app of apps) sources.set(app.framework, Array.from({ length: options.images.rounds }, (_, r) => linkImageSources(app, `r${r}-`, count)));
  // The image function's handler in this process (Function URL event in, result out: no HTTP), on files of its own.
  const stratusApp = apps.find((a) => a.framework === 'stratus') as unknown as StratusBuild & ImageApp;
  const handlerSources = Array.from({ length: options.images.rounds }, (_, r) => linkImageSources(stratusApp, `r${r}-handler-`, count));
  // Raw sharp behind a bare node:http server (image-floor-server.ts), on files of its own: q 75, and q varying.
  const floorHttpSources = Array.from({ length: options.images.rounds }, (_, r) => ({ fixed: linkImageSources(stratusApp, `r${r}-floor-http-`, count), varied: linkImageSources(stratusApp, `r${r}-q-floor-http-`, count) }));
  const warmFloorHttp = linkImageSources(stratusApp, 'warm-floor-http-', options.images.warmup);
  // The varied-quality set (Stratus, the floor and the handler only: Next 16 allows quality 75 alone unless configured).
  const variedSources = Array.from({ length: options.images.rounds }, (_, r) => ({
    server: linkImageSources(variedApp, `r${r}-q-server-`, count),
    floor: linkImageSources(variedApp, `r${r}-q-floor-`, count),
    handler: linkImageSources(variedApp, `r${r}-q-handler-`, count),
  }));
  const variedWarm = { server: linkImageSources(variedApp, 'warm-q-server-', warmupCount(options)), handler: linkImageSources(variedApp, 'warm-q-handler-', warmupCount(options)) };
  const variedHandler = createFunctionUrlHandler(createLocalImageCore(variedApp.publicDir, readManifest(path.join(variedApp.outDir, OUTPUT_LAYOUT.manifest)).config.images));
  // Warm-up files of their own for each server, the floor and the handler, linked now for the same reason.
  const { warmup } = options.images;
  const warmSources = new Map(apps.map((app) => [app.framework, linkImageSources(app, 'warm-', warmup)]));
  const warmFloor = linkImageSources(stratusApp, 'warm-floor-', warmup);
  const warmHandler = linkImageSources(stratusApp, 'warm-handler-', warmup);
  // Files of their own for counting instructions (perf): the Stratus server's, then the floor's.
  const countedServer = linkImageSources(stratusApp, 'count-server-', count);
  const countedFloor = linkImageSources(stratusApp, 'count-floor-', count);
  let perImage: { server: number; floor: number } | undefined;
  const imageHandler = createFunctionUrlHandler(createLocalImageCore(stratusApp.publicDir, readManifest(path.join(stratusApp.outDir, OUTPUT_LAYOUT.manifest)).config.images));
  const servers = new Map<string, RunningServer>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    for (const app of apps) servers.set(app.framework, await startImageServer(app));
    servers.set('stratus-q', await startImageServer(variedApp));
    const floorHttp = await startImageFloor(stratusApp.outDir, stratusApp.publicDir, await freePort(), warmFloorHttp[0] ?? floorHttpSources[0]!.fixed[0]!);
    servers.set('floor-http', floorHttp);
    for (const [fw, server] of servers) {
      if (fw === 'floor-http') continue;
      const app = fw === 'stratus-q' ? variedApp : apps.find((a) => a.framework === fw)!;
      const res = await probe(server.url + app.imageUrl('/photo.jpg'), { accept: 'image/webp' });
      if (res?.status !== 200 || res.headers['content-type'] !== 'image/webp') throw new Error(`${fw}: image request answered ${res?.status} ${res?.headers['content-type']}: ${res?.body.toString().slice(0, 200)}`);
    }
    const stratusDir = apps.find((a) => a.framework === 'stratus')!.publicDir;
    /** A batch of image GETs through one client, each checked to be a WebP with bytes; `urlOf` names the image at a server. */
    const throughHttp = (label: string, urlOf: (src: string, quality: number) => string, srcs: string[], quality: (n: number) => number) =>
      batch(
        srcs.map((src, n) => async () => {
          const res = await getImage(urlOf(src, quality(n)), agent);
          if (res.status !== 200 || res.contentType !== 'image/webp' || res.bytes === 0) throw new Error(`${label} ${src}: ${res.status} ${res.contentType}`);
        }),
        concurrency,
      );
    const throughServer = (app: ImageApp, srcs: string[], quality: (n: number) => number = fixedQuality, serverKey = app.framework as string) => {
      const server = servers.get(serverKey)!;
      return throughHttp(app.framework, (src, q) => server.url + app.imageUrl(src, q), srcs, quality);
    };
    // The same client against raw sharp behind a bare server.
    const throughFloorHttp = (srcs: string[], quality: (n: number) => number = fixedQuality) => throughHttp('floor over HTTP', (src, q) => floorHttp.url + imageFloorUrl(src, q), srcs, quality);
    // The floor: sharp alone on the same files (read from disk, as the servers do).
    const rawSharp = (files: string[], quality: (n: number) => number = fixedQuality) =>
      batch(
        files.map((file, n) => async () => {
          await sharp(readFileSync(file)).resize({ width: 640, withoutEnlargement: true }).webp({ quality: quality(n) }).toBuffer();
        }),
        concurrency,
      );
    const inProcess = async (srcs: string[], quality: (n: number) => number = fixedQuality, handler = imageHandler) => {
      const restoreLog = setLogSink(() => undefined);
      try {
        return await batch(
          srcs.map((src, n) => async () => {
            const event = { rawPath: '/_app/image', rawQueryString: stratusApp.imageUrl(src, quality(n)).split('?')[1]!, headers: { accept: 'image/webp,image/*' }, requestContext: { http: { method: 'GET' }, requestId: 'bench' } };
            const result = await handler(event as unknown as Parameters<typeof imageHandler>[0]);
            if (result.statusCode !== 200 || result.headers?.['content-type'] !== 'image/webp') throw new Error(`image handler ${src}: ${result.statusCode}`);
          }),
          concurrency,
        );
      } finally {
        setLogSink(restoreLog);
      }
    };
    // A round of warm-up for each, on files of its own, as the throughput rows warm up before
    // they count: the servers' first hundred images ran ≈ 5 % slower than the later ones.
    if (warmup > 0) {
      // The client first: its HTTP code in V8's optimising tier, as the servers' is. Cold, it
      // cost ≈ 0.6 ms of CPU a request against a server answering in 35 ms, warm ≈ 0.26 ms,
      // on the cores the servers use (the in-process floor has no client).
      await batch(Array.from({ length: CLIENT_WARMUP }, () => async () => void (await getImage(floorHttp.url + imageFloorWarmPath, agent))), concurrency);
      for (const app of apps) await throughServer(app, warmSources.get(app.framework)!);
      await throughFloorHttp(warmFloorHttp);
      await rawSharp(warmFloor.map((src) => path.join(stratusDir, src)));
      await inProcess(warmHandler);
      await throughServer(variedApp, variedWarm.server, variedQuality, 'stratus-q');
      await inProcess(variedWarm.handler, variedQuality, variedHandler);
      log(`  warmed up: ${warmup} images each`);
    }
    for (let round = 0; round < options.images.rounds; round++) {
      for (const app of apps) {
        const b = await throughServer(app, sources.get(app.framework)![round]!);
        add(app.framework, b);
        log(`  round ${round + 1} ${app.framework.padEnd(7)} ${b.perSecond.toFixed(2)} images/s, p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms`);
      }
      const overHttp = await throughFloorHttp(floorHttpSources[round]!.fixed);
      add('floor-http', overHttp);
      log(`  round ${round + 1} sharp behind node:http ${overHttp.perSecond.toFixed(2)} images/s, p50 ${overHttp.p50.toFixed(0)} ms, p99 ${overHttp.p99.toFixed(0)} ms`);
      const floor = await rawSharp(sources.get('stratus')![round]!.map((src) => path.join(stratusDir, src)));
      add('floor', floor);
      log(`  round ${round + 1} sharp    ${floor.perSecond.toFixed(2)} images/s, p50 ${floor.p50.toFixed(0)} ms, p99 ${floor.p99.toFixed(0)} ms`);
      const handler = await inProcess(handlerSources[round]!);
      add('handler', handler);
      log(`  round ${round + 1} handler  ${handler.perSecond.toFixed(2)} images/s, p50 ${handler.p50.toFixed(0)} ms, p99 ${handler.p99.toFixed(0)} ms (in process, no HTTP)`);
      // The same three with the quality varying per image (each key its own transform), one after the other.
      const varied = variedSources[round]!;
      const variedThrough = await throughServer(variedApp, varied.server, variedQuality, 'stratus-q');
      add('stratus-q', variedThrough);
      const variedOverHttp = await throughFloorHttp(floorHttpSources[round]!.varied, variedQuality);
      add('floor-http-q', variedOverHttp);
      const variedFloor = await rawSharp(varied.floor.map((src) => path.join(variedApp.publicDir, src)), variedQuality);
      add('floor-q', variedFloor);
      const variedInProcess = await inProcess(varied.handler, variedQuality, variedHandler);
      add('handler-q', variedInProcess);
      log(`  round ${round + 1} q 50–95: stratus ${variedThrough.perSecond.toFixed(2)}, sharp behind node:http ${variedOverHttp.perSecond.toFixed(2)}, sharp ${variedFloor.perSecond.toFixed(2)}, handler ${variedInProcess.perSecond.toFixed(2)} images/s`);
    }
    // The work an image costs, which other tenants' load does not move: the Stratus server
    // process against this process running raw sharp (the HTTP client's share is in neither).
    const server = await countInstructions(servers.get('stratus')!.child.pid!, async () => void (await throughServer(stratusApp, countedServer)));
    const floor = server === undefined ? undefined : await countInstructions(process.pid, async () => void (await rawSharp(countedFloor.map((src) => path.join(stratusDir, src)))));
    if (server !== undefined && floor !== undefined) {
      perImage = { server: server / count, floor: floor / count };
      log(`  instructions an image (perf): server ${(perImage.server / 1e6).toFixed(1)}M, raw sharp ${(perImage.floor / 1e6).toFixed(1)}M`);
    }
  } finally {
    agent.destroy();
    await Promise.all([...servers.values()].map((s) => s.stop()));
  }
  const section = `Images (${count} distinct uncached, ${concurrency} at a time, 2400 px JPEG → 640 px WebP q75)`;
  const get = (key: string, field: keyof Batch) => (results.get(key) ? summarize(results.get(key)!.map((b) => b[field])) : undefined);
  const rows: ResultRow[] = [];
  rows.push({ id: 'images-rate-floor', section, label: 'images/s against raw sharp', unit: 'images/s', better: 'higher', stratus: get('stratus', 'perSecond'), other: get('floor', 'perSecond'), otherLabel: 'floor' });
  rows.push({ id: 'images-rate-floor-http', section, label: 'images/s against raw sharp behind a bare node:http server', unit: 'images/s', better: 'higher', stratus: get('stratus', 'perSecond'), other: get('floor-http', 'perSecond'), otherLabel: 'floor' });
  // Rounds share the machine's state: the ratio of a round is the figure that other tenants' load moves least.
  const perRound = (key: string, floorKey: string) => {
    const ours = results.get(key);
    const theirs = results.get(floorKey);
    return ours && theirs ? ours.map((b, round) => b.perSecond / theirs[round]!.perSecond) : undefined;
  };
  for (const [id, key, floorKey, label] of [
    ['images-ratio-floor', 'stratus', 'floor', 'images/s ÷ raw sharp\'s, per round, q 75 (stratus serve)'],
    ['images-ratio-floor-varied-q', 'stratus-q', 'floor-q', 'images/s ÷ raw sharp\'s, per round, q 50–95 varying per image (stratus serve)'],
    ['images-ratio-floor-http', 'stratus', 'floor-http', 'images/s ÷ raw sharp behind a bare node:http server (the same client), per round, q 75'],
    ['images-ratio-floor-http-varied-q', 'stratus-q', 'floor-http-q', 'images/s ÷ raw sharp behind a bare node:http server, per round, q 50–95 varying'],
    ['images-handler-ratio-floor-varied-q', 'handler-q', 'floor-q', 'image function handler in process ÷ raw sharp, per round, q 50–95'],
  ] as const) {
    const ratios = perRound(key, floorKey);
    if (ratios) rows.push({ id, section, label, unit: '×', better: 'higher', stratus: summarize(ratios), otherLabel: 'floor', note: `rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}` });
  }
  rows.push({ id: 'images-handler-floor', section, label: 'image function handler in process (no HTTP) against raw sharp', unit: 'images/s', better: 'higher', stratus: get('handler', 'perSecond'), other: get('floor', 'perSecond'), otherLabel: 'floor' });
  if (perImage) {
    const one = (value: number) => summarize([value]);
    rows.push({ id: 'images-instructions-floor', section, label: 'instructions an image (perf), the server process against raw sharp', unit: 'instructions', better: 'lower', stratus: one(perImage.server), other: one(perImage.floor), otherLabel: 'floor' });
  }
  rows.push({ id: 'images-rate', section, label: 'images/s', unit: 'images/s', better: 'higher', stratus: get('stratus', 'perSecond'), other: get('next', 'perSecond'), otherLabel: 'Next.js' });
  rows.push({ id: 'images-p50', section, label: 'p50 latency', unit: 'ms', better: 'lower', stratus: get('stratus', 'p50'), other: get('next', 'p50'), otherLabel: 'Next.js' });
  rows.push({ id: 'images-p99', section, label: 'p99 latency', unit: 'ms', better: 'lower', stratus: get('stratus', 'p99'), other: get('next', 'p99'), otherLabel: 'Next.js' });
  return rows;
}
