/**
 * The local server: the build served the way CloudFront will serve it. The same path →
 * origin table as the stack (contract/edge-behaviours.ts), static files with the bucket's
 * headers, and pages, data, API routes and images through the Lambda handlers with real
 * Function URL events. Bodies go the way they go in AWS: the body signer where the table
 * says, then origin access control's signature check (origin-access.ts), which refuses a
 * body without its hash as Lambda does. API routes go to the render code's streaming
 * handler, run as Lambda's runtime runs it behind a `RESPONSE_STREAM` Function URL
 * (lambda-streaming.ts), so an answer written as it goes reaches the visitor as it is written.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { allowedMethods, bodyRoutesOf, edgeRoutingOf, edgeBehaviours, selectBehaviour, type EdgeBehaviour, type OriginId } from '../../contract/edge-behaviours';
import { readManifest } from '../../contract/manifest';
import { LAMBDA_ENTRY_FILE, OUTPUT_LAYOUT } from '../../contract/output-layout';
import { SANDBOXED_FILE_HEADERS, SECURITY_HEADERS, withSecurityHeaders } from '../../contract/security-headers';
import { toFunctionUrlEvent, type PlainRequest } from './function-url-event';
import { checkInvokePayload, checkSignedPayload, MAX_INVOKE_PAYLOAD_BYTES, signedByOriginAccess, type OriginAnswer } from './origin-access';
import { installStreamingGlobals, invokeStreaming, type StreamedAnswer } from './lambda-streaming';
import { isAllowedHost, isValidHost, toOriginForm } from './request-line';
import { createStaticFiles } from './static-files';
import { BuildError } from '../builder/errors';
import { PRIVATE_NO_STORE } from '../../lambdas/shared/cache-control';

export type FunctionUrlHandler = (event: LambdaFunctionURLEvent, context?: { awsRequestId: string }) => Promise<LambdaFunctionURLResult>;

/** A handler `awslambda.streamifyResponse` marked: the event, Lambda's response stream, the context. */
export type StreamingFunctionUrlHandler = (event: LambdaFunctionURLEvent, responseStream: never, context?: { awsRequestId: string }) => Promise<void>;

/** An origin group the viewer-request function chose for one request: `primary`, then `failover` on these statuses. */
export interface RequestOrigins {
  primary: OriginId;
  failover: OriginId;
  statusCodes: readonly number[];
}

/** The viewer-request edge function: may answer the request itself, or rewrite it (and choose its origins). */
export type EdgeStep = (request: PlainRequest, behaviour?: EdgeBehaviour) => { response: { status: number; headers: Record<string, string>; body?: string } } | { request: PlainRequest; origins?: RequestOrigins };

/** An origin-request step (the body signer): may answer the request itself, or rewrite it. */
export type OriginRequestStep = (
  request: PlainRequest,
) => Promise<{ response: { status: number; headers: Record<string, string>; body?: string } } | { request: PlainRequest }>;

export interface ServerOptions {
  outDir: string;
  port: number;
  host?: string;
  /** The image handler; `/_app/image` answers 501 without one. */
  imageHandler?: FunctionUrlHandler;
  /** The render handler. @default the build's (`lambdas/render/index.js`) */
  renderHandler?: FunctionUrlHandler;
  edge?: EdgeStep;
  /**
   * The body signer, on the behaviours the table marks `bodySigner`. Without it a body
   * reaches the functions unsigned and is refused (403), as in AWS.
   * @default - none
   */
  originRequest?: OriginRequestStep;
  /** Gzip/brotli text responses, as CloudFront does. @default true */
  compress?: boolean;
  /**
   * Names besides loopback ones (`localhost`, `*.localhost`, 127.0.0.1, [::1]) the server
   * answers for, comma-separated, `*.name` for subdomains; any other `Host` gets 403.
   * @default process.env.STRATUS_ALLOWED_HOSTS
   */
  allowedHosts?: string;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Brotli's default quality (11) costs ~100× more CPU than 5 for a few % of size; edge CDNs use mid levels too. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };
const MAX_COMPRESSED_CACHE = 500;
/** CloudFront's own answer to a request it cannot read: the contract's 400 title, nothing else. */
const BAD_REQUEST_PAGE =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title>400: Bad Request</title></head><body><h1>400</h1><p>Bad Request</p></body></html>';
/** The answer to a `Host` that is none of the server's names (request-line.ts, isAllowedHost). */
const FOREIGN_HOST_MESSAGE = 'Blocked request: this server answers for localhost and the names in STRATUS_ALLOWED_HOSTS only.\n';
/**
 * A client that half-closes after its request does so at once; one whose FIN comes later has
 * stopped waiting for its answer (answerStreamed). The margin covers a FIN read late on a
 * loaded machine.
 */
const HALF_CLOSE_GRACE_MS = 50;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * The body, read to its end but kept only up to `keep` bytes (a longer one is refused
 * downstream by what it exceeds; reading on lets the client finish sending its request).
 */
async function readBody(req: IncomingMessage, keep: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of req) {
    if (kept >= keep) continue;
    const part = (chunk as Buffer).subarray(0, keep - kept);
    chunks.push(part);
    kept += part.length;
  }
  return Buffer.concat(chunks);
}

