/**
 * The image core: `GET /_app/image?url=&w=&q=` as Request → Response. Platform-free: the
 * Lambda entry wraps it with the Function URL adapter, the local server with its own.
 */
import type { RequestContext, WebCore } from '../shared/http';
import { log, logError, startTimer, type LogFields } from '../shared/log';
import type { ResolvedImageConfig } from '../../contract/config';
import { isHttpError } from '../shared/http-error';
import { negotiateFormat } from './negotiate';
import { DEFAULT_MAX_INPUT_PIXELS, optimizeImage } from './optimize';
import { parseImageParams } from './params';
import { createEtag, errorHeaders, imageHeaders, matchesIfNoneMatch } from './response';
import { createRemoteSource, type RemoteSourceOptions } from './sources/remote';
import type { ImageSource } from './sources/source';

export type { WebCore } from '../shared/http';

/**
 * Lambda's buffered responses stop at 6 MB, and binary bodies travel base64-encoded (4/3).
 * https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export interface ImageCoreOptions {
  config: ResolvedImageConfig;
  /** Where site paths (`/photos/a.jpg`) come from: the S3 bucket, or the asset folder locally. */
  source: ImageSource;
  /** Where absolute URLs come from. @default createRemoteSource({ remotePatterns: config.remotePatterns, ...remote }) */
  remoteSource?: ImageSource;
  /** Settings of the default remote source (timeout, redirects, test-only loopback). */
  remote?: Omit<RemoteSourceOptions, 'remotePatterns'>;
  /** @default DEFAULT_MAX_INPUT_PIXELS (100 megapixels) */
  maxInputPixels?: number;
}

/**
 * Creates the image core.
 *
 * @example
 * const core = createImageCore({ config: manifest.config.images, source: createLocalSource('dist/assets') });
 * const response = await core(new Request('http://localhost/_app/image?url=%2Fa.jpg&w=640'), { requestId: '1' });
 */
export function createImageCore(options: ImageCoreOptions): WebCore {
  const { config, source } = options;
  const remoteSource =
    options.remoteSource ?? createRemoteSource({ ...options.remote, remotePatterns: config.remotePatterns });
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;

  async function respond(request: Request, fields: LogFields): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: errorHeaders({ allow: 'GET, HEAD' }) });
    }
    const params = parseImageParams(new URL(request.url).searchParams, config);
    Object.assign(fields, { url: params.url, w: params.width, q: params.quality });
    const loaded = await (params.isAbsolute ? remoteSource : source).load(params.url);
    fields.sourceBytes = loaded.buffer.byteLength;
    const image = await optimizeImage(loaded.buffer, {
      width: params.width,
      quality: params.quality,
      format: negotiateFormat(request.headers.get('accept'), config.formats),
      dangerouslyAllowSVG: config.dangerouslyAllowSVG,
      maxInputPixels,
    });
    fields.format = image.contentType;
    fields.outputBytes = image.buffer.byteLength;
    if (image.buffer.byteLength > MAX_RESPONSE_BYTES) {
      // Too big for a buffered Lambda response once base64-encoded: send the browser to the
      // original, which CloudFront serves from the bucket (or the allowed remote host).
      return new Response(null, { status: 307, headers: errorHeaders({ location: params.url, 'cache-control': `public, max-age=${config.minimumCacheTTL}` }) });
    }
    const etag = createEtag(image.buffer);
    const headers = imageHeaders({
      contentType: image.contentType,
      extension: image.extension,
      maxAge: Math.max(config.minimumCacheTTL, loaded.maxAge ?? 0),
      etag,
      url: params.url,
    });
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set('content-length', String(image.buffer.byteLength));
    // A view, not a copy; sharp hands back a Buffer over its own ArrayBuffer.
    const body = new Uint8Array(image.buffer.buffer as ArrayBuffer, image.buffer.byteOffset, image.buffer.byteLength);
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  }

  return async function imageCore(request: Request, context: RequestContext): Promise<Response> {
    const elapsed = startTimer();
    const fields: LogFields = { msg: 'image', requestId: context.requestId, cfId: context.cfId };
    let response: Response;
    try {
      response = await respond(request, fields);
    } catch (error) {
      if (isHttpError(error) && error.statusCode < 500) {
        response = new Response(error.message, { status: error.statusCode, headers: errorHeaders() });
      } else if (isHttpError(error)) {
        // Upstream trouble (502, 504, 508): the message says which, and is worth a log line.
        log({ ...fields, msg: 'image upstream error', error: error.message }, 'WARN');
        response = new Response(error.message, { status: error.statusCode, headers: errorHeaders() });
      } else {
        logError(error, { requestId: context.requestId, cfId: context.cfId, path: '/_app/image' });
        response = new Response('Internal Server Error', { status: 500, headers: errorHeaders() });
      }
    }
    log({ ...fields, status: response.status, durationMs: elapsed() });
    return response;
  };
}
