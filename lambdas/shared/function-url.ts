/**
 * The one adapter between Lambda Function URL events (payload format 2.0) and the
 * web-standard Request/Response that the render and image cores speak.
 * https://docs.aws.amazon.com/lambda/latest/dg/urls-invocation.html
 */
import type { APIGatewayProxyStructuredResultV2, Context, LambdaFunctionURLEvent } from 'aws-lambda';

/** The structured form of a Function URL result (Lambda also accepts a bare string; we never send one). */
export type FunctionUrlResult = APIGatewayProxyStructuredResultV2;
import { logError } from './log';

/** What a core needs besides the request: ids to correlate its log lines. */
export interface RequestContext {
  /** Lambda's own request id. */
  requestId: string;
  /** CloudFront's request id (`x-amz-cf-id`), when the request came through CloudFront. */
  cfId?: string;
}

export type Core = (request: Request, context: RequestContext) => Promise<Response>;

const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Builds the Request a core sees from a Function URL event. */
export function toRequest(event: LambdaFunctionURLEvent): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    // Header names are lower-case in AWS's samples, but that is not promised; Headers folds case.
    if (value !== undefined) headers.set(name, value);
  }
  // Function URLs move cookies out of the headers into an array.
  if (event.cookies && event.cookies.length > 0) headers.set('cookie', event.cookies.join('; '));
  // Behind CloudFront the Host is the function URL's; the edge passes the viewer's host on.
  const host = headers.get('x-forwarded-host') ?? headers.get('host') ?? event.requestContext.domainName;
  const proto = headers.get('x-forwarded-proto') ?? 'https';
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const method = event.requestContext.http.method.toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD' && event.body !== undefined;
  return new Request(`${proto}://${host}${event.rawPath}${query}`, {
    method,
    headers,
    body: hasBody ? Buffer.from(event.body!, event.isBase64Encoded ? 'base64' : 'utf8') : undefined,
  });
}

/** Turns a core's Response into the Function URL result, base64 for binary bodies. */
export async function toResult(response: Response, method: string): Promise<FunctionUrlResult> {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  for (const cookie of response.headers.getSetCookie()) cookies.push(cookie);
  const result: FunctionUrlResult = { statusCode: response.status, headers };
  if (cookies.length > 0) result.cookies = cookies;
  if (method === 'HEAD' || response.body === null) {
    await response.body?.cancel();
    return result;
  }
  const type = response.headers.get('content-type') ?? '';
  if (TEXT_TYPE.test(type)) {
    result.body = await response.text();
    result.isBase64Encoded = false;
  } else {
    result.body = Buffer.from(await response.arrayBuffer()).toString('base64');
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
      const response = await core(toRequest(event), { requestId, cfId });
      return await toResult(response, method);
    } catch (error) {
      logError(error, { requestId, cfId, path: event.rawPath });
      return {
        statusCode: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
        body: method === 'HEAD' ? undefined : 'Internal Server Error',
      } satisfies FunctionUrlResult;
    }
  };
}
