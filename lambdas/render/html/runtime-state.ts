/**
 * The runtime's module-level state that server rendering has to set, set here alone.
 * `Router` from `stratus/router` (web/runtime/shared/router-state.ts), `<Image>`
 * (shared/image-config.ts) and Link (shared/site-paths.ts) read process-wide values (the
 * browser has one page at a time); on the server, the router is set only for the
 * synchronous length of one render, the image settings and site paths once per app.
 */
import { setImageConfig } from '../../../web/runtime/shared/image-config';
import type { StratusRouter } from '../../../web/runtime/shared/router-context';
import { setCurrentRouter } from '../../../web/runtime/shared/router-state';
import { setSitePaths } from '../../../web/runtime/shared/site-paths';
import { setRoutePatterns } from '../../../web/runtime/shared/site-routes';
import type { ResolvedConfig } from '../../../contract/config';

/**
 * Once per app, at cold start: `<Image>` builds its srcset from the app's configured widths,
 * and Link and the router write URLs under the basePath with the site's trailing slash, on
 * the server as in the browser (whose client entry sets the same two from the same config,
 * cli/builder/steps/bundle-client.ts).
 */
export function applyRuntimeConfig(config: Pick<ResolvedConfig, 'images' | 'routing'>, pageRoutes: readonly string[] = []): void {
  setImageConfig(config.images);
  setSitePaths({ basePath: config.routing?.basePath, trailingSlash: config.routing?.trailingSlash, anySlash: config.routing?.skipTrailingSlashRedirect });
  // The routes `stratus/web-vitals` takes from visitors.
  setRoutePatterns(pageRoutes);
}

/**
 * Runs a synchronous render with `router` as the `Router` singleton, and clears it after:
 * `renderToString` does not yield, so no other request's render can see it.
 */
export function withServerRouter<T>(router: StratusRouter, render: () => T): T {
  setCurrentRouter(router);
  try {
    return render();
  } finally {
    setCurrentRouter(null);
  }
}
