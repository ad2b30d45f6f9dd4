/**
 * The render bundle's contract, typed once where it is consumed: what `app.js` exports (the
 * entry the build generates, cli/builder/steps/bundle-render.ts, exports `createRenderBundle`'s
 * value under these names), with the app modules compiled into it (core/render-core.ts, `AppModules`). Read by the function's own
 * entry (loader.ts), the build's prerender step and the bench.
 */
import type { Manifest } from '../../../contract/manifest';
import type { AppModules, RenderApp } from '../core/render-core';

export type { AppModules };

/** The Lambda handler: Function URL events, and the operator events `stratus revalidate` and `stratus deploy` send. */
export type RenderHandler = (event: any, context?: any) => Promise<unknown>;

/** The handler of a streaming Function URL (`RESPONSE_STREAM`): the event, then Lambda's response stream. */
export type RenderStreamHandler = (event: any, responseStream: any, context?: any) => Promise<void>;

/** What `app.js` exports. */
export interface RenderBundle {
  handler: RenderHandler;
  /** The same app behind a streaming Function URL (the API routes' behaviours): answers leave as they are written. */
  streamHandler: RenderStreamHandler;
  /** Build time: the same app over a manifest given in memory (prerendering). */
  loadApp(manifest: Manifest): RenderApp;
  /** The modules compiled in (the build's prerender step reads the pages' getStaticPaths). */
  modules: AppModules;
}

/** The names `app.js` exports, for the generated entry to write: every key of RenderBundle (checked below). */
export const RENDER_BUNDLE_EXPORTS = ['handler', 'streamHandler', 'loadApp', 'modules'] as const satisfies readonly (keyof RenderBundle)[];
// Fails to compile when RenderBundle gains a key the list above does not name.
const everyExportNamed: Exclude<keyof RenderBundle, (typeof RENDER_BUNDLE_EXPORTS)[number]> extends never ? true : never = true;
void everyExportNamed;
