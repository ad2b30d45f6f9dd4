/**
 * The browser runtime's module-level state that server rendering has to set, in one place.
 * `Router` from `stratus/router` and `<Image>` read process-wide values (the browser has one
 * page at a time); on the server, the router is set only for the synchronous length of one
 * render, and the image settings once per app, at cold start.
 */
import type { ImageComponentConfig } from '../../../web/runtime/shared/image-config';
import { setImageConfig } from '../../../web/runtime/shared/image-config';
import type { StratusRouter } from '../../../web/runtime/shared/router-context';
import { setCurrentRouter } from '../../../web/runtime/router';

/** `<Image>` builds its srcset from the app's configured widths, on the server as in the browser. */
export function applyImageConfig(images: Partial<ImageComponentConfig>): void {
  setImageConfig(images);
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
