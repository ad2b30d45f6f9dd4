/**
 * The one adapter between Lambda Function URL events (payload format 2.0) and the cores.
 * https://docs.aws.amazon.com/lambda/latest/dg/urls-invocation.html
 */
import type { APIGatewayProxyStructuredResultV2, Context, LambdaFunctionURLEvent } from 'aws-lambda';
import type { Core, CoreRequest, CoreResponse } from './http';
import { textAnswer } from './answers';
import { PRIVATE_NO_STORE } from './cache-control';
import { flushLog, IN_LAMBDA, logError } from './log';
import { flushTraces, traceRequest } from './tracing/request-span';

export type { Core, CoreRequest, CoreResponse, RequestContext } from './http';

/** The structured form of a Function URL result (Lambda also accepts a bare string; we never send one). */
export type FunctionUrlResult = APIGatewayProxyStructuredResultV2;

/**
 * Headers the stack itself puts on the way to a private Function URL, for Lambda's check
 * only: the body signer's payload hash (infra/edge/body-signer.edge.js) and the rest of
 * origin access control's SigV4 signature. Lambda has checked them before the function
 * runs, so the app never sees them (`next start` behind CloudFront has none).
 */
const SIGNATURE_HEADERS = ['x-amz-content-sha256', 'x-amz-date', 'x-amz-security-token'] as const;

/** The core request for a Function URL event: the viewer's headers, without the stack's signature. */
export function toCoreRequest(event: LambdaFunctionURLEvent): CoreRequest {
  // Null prototype: the names are the client's (a `__proto__` header stays a plain key).
  const headers: Record<string, string> = Object.create(null);
  for (const name in event.headers) {
    const value = event.headers[name];
    // Lower-case in AWS's samples, but not promised.
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  for (const name of SIGNATURE_HEADERS) delete headers[name];
  // Origin access control's own Authorization (a viewer's never reaches the function).
  if (headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) delete headers.authorization;
  // Function URLs move cookies out of the headers into an array.
  if (event.cookies && event.cookies.length > 0) headers.cookie = event.cookies.join('; ');
  const method = event.requestContext.http.method.toUpperCase();
  const request: CoreRequest = { method, path: event.rawPath, rawQuery: event.rawQueryString ?? '', headers };
  if (event.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    request.body = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  }
  return request;
}

/**
 * The Function URL result for a core response: text as is, bytes base64. HEAD is decided
 * here and nowhere else: cores answer it as GET (so `content-length` is the GET's) and
 * the body is dropped on the way out.
 */
export function toResult(response: CoreResponse, method: string): FunctionUrlResult {
  const result: FunctionUrlResult = { statusCode: response.status, headers: response.headers };
  if (response.cookies && response.cookies.length > 0) result.cookies = response.cookies;
  if (method === 'HEAD' || response.body === undefined) return result;
  if (typeof response.body === 'string') {
    result.body = response.body;
    result.isBase64Encoded = false;
  } else {
    result.body = Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength).toString('base64');
    result.isBase64Encoded = true;
  }
  return result;
}

/**
 * Lambda's limit on what a synchronous invocation returns (a Function URL in buffered mode):
 * the result as JSON, headers and body, bytes base64-encoded. Lambda's own ceiling is
 * 6,291,556 bytes; past it the viewer would get a bare 502 from Lambda.
 */
export const RESPONSE_PAYLOAD_LIMIT = 6 * 1024 * 1024;

/**
 * Whether the Function URL result for a response would be over RESPONSE_PAYLOAD_LIMIT.
 * Exact: small bodies are cleared by a bound (JSON escapes a UTF-16 unit into at most 6
 * bytes), larger ones are serialised as Lambda will.
 *
 * @example
 * exceedsPayloadLimit({ status: 200, headers: {}, body: 'x'.repeat(7_000_000) }, 'GET'); // true
 * exceedsPayloadLimit({ status: 200, headers: {}, body: 'x'.repeat(7_000_000) }, 'HEAD'); // false: no body leaves
 */
export function exceedsPayloadLimit(response: CoreResponse, method: string): boolean {
  const { body } = response;
  if (method === 'HEAD' || body === undefined) return false;
  const quickBound = typeof body === 'string' ? body.length * 6 : Math.ceil(body.byteLength / 3) * 4;
  // Headers of a Function URL result are a few kilobytes at most.
  if (quickBound + 64 * 1024 <= RESPONSE_PAYLOAD_LIMIT) return false;
  return Buffer.byteLength(JSON.stringify(toResult(response, method))) > RESPONSE_PAYLOAD_LIMIT;
}

/** The bare 500 the adapter answers when nothing better can be said. */
function internalError(method: string): FunctionUrlResult {
  return toResult(textAnswer(500, 'Internal Server Error', PRIVATE_NO_STORE), method);
}

/**
 * Wraps a core as a Lambda handler. Nothing ever throws to Lambda: a failure past the
 * core's own error handling becomes a bare 500 and one logged line, and so does an answer
 * over the payload limit (the render core refuses those itself first, naming the route).
 * With a tracer provider registered, the core runs inside the request's span
 * (tracing/request-span.ts), and in Lambda the spans leave before the answer does.
 *
 * @param name what the function is (`render`, `image`), for the request's span.
 */
export function createFunctionUrlHandler(core: Core, name = 'render') {
  // The first request this handler answers is its instance's cold start.
  let cold = true;
  return async function handler(event: LambdaFunctionURLEvent, context?: Pick<Context, 'awsRequestId'>): Promise<FunctionUrlResult> {
    const requestId = context?.awsRequestId ?? event.requestContext.requestId;
    const cfId = event.headers?.['x-amz-cf-id'];
    const method = event.requestContext.http.method.toUpperCase();
    const coldStart = cold;
    cold = false;
    try {
      const request = toCoreRequest(event);
      const requestContext = coldStart ? { requestId, cfId, coldStart } : { requestId, cfId };
      const response = await traceRequest(request, { function: name, ...requestContext }, () => core(request, requestContext));
      if (exceedsPayloadLimit(response, method)) {
        logError(new Error(`The response is over Lambda's ${RESPONSE_PAYLOAD_LIMIT}-byte payload limit; answered 500 instead.`), { requestId, cfId, path: event.rawPath, status: response.status });
        return internalError(method);
      }
      return toResult(response, method);
    } catch (error) {
      logError(error, { requestId, cfId, path: event.rawPath });
      return internalError(method);
    } finally {
      // Lambda may freeze the instance once the handler returns: the request's log lines and spans leave before that.
      if (IN_LAMBDA) {
        flushLog();
        const flushing = flushTraces();
        if (flushing) await flushing;
      }
    }
  };
}
