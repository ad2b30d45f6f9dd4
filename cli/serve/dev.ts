/**
 * `stratus dev [appDir]`: the local server of `stratus start`, rebuilt on every save, with
 * the browser reloaded when the new build serves. A front server on the visitor's port
 * passes requests to the current build's local server (the same edge function, signer and
 * Lambda handlers as `stratus start`) and adds, to HTML pages only, a small script that
 * listens for rebuilds. A build that fails keeps the last good one serving, and every
 * page shows the error with its file and line until a save fixes it; an error while
 * rendering shows its message and source-mapped stack on the error page. None of this
 * exists outside `stratus dev`.
 */
import { watch } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { readManifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';
import { build } from '../builder/build';
import { BuildError } from '../builder/errors';
import { isStratusError } from '../../contract/errors';
import { formatError } from '../../contract/error-codes';
import { localBodySigner, localEdgeStep, localImageHandler } from './local-origins';
import { startServer } from './server';
import { NOT_STORED } from '../../lambdas/shared/cache-control';

type Running = Awaited<ReturnType<typeof startServer>>;

/** Where the browser listens for rebuilds (Server-Sent Events). */
export const DEV_EVENTS_PATH = '/_stratus/dev/events';

/** Folders of the app a save in which means nothing to the build. */
const IGNORED = /^(\.stratus|\.stratus-dev|node_modules|\.git)(\/|\\|$)/;

const RELOAD_SCRIPT =
  `<script>(function(){var s=new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});` +
  `s.addEventListener('reload',function(){location.reload()});` +
  `s.addEventListener('build-error',function(){location.reload()});})();</script>`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function overlay(title: string, detail: string): string {
  return (
    `<div id="__stratus_dev_error" style="position:fixed;inset:0;overflow:auto;z-index:2147483647;background:#fff;color:#1d1d1d;` +
    `font:14px/1.5 ui-monospace,monospace;padding:2rem"><h1 style="font:600 20px system-ui;color:#a11">${escapeHtml(title)}</h1>` +
    `<pre style="white-space:pre-wrap">${escapeHtml(detail)}</pre><p style="font-family:system-ui;color:#555">` +
    `Fix it and save: the page reloads by itself. (Shown by stratus dev only.)</p></div>`
  );
}

/** Puts `html` before `</body>`, or at the end. */
function inject(page: string, html: string): string {
  const at = page.lastIndexOf('</body>');
  return at < 0 ? page + html : page.slice(0, at) + html + page.slice(at);
}

export interface DevOptions {
  appDir: string;
  port: number;
  log: (line: string) => void;
}

export async function dev(options: DevOptions) {
  const appDir = path.resolve(options.appDir);
  // Two build folders in turn: the running build keeps its files while the next one is written.
  const outDirs = [path.join(appDir, '.stratus-dev', 'a'), path.join(appDir, '.stratus-dev', 'b')];
  let next = 0;
  let current: Running | null = null;
  let buildError: string | null = null;
  let lastRenderError: { at: number; text: string } | null = null;
  const listeners = new Set<ServerResponse>();

  function broadcast(event: string, data = ''): void {
    for (const listener of listeners) listener.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  // The render function logs an error as one JSON line on stdout; the dev server keeps the
  // last one to show on the error page that follows it.
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (text.startsWith('{"level":"ERROR"')) {
      try {
        const line = JSON.parse(text) as { error?: string; stack?: string };
        lastRenderError = { at: Date.now(), text: line.stack ?? line.error ?? text };
      } catch {
        // Not one of ours: printed as it is.
      }
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;

  async function rebuild(reason: string): Promise<void> {
    const started = performance.now();
    const outDir = outDirs[next]!;
    try {
      // The dev server loads each build in its own warm process: no cold start to pay the eager modules' parse back.
      await build({ appDir, outDir, imageLambda: false, eagerModules: false });
      const manifest = readManifest(path.join(outDir, OUTPUT_LAYOUT.manifest));
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
      next = 1 - next;
      buildError = null;
      void old?.close();
      options.log(`${reason}: rebuilt in ${Math.round(performance.now() - started)} ms`);
      broadcast('reload');
    } catch (error) {
      buildError = isStratusError(error) ? formatError(error) : String((error as Error).stack ?? error);
      options.log(`${reason}: ${buildError}`);
      broadcast('build-error', buildError);
    }
  }

  let building: Promise<void> | null = null;
  let pending: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  function schedule(file: string): void {
    pending = file;
    clearTimeout(timer);
    // Editors write a file in several steps: wait for the saves to settle.
    timer = setTimeout(() => void run(), 40);
  }
  async function run(): Promise<void> {
    if (building || !pending) return;
    const file = pending;
    pending = null;
    building = rebuild(`${file} changed`);
    await building;
    building = null;
    if (pending) void run();
  }

  function serveEvents(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': NOT_STORED, connection: 'keep-alive' });
    res.write('retry: 500\n\n');
    listeners.add(res);
    res.on('close', () => listeners.delete(res));
  }

  function proxy(req: IncomingMessage, res: ServerResponse, target: Running): void {
    const headers = { ...req.headers };
    // Pages come back uncompressed, so the reload script can go in.
    delete headers['accept-encoding'];
    const upstream = httpRequest({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.startsWith('text/html') || req.method === 'HEAD') {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let page = inject(Buffer.concat(chunks).toString('utf8'), RELOAD_SCRIPT);
        const renderError = lastRenderError;
        if ((answer.statusCode ?? 0) >= 500 && renderError && Date.now() - renderError.at < 5000) {
          page = inject(page, overlay('Error while rendering', renderError.text));
        }
        const out = Buffer.from(page);
        res.writeHead(answer.statusCode ?? 200, { ...answer.headers, 'content-length': String(out.length), 'cache-control': NOT_STORED });
        res.end(out);
      });
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The dev server is switching builds: reload.\n');
    });
    req.pipe(upstream);
  }

  await rebuild('start');
  if (!current) throw new BuildError(buildError ?? 'The first build failed.', 'DEV_SERVER_START_FAILED');

  const front = createServer((req, res) => {
    if (req.url === DEV_EVENTS_PATH) return serveEvents(res);
    if (buildError && req.method === 'GET' && !req.url?.startsWith('/_app/')) {
      const page = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Build failed</title></head><body>${overlay('Build failed', buildError)}${RELOAD_SCRIPT}</body></html>`;
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': NOT_STORED });
      return res.end(page);
    }
    proxy(req, res, current!);
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new BuildError(`Port ${options.port} is in use: stop what runs there, or pick another with --port N.`, 'DEV_SERVER_START_FAILED') : error),
    );
    front.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = front.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  const watcher = watch(appDir, { recursive: true }, (_event, filename) => {
    const file = String(filename ?? '');
    if (file && !IGNORED.test(file)) schedule(file);
  });

  options.log(`ready on http://localhost:${port} (stratus dev: rebuilds and reloads on save)`);

  async function close(): Promise<void> {
    watcher.close();
    clearTimeout(timer);
    for (const listener of listeners) listener.end();
    process.stdout.write = write;
    await new Promise<void>((resolve) => front.close(() => resolve()));
    front.closeAllConnections();
    await current?.close();
  }
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { port, url: `http://localhost:${port}`, close };
}
