/**
 * Wiring of the render Lambda: the build generates an entry that imports every page and
 * calls this. Config and the manifest (routes, no page lists) are read once, at cold start,
 * from the function's own folder; pages are looked up when asked for (static/page-store.ts).
 */
import path from 'node:path';
import { readManifest, type Manifest } from '../../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../../contract/output-layout';
import { SECRETS_ENV } from '../../../contract/secrets';
import { createFunctionUrlHandler } from '../../shared/function-url';
import { createStreamingHandler } from '../../shared/function-url-stream';
import type { Core } from '../../shared/http';
import { flushLog, IN_LAMBDA } from '../../shared/log';
import { startInstrumentation } from './instrumentation';
import { apiTimeoutFrom } from '../api/api-stage';
import { isRevalidateEvent, runRevalidate } from './operator-event';
import { PageStore } from '../static/page-store';
import { renderEnvironment } from './render-environment';
import { loadSecrets } from './secrets';
import { createRenderApp, type AppModules, type RenderApp } from '../core/render-core';
import type { RenderBundle } from './bundle';
import { createOwnOriginFetch } from '../routing/own-origin';
import { visitorRequest } from './edge-page-request';

/**
 * Loads the app from the function's folder (`manifest.json`). With a manifest given (the
 * build's prerendering), pages stay in memory; otherwise the environment says where the
 * build's pages are and where regenerated ones are shared (render-environment.ts). Run from
 * a build folder (the local server), the build's own `pages/` are read.
 */
export function loadRenderApp(modules: AppModules, dir: string, manifest?: Manifest): RenderApp {
  const resolved = manifest ?? readManifest(path.join(dir, OUTPUT_LAYOUT.manifest));
  const setup = manifest ? { store: new PageStore(), options: {} } : renderEnvironment(process.env, resolved.buildId, path.resolve(dir, '..', '..'));
  return createRenderApp(modules, resolved, setup.store, {
    ...setup.options,
    apiTimeoutMs: apiTimeoutFrom(process.env.STRATUS_API_TIMEOUT_MS),
    routing: { fetchOwn: createOwnOriginFetch(() => process.env.STRATUS_SELF_ORIGIN, resolved.config.routing?.basePath ?? '') },
    onRequestError: modules.instrumentation?.onRequestError,
  });
}

/** The site's basePath, as the core routes under it. */
const basePathOf = (app: RenderApp) => app.basePath;

export function createRenderLambda(modules: AppModules, dir: string) {
  let app: RenderApp | undefined;
  // The secrets STRATUS_SECRETS lists are read once, from cold start on; the first request
  // waits for them, and a failed read is tried again by the next request (secrets.ts).
  const readSecrets = () => {
    const reading = loadSecrets(process.env);
    reading.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    return reading;
  };
  let secrets: Promise<void> | undefined = process.env[SECRETS_ENV] ? readSecrets() : undefined;
  // instrumentation.ts's register() and the tracing the environment asks for: once, after the
  // secrets, before the first request. In Lambda it starts at cold start (the init phase).
  let started: Promise<void> | undefined;
  let ready = false;
  const start = () => (started ??= (secrets ?? Promise.resolve()).then(() => startInstrumentation(modules.instrumentation)).then(() => void (ready = true)));
  if (IN_LAMBDA) start().catch(() => undefined); // a failed secrets read is retried by the first request
  const core: Core = async (request, context) => {
    if (secrets) {
      try {
        await secrets;
      } catch (error) {
        secrets = readSecrets();
        started = undefined;
        throw error;
      }
    }
    if (!ready) await start();
    app ??= loadRenderApp(modules, dir);
    return app.handle(visitorRequest(request, basePathOf(app)), context);
  };
  const urlHandler = createFunctionUrlHandler(core);
  // `stratus revalidate` invokes the function directly (operator-event.ts); everything else comes through its URL.
  const handler = async (event: Parameters<typeof urlHandler>[0], context?: Parameters<typeof urlHandler>[1]) => {
    // Before the adapter, so the first request is traced too; a failed secrets read is the core's to answer.
    if (!ready) await start().catch(() => undefined);
    if (!isRevalidateEvent(event)) return urlHandler(event, context);
    // Pages rendered again may read the app's secrets, as on any request.
    if (secrets) await secrets;
    if (!ready) await start();
    app ??= loadRenderApp(modules, dir);
    try {
      return await runRevalidate(app.revalidate, event);
    } finally {
      flushLog();
    }
  };
  // The same core behind a streaming Function URL: the API routes' behaviours (contract/edge-behaviours.ts).
  const streaming = createStreamingHandler(core);
  // As `handler`: instrumentation and tracing start before the adapter, so the first request is traced too.
  const streamHandler: typeof streaming = async (event, responseStream, context) => {
    if (!ready) await start().catch(() => undefined);
    return streaming(event, responseStream, context);
  };
  return { handler, streamHandler, modules };
}

/**
 * What the generated entry exports (lambda/bundle.ts): the handler, and the same app over a
 * manifest given in memory for the build's prerendering.
 *
 * @example
 * const bundle = createRenderBundle({ pages, apis, App, Document, errorPages }, __dirname);
 */
export function createRenderBundle(modules: AppModules, dir: string): RenderBundle {
  const { handler, streamHandler } = createRenderLambda(modules, dir);
  return { handler, streamHandler, loadApp: (manifest) => loadRenderApp(modules, dir, manifest), modules };
}
