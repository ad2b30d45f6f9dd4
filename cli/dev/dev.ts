/**
 * `stratus dev [appDir]`: the app served as `stratus start` serves it (the same edge
 * function, body signer and Lambda handlers, here with React's development build), and
 * updated on every save without losing what the page holds.
 *
 * A front server on the visitor's port answers the browser build's scripts from memory
 * (client-build.ts), sends the dev client its events, maps browser stacks for the overlay,
 * and passes every other request to the current build's local server, adding the dev
 * client's few lines to pages. A save rebuilds the browser code first (incremental, the
 * saved module alone through React Refresh's transform) and sends the update at once
 * (hot-update.ts); then the whole build runs for the server, and requests wait for it, so
 * the next one renders with the new code. A failed build keeps the last good one serving
 * and the overlay shows the error until a save fixes it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readManifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';
import { STATIC_PREFIX } from '../../contract/urls';
import { build } from '../builder/build';
import { isStratusError } from '../../contract/errors';
import { IMMUTABLE, NOT_STORED } from '../../lambdas/shared/cache-control';
import type { ClientBundleOptions } from '../builder/steps/bundle-client';
import { pagesFolder } from '../builder/steps/scan-pages';
import { localBodySigner, localEdgeStep, localImageHandler } from '../serve/local-origins';
import { startServer } from '../serve/server';
import { createDevClientBuilder, type DevClientBuild, type DevClientBuilder } from './client-build';
import { hotUpdate } from './hot-update';
import { listen } from '../serve/listen';
import { buildProblems, type Problems } from './problems';
import { mapBrowserStack } from './stack-frames';
import { createDevTerminal } from './terminal';
import { createSaveTimings, type BrowserTimings } from './save-timings';
import { createServerGate } from './server-gate';
import { createStylesheetRenames } from './stylesheet-renames';
import { watchApp } from './watch-app';
import { STYLESHEET_FILE } from '../builder/stylesheets';
import { contentType } from '../serve/static-files';

type Running = Awaited<ReturnType<typeof startServer>>;
/** What a save meant for the browser, as the server's build needs it: a reload waits for the server. */
type Browser = 'update' | 'reload' | 'none';

/** Where the browser listens for updates (Server-Sent Events). */
export const DEV_EVENTS_PATH = '/_stratus/dev/events';
/** Where the overlay posts a browser stack to have it mapped. */
export const DEV_FRAMES_PATH = '/_stratus/dev/frames';
/** Where the dev client posts that it has applied an update, and how long that took (server-gate.ts, save-timings.ts). */
export const DEV_APPLIED_PATH = '/_stratus/dev/applied';
/** The meta tag naming the browser build a page's scripts come from: the dev client asks for the updates since. */
/** Server files whose change reloads the pages rather than refreshing their data: _document and middleware. */
const RELOADS_PAGES = /^(?:src\/)?(?:pages\/_document|middleware)\.[jt]sx?$/;
const VERSION_META = 'stratus-dev-version';
/** Browser builds kept to bring a page that connects late up to date (older ones reload). */
const KEPT_BUILDS = 20;
/** The prefix of the browser build's scripts. */
const STATIC_PATH = '/_app/static/';
/** The build id in dev: pages keep fetching their data across rebuilds. */
const DEV_BUILD_ID = 'development';


const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };

/** Puts `html` before the page's first module script (so it runs first), else before `</head>`, else at the start. */
function beforeScripts(page: string, html: string): string {
  const script = page.indexOf('<script type="module"');
  const at = script >= 0 ? script : page.indexOf('</head>');
  return at < 0 ? html + page : page.slice(0, at) + html + page.slice(at);
}

/** JSON inside `<script type="application/json">`: no `</script>` or `<!--` can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The render bundle's code, without the `// file` comments esbuild writes above each module
 * when it does not minify (one names the build folder, which takes turns).
 */