/** Whether the request announces a body (a length over zero, or chunked framing). */
function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/**
 * The build's render handlers, loaded afresh (`stratus dev` builds into the same folders in
 * turn): the buffered one, and the streaming one (`index.streamHandler`), loaded as
 * Lambda's runtime loads a handler, with `globalThis.awslambda` set first.
 */
export function loadRenderHandlers(outDir: string): { handler: FunctionUrlHandler; streamHandler?: StreamingFunctionUrlHandler } {
  const dir = path.join(outDir, OUTPUT_LAYOUT.renderLambda);
  // The entry and the bundle it requires (app.js), and the packages beside them.
  for (const loaded of Object.keys(require.cache)) if (loaded.startsWith(dir + path.sep)) delete require.cache[loaded];
  installStreamingGlobals();
  return require(path.join(dir, LAMBDA_ENTRY_FILE)) as { handler: FunctionUrlHandler; streamHandler?: StreamingFunctionUrlHandler };
}

/**
 * The render handlers, or, when the function fails to load (its `_app`, `_document`, an API
 * route or middleware throwing at its top, such as a check of a variable the build had and the
 * server has not; pages load on their first request), handlers that fail
 * every request, as Lambda fails each invocation of a function whose init fails: the Function
 * URL's 502 for what reaches the function, the bucket's files and pages still served, and the
 * server up.
 */
function renderHandlersOrFailure(outDir: string): { handler: FunctionUrlHandler; streamHandler?: StreamingFunctionUrlHandler } {
  try {
    return loadRenderHandlers(outDir);
  } catch (error) {
    console.error('The render function failed to load (in Lambda its init would fail): requests that reach it fail until the cause is fixed and the app built again; the bucket\'s files and pages are still served.');
    console.error(error);
    const fail = async (): Promise<never> => {
      throw error;
    };
    return { handler: fail, streamHandler: fail };
  }
}

/** Lambda's answer when a function fails before it answers: the Function URL's 502. */
const FUNCTION_FAILED: OriginAnswer = { status: 502, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ message: 'Internal Server Error' })) };

