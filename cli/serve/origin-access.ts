/**
 * What stands between CloudFront and a private Function URL, done by the local server:
 * origin access control signs each origin request (SigV4, the viewer's `Authorization`
 * overwritten) with the payload hash it finds in `x-amz-content-sha256`, and Lambda checks
 * the signature against the body it receives. A body without a hash, or with the hash of
 * other bytes, is refused before the function runs; so is a payload over Lambda's 6 MB.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-restricting-access-to-lambda.html
 * https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html
 */
import { createHash } from 'node:crypto';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { CONTENT_SHA256_HEADER } from '../../infra/edge/body-signer';
import type { PlainRequest } from './function-url-event';

export interface OriginAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Lambda's synchronous invocation payload cap (the event, body base64 included): 6 MB,
 * which Lambda's own error message spells 6291456 bytes.
 */
export const MAX_INVOKE_PAYLOAD_BYTES = 6 * 1024 * 1024;

/**
 * Lambda's answer to a signature that does not match, as a viewer sees it through CloudFront
 * (403, `x-amzn-ErrorType: InvalidSignatureException`, this JSON body); reported for a POST
 * whose `x-amz-content-sha256` was misspelt: https://github.com/minorun365/html-share/issues/4
 */
export const SIGNATURE_MISMATCH_MESSAGE =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

/** Payload hashes Lambda does not take: it "doesn't support unsigned payloads". */
const UNSIGNED = new Set(['UNSIGNED-PAYLOAD', 'STREAMING-UNSIGNED-PAYLOAD-TRAILER']);

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

function json(status: number, headers: Record<string, string>, value: unknown): OriginAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { status, headers: { 'content-type': 'application/json', ...headers }, body };
}

/**
 * The request as origin access control forwards it: its `Authorization` is CloudFront's own
 * signature, never the viewer's, so a handler never sees what a viewer sent there.
 */
export function signedByOriginAccess(request: PlainRequest): PlainRequest {
  if (request.headers.authorization === undefined) return request;
  const headers = { ...request.headers };
  delete headers.authorization;
  return { ...request, headers };
}

/**
 * Lambda's check of the signed payload hash against the body: `null` when it passes, else
 * the answer the viewer gets. No hash passes only for an empty body (a GET, a bare POST).
 *
 * @example
 * checkSignedPayload({ method: 'POST', url: '/api/x', headers: {}, body: Buffer.from('a') }); // 403
 */
export function checkSignedPayload(request: PlainRequest): OriginAnswer | null {
  const body = request.body ?? Buffer.alloc(0);
  const declared = request.headers[CONTENT_SHA256_HEADER];
  const actual = body.length === 0 ? EMPTY_SHA256 : createHash('sha256').update(body).digest('hex');
  const value = Array.isArray(declared) ? declared.join(',') : declared;
  const passes = value === undefined ? body.length === 0 : !UNSIGNED.has(value) && value.toLowerCase() === actual;
  return passes ? null : json(403, { 'x-amzn-errortype': 'InvalidSignatureException' }, { message: SIGNATURE_MISMATCH_MESSAGE });
}

/**
 * Lambda's refusal of an event over the invocation cap. The exact answer of a Function URL
 * is not documented; this is API Gateway's for the same case (413, this JSON), the closest.
 */
export function checkInvokePayload(event: LambdaFunctionURLEvent): OriginAnswer | null {
  // Without a body an event is a few kB (CloudFront caps a request's headers at 20 kB): only
  // a body can take it past the cap, so only then is it measured.
  if (event.body === undefined || event.body === '') return null;
  return Buffer.byteLength(JSON.stringify(event)) > MAX_INVOKE_PAYLOAD_BYTES ? json(413, {}, { message: 'Request Entity Too Large' }) : null;
}
