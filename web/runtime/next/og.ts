/**
 * `next/og` (server only: the render function's API routes and data functions): `ImageResponse`,
 * the `Response` whose body is the PNG @vercel/og draws of a React element (Satori lays it
 * out, resvg paints it), as Next gives it. The app's own @vercel/og when it installs one,
 * else Stratus's (the build resolves it, cli/builder/plugins/runtime-alias.ts).
 *
 * The package (≈ 800 kB of code, and a 1.4 MB WebAssembly module it reads and compiles as
 * it loads) is loaded by the first ImageResponse, not when the function starts: an app's
 * other routes pay nothing for an image route at a cold start.
 *
 * @example
 * // pages/api/og.tsx
 * export const config = { runtime: 'edge' };
 * export default function handler() {
 *   return new ImageResponse(<div style={{ display: 'flex' }}>Hello</div>, { width: 1200, height: 630 });
 * }
 */
import type { ImageResponse as OgImageResponse } from '@vercel/og';
import { extendResponse, lateResponseBase } from '../shared/late-response';

type Og = typeof import('@vercel/og');

let og: Og | undefined;

/** Until the first image, the class extends a stand-in, not `Response` (which loads undici: shared/late-response.ts). */
const ResponseStandIn = lateResponseBase('ImageResponse');

let tiedToResponse = false;

export class ImageResponse extends ResponseStandIn {
  constructor(...args: ConstructorParameters<typeof OgImageResponse>) {
    if (!tiedToResponse) {
      tiedToResponse = true;
      extendResponse(ImageResponse);
    }
    // A require, so that the bundle evaluates the package here, on first use.
    og ??= require('@vercel/og') as Og;
    const image = new og.ImageResponse(...args);
    super(image.body, { status: image.status, statusText: image.statusText, headers: image.headers });
  }
}
