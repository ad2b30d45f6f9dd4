/**
 * The one adapter between Lambda Function URL events (payload format 2.0) and the cores.
 * https://docs.aws.amazon.com/lambda/latest/dg/urls-invocation.html
 */
import type { APIGatewayProxyStructuredResultV2, Context, LambdaFunctionURLEvent } from 'aws-lambda';
import type { Core, CoreRequest, CoreResponse } from './http';
import { logError } from './log';

export type { Core, CoreRequest, CoreResponse, RequestContext, WebCore } from './http';

/** The structured form of a Function URL result (Lambda also accepts a bare string; we never send one). */
export type FunctionUrlResult = APIGatewayProxyStructuredResultV2;

/** The core request for a Function URL event. */
export function toCoreRequest(event: LambdaFunctionURLEvent): CoreRequest {
  // Null prototype: the names are the client's (a `__proto__` header stays a plain key).
  const headers: Record<string, string> = Object.create(null);
  for (const name in event.headers) {
    const value = event.headers[name];
    // Lower-case in AWS's samples, but not promised.
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
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
 * Wraps a core as a Lambda handler. Nothing ever throws to Lambda: a failure past the
 * core's own error handling becomes a bare 500 and one logged line.
 */
export function createFunctionUrlHandler(core: Core) {
  return async function handler(event: LambdaFunctionURLEvent, context?: Pick<Context, 'awsRequestId'>): Promise<FunctionUrlResult> {
    const requestId = context?.awsRequestId ?? event.requestContext.requestId;
    const cfId = event.headers?.['x-amz-cf-id'];
    const method = event.requestContext.http.method.toUpperCase();
    try {
      return toResult(await core(toCoreRequest(event), { requestId, cfId }), method);
    } catch (error) {
      logError(error, { requestId, cfId, path: event.rawPath });
      const body = 'Internal Server Error';
      const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store', 'content-length': String(body.length) };
      return toResult({ status: 500, headers, body }, method);
    }
  };
}
