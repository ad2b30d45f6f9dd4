/** One factory for Function URL events (payload 2.0), with overrides. */
import type { LambdaFunctionURLEvent } from 'aws-lambda';

export function functionUrlEvent(
  pathAndQuery: string,
  overrides: { method?: string; headers?: Record<string, string>; cookies?: string[]; body?: string; isBase64Encoded?: boolean } = {},
): LambdaFunctionURLEvent {
  const [rawPath, rawQueryString = ''] = pathAndQuery.split('?');
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: rawPath!,
    rawQueryString,
    cookies: overrides.cookies,
    headers: { host: 'abc123.lambda-url.eu-west-1.on.aws', 'x-forwarded-proto': 'https', ...overrides.headers },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abc123',
      domainName: 'abc123.lambda-url.eu-west-1.on.aws',
      domainPrefix: 'abc123',
      http: { method: overrides.method ?? 'GET', path: rawPath!, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'jest' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '22/Nov/2026:00:00:00 +0000',
      timeEpoch: 1795305600000,
    },
    body: overrides.body,
    isBase64Encoded: overrides.isBase64Encoded ?? false,
  } as LambdaFunctionURLEvent;
}
