/**
 * Wiring of the render Lambda: the build generates an entry that imports every page and
 * calls this. Config and the manifest are read once, at cold start, from the function's
 * own folder.
 */
import path from 'node:path';
import { readManifest, type Manifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT, PRERENDERED_DIR } from '../../contract/output-layout';
import { createFunctionUrlHandler } from '../shared/function-url';
import type { Core } from '../shared/http';
import { apiTimeoutFrom } from './api-stage';
import { PageStore } from './page-store';
import { createRenderApp, type AppModules, type RenderApp } from './render-core';

/** Loads the app from a folder holding `manifest.json` and `prerendered/`. */
export function loadRenderApp(modules: AppModules, dir: string, manifest?: Manifest): RenderApp {
  const resolved = manifest ?? readManifest(path.join(dir, OUTPUT_LAYOUT.manifest));
  const prerendered = resolved.routes.flatMap((r) => r.prerendered);
  return createRenderApp(modules, resolved, new PageStore(path.join(dir, PRERENDERED_DIR), prerendered), {
    apiTimeoutMs: apiTimeoutFrom(process.env.STRATUS_API_TIMEOUT_MS),
  });
}

export function createRenderLambda(modules: AppModules, dir: string) {
  let app: RenderApp | undefined;
  const core: Core = (request, context) => {
    app ??= loadRenderApp(modules, dir);
    return app.handle(request, context);
  };
  return { handler: createFunctionUrlHandler(core), modules };
}