export async function startServer(options: ServerOptions) {
  const manifest = readManifest(path.join(options.outDir, OUTPUT_LAYOUT.manifest));
  const behaviours = edgeBehaviours(manifest.publicFiles, bodyRoutesOf(manifest), edgeRoutingOf(manifest));
  const serveStatic = createStaticFiles(path.join(options.outDir, OUTPUT_LAYOUT.assets), manifest.s3CacheControl);
  const renderHandlers = renderHandlersOrFailure(options.outDir);
  const handlers: Partial<Record<Exclude<OriginId, 'stream'>, FunctionUrlHandler>> = {
    render: options.renderHandler ?? renderHandlers.handler,
    image: options.imageHandler,
  };
  const compress = options.compress !== false;
  const allowedHosts = options.allowedHosts ?? process.env.STRATUS_ALLOWED_HOSTS;
  // Responses with an ETag (static files, static pages) compress once, like an edge cache.
  const compressed = new Map<string, Buffer>();

  async function encode(body: Buffer, encoding: 'br' | 'gzip', etag: string | undefined): Promise<Buffer> {
    const key = etag && `${encoding}:${etag}`;
    const cached = key ? compressed.get(key) : undefined;
    if (cached) return cached;
    const out = encoding === 'br' ? await brotli(body, BROTLI_OPTIONS) : await gzipAsync(body);
    if (key) {
      if (compressed.size >= MAX_COMPRESSED_CACHE) compressed.delete(compressed.keys().next().value!);
      compressed.set(key, out);
    }
    return out;
  }

  /** Origin access control signs the request; Lambda checks the signature and the payload size, then builds the event. */
  function signedEvent(request: PlainRequest): { event: LambdaFunctionURLEvent } | { refused: OriginAnswer } {
    const refused = checkSignedPayload(request);
    if (refused) return { refused };
    const event = toFunctionUrlEvent(signedByOriginAccess(request));
    const tooLarge = checkInvokePayload(event);
    return tooLarge ? { refused: tooLarge } : { event };
  }

  /** An answer of the streaming origin, which `answerStreamed` could not stream: sent whole. */
  function sendWhole(res: ServerResponse, answer: OriginAnswer, method: string, behaviour: EdgeBehaviour): void {
    res.writeHead(answer.status, withSecurityHeaders({ ...answer.headers, 'content-length': String(answer.body.length) }, behaviour.sandboxed ? SANDBOXED_FILE_HEADERS : SECURITY_HEADERS));
    res.end(method === 'HEAD' ? undefined : answer.body);
  }

  /**
   * The streaming origin (API routes): the render code's streaming handler, invoked as Lambda
   * invokes it behind a `RESPONSE_STREAM` Function URL. The status and headers go to the
   * visitor as soon as the prelude is written, each chunk as it comes, with no length and no
   * compression (CloudFront compresses only answers with a `Content-Length`, and never on a
   * behaviour that caches nothing). A visitor who leaves, from the start of the request,
   * destroys the handler's response stream (lambda-streaming.ts), which the handler hears as
   * its visitor leaving; a handler failing mid-way cuts the visitor's connection, as an
   * unfinished answer.
   *
   * Leaving is the connection closing (a reset), or the visitor ending its side of the socket
   * after its request: the server allows half-open connections so that a client that
   * half-closes with its request still gets its answer, but a client that half-closes later,
   * before the first byte or while the answer streams, has stopped waiting (Node's client
   * destroying a request or a response sends just that, a FIN; so does a browser tab closed).
   * A FIN within HALF_CLOSE_GRACE_MS of the request (read late on a loaded machine) stays a
   * half-close: it cannot be told from a client done sending.
   */
  async function answerStreamed(res: ServerResponse, request: PlainRequest, behaviour: EdgeBehaviour): Promise<void> {
    const handler = renderHandlers.streamHandler;
    if (!handler) return sendWhole(res, { status: 501, headers: { 'content-type': 'text/plain' }, body: Buffer.from('This build has no streaming handler (index.streamHandler): build it again.\n') }, request.method, behaviour);
    const invocation = signedEvent(request);
    if ('refused' in invocation) return sendWhole(res, invocation.refused, request.method, behaviour);
    const { event } = invocation;
    const visitor = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) visitor.abort();
    });
    // The visitor ending its side of the socket: with the request a half-close, the request being
    // all it sends; later (before the first byte or while the answer streams), the visitor left.
    const arrived = performance.now();
    const { socket } = res;
    if (socket && !socket.readableEnded) {
      const ended = () => {
        if (!res.writableFinished && performance.now() - arrived >= HALF_CLOSE_GRACE_MS) res.destroy();
      };
      socket.once('end', ended);
      res.once('close', () => socket.off('end', ended));
    }
    let answer: StreamedAnswer;
    try {
      answer = await invokeStreaming(handler, event, { awsRequestId: event.requestContext.requestId }, visitor.signal);
    } catch (error) {
      if (visitor.signal.aborted) return;
      console.error(error);
      return sendWhole(res, FUNCTION_FAILED, request.method, behaviour);
    }
    if (visitor.signal.aborted) return answer.cancel();
    const { prelude } = answer;
    // A streamed answer's length is its framing's business (Lambda renames a Content-Length it is given).
    const headers: Record<string, string | string[]> = {};
    for (const name in prelude.headers) if (name !== 'content-length' && name !== 'transfer-encoding') headers[name] = prelude.headers[name]!;
    if (prelude.cookies.length > 0) headers['set-cookie'] = prelude.cookies;
    const policy = behaviour.sandboxed ? SANDBOXED_FILE_HEADERS : SECURITY_HEADERS;
    const { whole } = answer;
    if (whole !== undefined) {
      // Written and ended in one go (an ordinary JSON answer): one write to the socket, as a buffered answer.
      // HEAD: the length of the GET, when the function said it.
      const length = request.method === 'HEAD' ? prelude.headers['content-length'] : String(typeof whole === 'string' ? Buffer.byteLength(whole) : whole.length);
      if (length !== undefined) headers['content-length'] = length;
      res.writeHead(prelude.statusCode, withSecurityHeaders(headers as Record<string, string>, policy));
      res.end(request.method === 'HEAD' ? undefined : whole);
      return;
    }
    res.writeHead(prelude.statusCode, withSecurityHeaders(headers as Record<string, string>, policy));
    res.flushHeaders();
    const { body } = answer;
    // Failed mid-way: the connection ends without the last chunk, so no client takes the answer for whole.
    body.on('error', () => res.destroy());
    if (request.method === 'HEAD') {
      body.resume();
      res.end();
      return;
    }
    body.pipe(res);
  }

  /**
   * An origin's answer. A function's text body stays the string it returned until something
   * needs its bytes (compression): Node writes a string to the socket as it is, where a copy
   * into a Buffer first cost every page an allocation outside the heap and its release.
   */
  async function fromOrigin(origin: OriginId, request: PlainRequest): Promise<{ status: number; headers: Record<string, string>; body?: Buffer | string } | null> {
    if (origin === 'assets') {
      const pathOnly = request.url.split('?')[0]!;
      const file = await serveStatic(pathOnly, request.headers['if-none-match'] as string | undefined);
      return file;
    }
    const handler = origin === 'stream' ? undefined : handlers[origin];
    if (!handler) return { status: 501, headers: { 'content-type': 'text/plain' }, body: Buffer.from(`No ${origin} handler in this server\n`) };
    const invocation = signedEvent(request);
    if ('refused' in invocation) return invocation.refused;
    const { event } = invocation;
    const raw = await handler(event, { awsRequestId: event.requestContext.requestId });
    // A bare string is a 200 JSON body in Lambda's response format.
    const result: APIGatewayProxyStructuredResultV2 = typeof raw === 'string' ? { statusCode: 200, body: raw, headers: { 'content-type': 'application/json' } } : raw;
    const headers: Record<string, string> = {};
    const resultHeaders = result.headers ?? {};
    const names = Object.keys(resultHeaders);
    for (let i = 0; i < names.length; i++) headers[names[i]!.toLowerCase()] = String(resultHeaders[names[i]!]);
    const body = result.body === undefined ? undefined : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
    const response = { status: result.statusCode ?? 200, headers, body };
    if (result.cookies?.length) (response.headers as Record<string, string | string[]>)['set-cookie'] = result.cookies;
    return response;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = toOriginForm(req.url ?? '/');
    if (url === null || !isValidHost(req.headers.host)) {
      res.writeHead(400, withSecurityHeaders({ 'content-type': 'text/html; charset=utf-8', 'cache-control': PRIVATE_NO_STORE }));
      res.end(req.method === 'HEAD' ? undefined : BAD_REQUEST_PAGE);
      return;
    }
    // CloudFront answers only for the distribution's names; the functions build URLs from the host.
    if (!isAllowedHost(req.headers.host, allowedHosts)) {
      res.writeHead(403, withSecurityHeaders({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': PRIVATE_NO_STORE }));
      res.end(req.method === 'HEAD' ? undefined : FOREIGN_HOST_MESSAGE);
      return;
    }
    let request: PlainRequest = { method: req.method ?? 'GET', url, headers: req.headers, remoteAddress: req.socket.remoteAddress, localPort: req.socket.localPort };
    // CloudFront runs the viewer-request function only on the behaviours it is attached to.
    const pathOnly = request.url.split('?')[0]!;
    const behaviour = selectBehaviour(behaviours, pathOnly);
    // CloudFront refuses a method the behaviour does not allow with 403, before any function runs.
    if (!(allowedMethods(behaviour) as readonly string[]).includes(request.method)) {
      res.writeHead(403, withSecurityHeaders({ 'content-type': 'text/plain; charset=utf-8' }));
      res.end('Invalid method\n');
      return;
    }
    // "If a viewer GET request includes a body, CloudFront returns … 403 (Forbidden)":
    // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/RequestAndResponseBehaviorCustomOrigin.html#RequestCustom-get-body
    if (request.method === 'GET' && hasBody(req)) {
      res.writeHead(403, withSecurityHeaders({ 'content-type': 'text/plain; charset=utf-8' }));
      res.end('A GET request cannot carry a body\n');
      return;
    }
    // The behaviour's origins, unless the viewer-request function chose others for this request.
    let origins: RequestOrigins | undefined = behaviour.failoverOrigin ? { primary: behaviour.origin, failover: behaviour.failoverOrigin, statusCodes: [403, 404] } : undefined;
    if (options.edge && behaviour.viewerRequest) {
      const edged = options.edge(request, behaviour);
      if ('response' in edged) {
        res.writeHead(edged.response.status, withSecurityHeaders(edged.response.headers));
        res.end(request.method === 'HEAD' ? undefined : edged.response.body);
        return;
      }
      request = edged.request;
      if (edged.origins) origins = edged.origins;
    }
    // CloudFront sends a body on to the origin; nothing past Lambda's cap could ever arrive.
    if (request.method !== 'GET' && request.method !== 'HEAD') request = { ...request, body: await readBody(req, MAX_INVOKE_PAYLOAD_BYTES + 1) };
    if (options.originRequest && behaviour.bodySigner) {
      const signed = await options.originRequest(request);
      if ('response' in signed) {
        res.writeHead(signed.response.status, withSecurityHeaders(signed.response.headers));
        res.end(request.method === 'HEAD' ? undefined : signed.response.body);
        return;
      }
      request = signed.request;
    }
    if (behaviour.origin === 'stream') return answerStreamed(res, request, behaviour);
    let response = await fromOrigin(origins?.primary ?? behaviour.origin, request);
    // Origin failover: the same request to the second origin (a missing key is 403/404 from the bucket).
    if (origins && (!response || origins.statusCodes.includes(response.status))) response = await fromOrigin(origins.failover, request);
    response ??= { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from('Not Found\n') };
    let body = response.body;
    const type = response.headers['content-type'] ?? '';
    const accept = String(req.headers['accept-encoding'] ?? '');
    let length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (compress && body !== undefined && length > 1024 && COMPRESSIBLE.test(type) && !response.headers['content-encoding']) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      if (encoding) {
        body = await encode(typeof body === 'string' ? Buffer.from(body) : body, encoding, response.headers.etag);
        length = body.length;
        response.headers['content-encoding'] = encoding;
      }
      response.headers['vary'] = response.headers['vary'] ? `${response.headers['vary']}, Accept-Encoding` : 'Accept-Encoding';
    }
    if (body !== undefined) response.headers['content-length'] = String(length);
    // CloudFront's response headers policy, on every answer (contract/security-headers.ts).
    res.writeHead(response.status, withSecurityHeaders(response.headers, behaviour.sandboxed ? SANDBOXED_FILE_HEADERS : SECURITY_HEADERS));
    res.end(request.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, withSecurityHeaders({ 'content-type': 'text/plain' }));
      res.end('Internal Server Error\n');
    });
  });
  server.keepAliveTimeout = 5000;
  // A client that sends its request and half-closes the socket (`Connection: close` tools,
  // raw sockets) still gets its answer, however long the page takes, as from CloudFront.
  (server as { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new BuildError(`Port ${options.port} is in use: stop what runs there, or pick another with --port N (or PORT=N).`, 'SERVER_START_FAILED')
          : error,
      );
    });
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  // A rewrite to a public file or the image path is fetched through this server, as through CloudFront in AWS.
  process.env.STRATUS_SELF_ORIGIN = `http://127.0.0.1:${port}`;

  /** Stops accepting connections and resolves when requests in flight have finished. */
  function close(): Promise<void> {
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  }

  return { server, port, url: `http://localhost:${port}`, manifest, close };
}