async function serverCode(outDir: string): Promise<string | undefined> {
  const code = await readFile(path.join(outDir, OUTPUT_LAYOUT.renderLambda, 'app.js'), 'utf8').catch(() => undefined);
  return code?.replace(/^\s*\/\/ .*$/gm, '');
}

export interface DevOptions {
  appDir: string;
  port: number;
  log: (line: string) => void;
}

export async function dev(options: DevOptions) {
  const appDir = path.resolve(options.appDir);
  // Data functions and API routes run in the app's folder, as they do while the build prerenders, and as the function
  // does in AWS with its traced files around it: path.join(process.cwd(), 'posts') finds the app's posts wherever dev was started.
  process.chdir(appDir);
  // React's packages load from node_modules on the server (react-external.ts) and pick their build by NODE_ENV, as under `next dev`.
  if (process.env.NODE_ENV && process.env.NODE_ENV !== 'development') options.log(`⚠ NODE_ENV is "${process.env.NODE_ENV}": stratus dev runs with "development"`);
  process.env.NODE_ENV = 'development';
  const session = randomUUID();
  const listeners = new Set<ServerResponse>();
  // Every script any build made: a page may still load an older one (it asks for the newest first, hot-client.ts).
  const assets = new Map<string, { contents: Uint8Array; path: string }>();
  const terminal = createDevTerminal(appDir);
  const timings = createSaveTimings(Boolean(process.env.STRATUS_DEV_TIMINGS), options.log);
  // Two build folders in turn: the running build keeps its files while the next one is written.
  const outDirs = [path.join(appDir, '.stratus-dev', 'a'), path.join(appDir, '.stratus-dev', 'b')];
  let next = 0;
  let current: Running | null = null;
  let currentOutDir: string | undefined;
  let builder: DevClientBuilder | undefined;
  let builderKey = '';
  let clientBuild: DevClientBuild | undefined;
  /** Recent browser builds by version: a page that connects after an update gets what it missed. */
  const builds = new Map<number, DevClientBuild>();
  /** The browser build whose scripts the running server's pages name. */
  let serverClientVersion = 0;
  const gate = createServerGate();
  const renames = createStylesheetRenames();
  let problems: Problems = { errors: [], warnings: [] };
  /** Settles when the build under way has finished: requests wait for it. */
  let serverReady: Promise<void> = Promise.resolve();

  function send(res: ServerResponse, event: string, data: unknown): void {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
  function broadcast(event: string, data: unknown): void {
    for (const listener of listeners) send(listener, event, data);
  }

  function keep(build: DevClientBuild): void {
    for (const [url, file] of build.files) assets.set(url, { contents: file.contents, path: file.path });
    builds.set(build.version, build);
    for (const version of builds.keys()) if (builds.size > KEPT_BUILDS) builds.delete(version);
  }

  /** The update from one browser build to another: a reload when the packages changed (Vite reloads for new dependencies too). */
  function updateBetween(from: DevClientBuild, to: DevClientBuild) {
    return to.vendor !== from.vendor ? ({ type: 'reload', reason: 'the packages changed' } as const) : hotUpdate(from, to, from.plan.appFile);
  }

  /** The dev browser build, made by the builder of these options (a new one when they change: pages, config). */
  /** One user of the browser builder at a time: the browser's update and the server's build both use it. */
  let builderLock: Promise<unknown> = Promise.resolve();
  function withBuilder<T>(work: () => Promise<T>): Promise<T> {
    const result = builderLock.then(work, work);
    builderLock = result.catch(() => undefined);
    return result;
  }

  const clientFor = (clientOptions: ClientBundleOptions) => withBuilder(() => makeClientFor(clientOptions));
  async function makeClientFor(clientOptions: ClientBundleOptions): Promise<DevClientBuild> {
    // The build folder takes turns (outDirs) and the scripts are served from memory: not part of the key.
    const { plugins: _plugins, outDir: _outDir, ...comparable } = clientOptions;
    const key = JSON.stringify({ ...comparable, transformsCss: clientOptions.stylesheets?.transformsCss });
    if (builder && key === builderKey && clientBuild) return clientBuild;
    await builder?.dispose();
    const pages = pagesFolder(appDir) ?? 'pages';
    builder = createDevClientBuilder({ ...clientOptions, pagesDir: path.join(appDir, pages) });
    builderKey = key;
    const fresh = await builder.build();
    keep(fresh);
    // A build of new options is no update of the last: pages reload when the server has it.
    if (clientBuild) pendingReload ??= 'the pages or the config changed';
    clientBuild = fresh;
    return fresh;
  }

  let pendingReload: string | undefined;

  function pageRemoved(): boolean {
    const pages = `${pagesFolder(appDir) ?? 'pages'}/`;
    return [...unbuilt].some((file) => file.startsWith(pages) && !existsSync(path.join(appDir, file)));
  }

  /**
   * Rebuilds the browser code alone and sends the update at once (a reload waits for the
   * server's build); 'failed' when it does not compile, 'styles' when the update swaps
   * stylesheets alone.
   */
  async function updateBrowser(): Promise<'update' | 'styles' | 'reload' | 'none' | 'failed'> {
    if (!builder || !clientBuild) return 'none';
    // A page deleted (or renamed): the builder's entries still name it. The server's build makes
    // the browser's builder anew for the pages there are (makeClientFor), and the pages reload.
    if (pageRemoved()) {
      pendingReload ??= 'the pages changed';
      timings.settled('reload');
      return 'reload';
    }
    const previous = clientBuild;
    try {
      const fresh = await builder.build();
      timings.mark('build');
      keep(fresh);
      // `previous` is the last build that compiled, the one the pages run: after a failed
      // build the fix is an update from it, state kept, as Fast Refresh does after a syntax
      // error (the overlay clears when the server has the fix, report() below).
      const update = updateBetween(previous, fresh);
      clientBuild = fresh;
      timings.mark('diff');
      if (update.type === 'update') {
        broadcast('update', update.message);
        gate.hold(update.message.version, listeners.size);
        timings.sent(update.message.version);
        if (update.message.changed.length === 0) {
          renames.add(update.message.css);
          return 'styles';
        }
      } else if (update.type === 'reload') pendingReload ??= update.reason;
      if (update.type !== 'update') timings.settled(update.type === 'none' ? 'no change for the browser' : 'reload');
      return update.type;
    } catch (error) {
      timings.settled('the build failed');
      report(buildProblems(error, [], appDir));
      return 'failed';
    }
  }

  /**
   * The build's errors and warnings after a change, sent to the overlays when they changed.
   * Errors are printed after every build; a warning when it appears, not again after each
   * build it stays in (one save can make two builds: a file created, then written).
   */
  function report(next: Problems): void {
    const unique = { errors: next.errors, warnings: [...new Set(next.warnings)] };
    for (const error of unique.errors) options.log(`✖ ${error.title}\n${error.message}`);
    const shown = new Set(problems.warnings);
    for (const warning of unique.warnings) if (!shown.has(warning)) options.log(`⚠ warning: ${warning}`);
    const fresh = JSON.stringify(unique) !== JSON.stringify(problems);
    problems = unique;
    if (fresh) broadcast('problems', problems);
  }

  /** The whole build, for the server (the browser build inside it is the one made already). */
  async function rebuildServer(reason: string, started: number, browser: Browser, files: readonly string[] = []): Promise<void> {
    const outDir = outDirs[next]!;
    const warnings: string[] = [];
    const renderBefore = currentOutDir ? await serverCode(currentOutDir) : undefined;
    let clientVersion = 0;
    try {
      await build({
        appDir,
        outDir,
        imageLambda: false,
        eagerModules: false,
        dev: {
          client: async (clientOptions) => {
            const made = await clientFor(clientOptions);
            clientVersion = made.version;
            return made.bundle;
          },
          buildId: DEV_BUILD_ID,
        },
        log: (line) => {
          const warning = /^\s*warning: (.*)$/s.exec(line);
          if (warning) warnings.push(warning[1]!);
          // STRATUS_DEV_TIMINGS: the build's steps, each with when it began.
          else if (timings.enabled) options.log(`  +${Math.round(performance.now() - started)} ms ${line.trim()}`);
        },
      });
      const manifest = readManifest(path.join(outDir, OUTPUT_LAYOUT.manifest));
      if (timings.enabled) options.log(`  +${Math.round(performance.now() - started)} ms built; starting its server`);
      const fresh = await startServer({
        outDir,
        port: 0,
        compress: false,
        imageHandler: localImageHandler(outDir, manifest),
        edge: localEdgeStep(manifest),
        originRequest: localBodySigner(),
      });
      const old = current;
      current = fresh;
      currentOutDir = outDir;
      serverClientVersion = clientVersion;
      // Its pages name the newest stylesheets themselves, unless a save came meanwhile.
      if (clientVersion === clientBuild?.version) renames.clear();
      next = 1 - next;
      void old?.close();
      report({ errors: [], warnings: [...warnings, ...(clientBuild?.warnings ?? []).map((w) => buildProblems.warningText(w, appDir))] });
      const renderAfter = await serverCode(outDir);
      // A change the browser code does not see, once the server has it: the page's data asks
      // again in place (a data function, an API route, a file they read), or the page reloads
      // (_document and middleware shape every answer; `next dev` reloads for middleware).
      const serverChanged = !pendingReload && browser === 'none' && renderBefore !== undefined && renderBefore !== renderAfter;
      if (serverChanged && files.some((file) => RELOADS_PAGES.test(file))) pendingReload = 'the server code changed';
      if (pendingReload) broadcast('reload', pendingReload);
      else if (serverChanged) broadcast('refresh', null);
      pendingReload = undefined;
      options.log(`${reason}: ready in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      report(buildProblems(error, warnings, appDir));
      if (isStratusError(error)) return;
      options.log(String((error as Error).stack ?? error));
    }
  }

  // A save updates the browser at once, even while the server's build for the save before
  // runs; the server's build runs after the pages have applied the update (server-gate.ts),
  // with everything saved meanwhile, and not at all after saves of stylesheets alone.
  // Requests wait from the save until the server has the new code.
  let browserRunning = false;
  let browserAgain = false;
  let serverRunning = false;
  let serverWanted: { reason: string; started: number; browser: Browser } | undefined;
  let staleSince: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastChange = '';
  /** The files saved since the server's last build, and whether every browser update since swapped stylesheets alone. */
  const unbuilt = new Set<string>();
  let stylesOnly = true;

  function schedule(file: string): void {
    lastChange = file;
    unbuilt.add(file);
    if (!staleSince) serverReady = new Promise((resolve) => (staleSince = resolve));
    clearTimeout(timer);
    // Editors write a file in one or a few steps: a short wait lets them settle.
    timer = setTimeout(() => {
      timings.mark('settle');
      void updateLoop();
    }, 15);
  }

  async function updateLoop(): Promise<void> {
    if (browserRunning) {
      browserAgain = true;
      return;
    }
    browserRunning = true;
    do {
      browserAgain = false;
      const started = performance.now();
      const reason = `${lastChange} changed`;
      const result = await withBuilder(updateBrowser);
      if (result === 'failed') {
        stylesOnly = false;
        continue;
      }
      if (result !== 'styles') stylesOnly = false;
      const browser = result === 'styles' ? 'update' : result;
      // 'update' wins over 'none': a server-only reload is for saves the browser did not see.
      serverWanted = { reason, started: serverWanted?.started ?? started, browser: serverWanted?.browser === 'update' ? 'update' : browser };
    } while (browserAgain);
    browserRunning = false;
    // Stylesheets alone: the server's code is the same, and its pages get the new stylesheets' names (stylesheet-renames.ts).
    if (stylesOnly && serverWanted && [...unbuilt].every((file) => STYLESHEET_FILE.test(file))) {
      options.log(`${serverWanted.reason}: stylesheets updated`);
      serverWanted = undefined;
      unbuilt.clear();
    }
    void serverLoop();
  }

  async function serverLoop(): Promise<void> {
    if (serverRunning) return;
    serverRunning = true;
    while (serverWanted && !browserRunning) {
      await gate.opened();
      if (browserRunning || !serverWanted) break;
      const { reason, started, browser } = serverWanted;
      serverWanted = undefined;
      const files = [...unbuilt];
      unbuilt.clear();
      stylesOnly = true;
      await rebuildServer(reason, started, browser, files);
    }
    serverRunning = false;
    if (!serverWanted && !browserRunning && staleSince) {
      staleSince();
      staleSince = undefined;
    }
  }

  /**
   * The dev client's events. `since`: the browser build the page's scripts come from; a
   * page that connects after later updates were sent gets what it missed at once (as one
   * update, or a reload when that is not possible).
   */
  function serveEvents(res: ServerResponse, since: number): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': NOT_STORED, connection: 'keep-alive' });
    res.write('retry: 500\n\n');
    send(res, 'hello', { id: session });
    if (problems.errors.length > 0 || problems.warnings.length > 0) send(res, 'problems', problems);
    if (clientBuild && since > 0 && since < clientBuild.version) {
      const from = builds.get(since);
      const missed = from ? updateBetween(from, clientBuild) : ({ type: 'reload', reason: 'the page is older than the updates kept' } as const);
      if (missed.type === 'update') send(res, 'update', missed.message);
      else if (missed.type === 'reload') send(res, 'reload', missed.reason);
    }
    listeners.add(res);
    res.on('close', () => listeners.delete(res));
  }

  async function serveFrames(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 256 * 1024) break;
      chunks.push(chunk as Buffer);
    }
    const mapped = mapBrowserStack(Buffer.concat(chunks).toString('utf8').slice(0, 256 * 1024), appDir, (urlPath) => {
      const map = assets.get(`${urlPath}.map`);
      const script = assets.get(urlPath);
      return map && script ? { path: script.path, map: Buffer.from(map.contents).toString('utf8') } : undefined;
    });
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': NOT_STORED });
    res.end(JSON.stringify(mapped));
  }

  /** A page has applied an update: the server's build may start (server-gate.ts); how long it took, for STRATUS_DEV_TIMINGS. */
  async function serveApplied(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) if ((body += String(chunk)).length > 4096) break;
    try {
      const report = JSON.parse(body) as BrowserTimings;
      if (typeof report.version === 'number') {
        gate.applied(report.version);
        timings.browser(report);
      }
    } catch {
      // Not a report: ignored.
    }
    res.writeHead(204);
    res.end();
  }

  function serveAsset(pathname: string, res: ServerResponse): void {
    const file = assets.get(pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not Found\n');
      return;
    }
    // Content-hashed names: a page reload reuses what it had.
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(pathname)] ?? contentType(pathname), 'cache-control': pathname.endsWith('.map') ? NOT_STORED : IMMUTABLE });
    res.end(file.contents);
  }

  /** What a page gets in dev: the error its render threw (for the overlay), and the dev client, which runs before the page's entry. */
  function devScript(status: number): string {
    const error = status >= 500 ? terminal.lastError(5000) : undefined;
    const shown = error && { kind: 'server', title: 'Server error', message: error.message, frames: error.mapped.frames, codeFrame: error.mapped.codeFrame };
    const scripts = clientBuild ? [clientBuild.vendor, clientBuild.devClient].filter(Boolean) : [];
    return (
      `<meta name="${VERSION_META}" content="${serverClientVersion}">` +
      (shown ? `<script id="__STRATUS_DEV_ERROR__" type="application/json">${scriptJson(shown)}</script>` : '') +
      scripts.map((src) => `<script type="module" src="${src}"></script>`).join('')
    );
  }

  function proxy(req: IncomingMessage, res: ServerResponse, target: Running): void {
    const headers = { ...req.headers };
    // Pages come back uncompressed, so the dev lines can go in.
    delete headers['accept-encoding'];
    const upstream = httpRequest({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.startsWith('text/html') || req.method === 'HEAD') {
        // Nothing the app's code makes is kept by the browser in dev (data, API answers,
        // public files), as under next dev: a cached answer, or one served stale while it
        // revalidates, would show what the code no longer says. Content-hashed files stay.
        const kept = req.url?.includes(STATIC_PREFIX) ? answer.headers : { ...answer.headers, 'cache-control': NOT_STORED };
        res.writeHead(answer.statusCode ?? 502, kept);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const status = answer.statusCode ?? 200;
        const out = Buffer.from(beforeScripts(renames.apply(Buffer.concat(chunks).toString('utf8')), devScript(status)));
        res.writeHead(status, { ...answer.headers, 'content-length': String(out.length), 'cache-control': NOT_STORED });
        res.end(out);
      });
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The dev server is switching builds: reload.\n');
    });
    req.pipe(upstream);
  }

  /** The page shown while no build has worked yet: the overlay, which reloads when one does. */
  function noBuildPage(res: ServerResponse): void {
    const first = problems.errors[0];
    const page =
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${first ? 'Build failed' : 'Building…'}</title></head><body>` +
      `<pre id="__stratus_no_build">${(first ? `${first.title}\n${first.message}` : 'Building…').replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>` +
      `<script>new EventSource(${JSON.stringify(DEV_EVENTS_PATH)}).addEventListener('reload',function(){location.reload()})</script>` +
      '</body></html>';
    res.writeHead(first ? 500 : 503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': NOT_STORED });
    res.end(page);
  }

  const front = createServer((req, res) => {
    const [pathname, query = ''] = (req.url ?? '/').split('?') as [string, string?];
    if (pathname === DEV_EVENTS_PATH) return serveEvents(res, Number(new URLSearchParams(query).get('since')) || 0);
    if (pathname === DEV_FRAMES_PATH && req.method === 'POST') return void serveFrames(req, res);
    if (pathname === DEV_APPLIED_PATH && req.method === 'POST') return void serveApplied(req, res);
    if (pathname.startsWith(STATIC_PATH) && (req.method === 'GET' || req.method === 'HEAD') && assets.has(pathname)) return serveAsset(pathname, res);
    // This request needs the server: its build need not wait for the pages any longer.
    gate.open();
    void serverReady.then(() => (current ? proxy(req, res, current) : noBuildPage(res)));
  });
  // The port first: a taken one fails at once, before any build.
  const port = await listen(front, options.port);

  const started = performance.now();
  // performance.now() counts from the process's start: what loading Node and the CLI took.
  if (timings.enabled) options.log(`  +0 ms the process started ${Math.round(started)} ms ago`);
  let finishFirst!: () => void;
  serverReady = new Promise((resolve) => (finishFirst = resolve));
  await rebuildServer('start', started, 'none');
  finishFirst();
  if (!current) options.log('The first build failed: fix the error and save, the page reloads by itself.');

  let errorSaid = false;
  const watcher = await watchApp(
    appDir,
    (file) => {
      timings.changed(appDir, file);
      schedule(file);
    },
    (error) => {
      if (!errorSaid) options.log(`⚠ watching ${appDir} failed, saves may go unseen: ${error.message}`);
      errorSaid = true;
    },
  );

  options.log(`ready on http://localhost:${port} (stratus dev: updates the page on save)`);

  async function close(): Promise<void> {
    await watcher.close();
    staleSince?.();
    clearTimeout(timer);
    for (const listener of listeners) listener.end();
    terminal.restore();
    await builder?.dispose();
    await new Promise<void>((resolve) => front.close(() => resolve()));
    front.closeAllConnections();
    await current?.close();
  }
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { port, url: `http://localhost:${port}`, close };
}
