/**
 * The image core: `GET /_app/image?url=&w=&q=` as a core request → core response (the plain
 * objects of ../shared/http, not web `Request`/`Response`: those cost the main thread time
 * and garbage that sharp's threads then wait on, and load undici at cold start). Platform-free:
 * the Lambda entry and the local server both wrap it with the Function URL adapter.
 */
import type { Core, CoreRequest, CoreResponse, RequestContext } from '../shared/http';
import { isDependencyError, reportDependencyFailure } from '../shared/dependency-failure';
import { log, logError, startTimer, type LogFields } from '../shared/log';
import { COLD_START, emf, LATENCY, STATUS, type MetricGroup } from '../shared/metrics';
import { inSpan } from '../shared/tracing/otel';
import { nameRequestSpan } from '../shared/tracing/request-span';
import type { ResolvedImageConfig } from '../../contract/config';
import { isHttpError } from '../shared/http-error';
import { negotiateFormat } from './negotiate';
import { DEFAULT_MAX_INPUT_PIXELS, optimizeImage } from './optimize';
import { parseImageParams } from './params';
import { createEtag, errorHeaders, imageHeaders } from './response';
import { matchesIfNoneMatch } from '../shared/etag';
import { imageRedirectCacheControl } from '../shared/cache-control';
import { createRemoteSource, type RemoteSourceOptions } from './sources/remote';
import type { ImageSource } from './sources/source';

/**
 * Lambda's buffered responses stop at 6 MB, and binary bodies travel base64-encoded (4/3).
 * https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The request line's metrics: latency and status (`PR(499:599)`: the share of image errors), and bytes in and out when an image was made. */
const ANSWERED: MetricGroup = { dimensions: [[]], metrics: [LATENCY, STATUS] };
const RESIZED: MetricGroup = { dimensions: [[]], metrics: [LATENCY, STATUS, { name: 'sourceBytes', unit: 'Bytes' }, { name: 'outputBytes', unit: 'Bytes' }] };
const COLD: MetricGroup = { dimensions: [[]], metrics: [COLD_START] };

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
 * const response = await core({ method: 'GET', path: '/_app/image', rawQuery: 'url=%2Fa.jpg&w=640', headers: {} }, { requestId: '1' });
 */
export function createImageCore(options: ImageCoreOptions): Core {
  const { config, source } = options;
  const remoteSource =
    options.remoteSource ?? createRemoteSource({ ...options.remote, remotePatterns: config.remotePatterns });
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;

  async function respond(request: CoreRequest, fields: LogFields): Promise<CoreResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return { status: 405, headers: errorHeaders({ allow: 'GET, HEAD' }), body: 'Method Not Allowed' };
    }
    const params = parseImageParams(new URLSearchParams(request.rawQuery), config);
    Object.assign(fields, { url: params.url, w: params.width, q: params.quality });
    const from = params.isAbsolute ? remoteSource : source;
    const loaded = await inSpan('image source', { 'url.full': params.url, 'stratus.image.remote': params.isAbsolute }, async (span) => {
      const read = await from.load(params.url);
      span?.setAttribute('stratus.image.source_bytes', read.buffer.byteLength);
      return read;
    });
    fields.sourceBytes = loaded.buffer.byteLength;
    const format = negotiateFormat(request.headers.accept, config.formats);
    const image = await inSpan('image transform', { 'stratus.image.width': params.width, 'stratus.image.quality': params.quality }, async (span) => {
      const made = await optimizeImage(loaded.buffer, { width: params.width, quality: params.quality, format, dangerouslyAllowSVG: config.dangerouslyAllowSVG, maxInputPixels });
      span?.setAttributes({ 'stratus.image.format': made.contentType, 'stratus.image.output_bytes': made.buffer.byteLength });
      return made;
    });
    fields.format = image.contentType;
    fields.outputBytes = image.buffer.byteLength;
    if (image.buffer.byteLength > MAX_RESPONSE_BYTES) {
      // Too big for a buffered Lambda response once base64-encoded: send the browser to the
      // original, which CloudFront serves from the bucket (or the allowed remote host).
      return { status: 307, headers: errorHeaders({ location: params.url, 'cache-control': imageRedirectCacheControl(config.minimumCacheTTL) }) };
    }
    const etag = createEtag(image.buffer);
    const headers = imageHeaders({
      contentType: image.contentType,
      extension: image.extension,
      maxAge: Math.max(config.minimumCacheTTL, loaded.maxAge ?? 0),
      etag,
      url: params.url,
    });
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return { status: 304, headers };
    headers['content-length'] = String(image.buffer.byteLength);
    // HEAD is answered as GET: the adapter drops the body (function-url.ts).
    return { status: 200, headers, body: image.buffer };
  }

  return async function imageCore(request: CoreRequest, context: RequestContext): Promise<CoreResponse> {
    const elapsed = startTimer();
    const fields: LogFields = { msg: 'image', requestId: context.requestId, cfId: context.cfId };
    let response: CoreResponse;
    try {
      response = await respond(request, fields);
    } catch (error) {
      if (isHttpError(error) && error.statusCode < 500) {
        response = { status: error.statusCode, headers: errorHeaders(), body: error.message };
      } else if (isHttpError(error)) {
        // Upstream trouble (502, 504, 508): the message says which, and is worth a log line.
        log({ ...fields, msg: 'image upstream error', error: error.message }, 'WARN');
        response = { status: error.statusCode, headers: errorHeaders(), body: error.message };
      } else if (isDependencyError(error)) {
        // The bucket is down, slow or throttling: a 503 to retry, its ERROR line once a window.
        reportDependencyFailure(error, { dependency: error.dependency, doing: 'read an image', served: 'a 503' });
        fields.dependency = error.dependency;
        response = { status: 503, headers: errorHeaders(), body: 'Service Unavailable' };
      } else {
        logError(error, { requestId: context.requestId, cfId: context.cfId, path: '/_app/image' });
        response = { status: 500, headers: errorHeaders(), body: 'Internal Server Error' };
      }
    }
    nameRequestSpan(request.method, '/_app/image', undefined);
    const line: LogFields = { ...fields, status: response.status, durationMs: elapsed() };
    if (context.coldStart) line.coldStart = 1;
    const group = fields.outputBytes === undefined ? ANSWERED : RESIZED;
    const metrics = emf(context.coldStart ? [group, COLD] : [group]);
    if (metrics) line._aws = metrics;
    log(line);
    return response;
  };
}
