/**
 * The local stand-in for origin access control and Lambda's signature check: which requests
 * a private Function URL takes, and what a viewer sees when it refuses one.
 */
import { createHash } from 'node:crypto';
import {
  checkInvokePayload, checkSignedPayload, MAX_INVOKE_PAYLOAD_BYTES, SIGNATURE_MISMATCH_MESSAGE, signedByOriginAccess,
} from '../../../cli/serve/origin-access';
import { toFunctionUrlEvent, type PlainRequest } from '../../../cli/serve/function-url-event';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const post = (body: Buffer | undefined, headers: PlainRequest['headers'] = {}): PlainRequest => ({ method: 'POST', url: '/api/x', headers, body });

describe('the payload hash Lambda checks', () => {
  test('passes: the hash of the bytes, in either case; no hash only for an empty body', () => {
    const body = Buffer.from('name=Ada');
    expect(checkSignedPayload(post(body, { 'x-amz-content-sha256': sha256(body) }))).toBeNull();
    expect(checkSignedPayload(post(body, { 'x-amz-content-sha256': sha256(body).toUpperCase() }))).toBeNull();
    expect(checkSignedPayload(post(undefined))).toBeNull();
    expect(checkSignedPayload(post(Buffer.alloc(0)))).toBeNull();
    expect(checkSignedPayload({ method: 'GET', url: '/', headers: {} })).toBeNull();
    expect(checkSignedPayload(post(undefined, { 'x-amz-content-sha256': sha256('') }))).toBeNull();
  });

  test.each([
    ['no hash with a body', post(Buffer.from('a'))],
    ['the hash of other bytes', post(Buffer.from('a'), { 'x-amz-content-sha256': sha256('b') })],
    ['an unsigned payload', post(Buffer.from('a'), { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' })],
    ['a hash of nothing for a body', post(Buffer.from('a'), { 'x-amz-content-sha256': sha256('') })],
    ['a hash for an empty body', post(Buffer.alloc(0), { 'x-amz-content-sha256': sha256('a') })],
  ])('refused, 403 InvalidSignatureException: %s', (_label, request) => {
    const answer = checkSignedPayload(request)!;
    expect(answer.status).toBe(403);
    expect(answer.headers).toEqual({ 'content-type': 'application/json', 'x-amzn-errortype': 'InvalidSignatureException' });
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ message: SIGNATURE_MISMATCH_MESSAGE });
  });
});

test("origin access control's signature replaces the viewer's Authorization", () => {
  const request = post(undefined, { authorization: 'Bearer t', 'x-other': '1' });
  expect(signedByOriginAccess(request).headers).toEqual({ 'x-other': '1' });
  expect(request.headers.authorization).toBe('Bearer t'); // the caller's object is left alone
});

test("Lambda's 6 MB invocation payload: the event counts, body base64 included", () => {
  const event = (bytes: number) => toFunctionUrlEvent({ method: 'POST', url: '/api/x', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(bytes) });
  // 4.5 MB of binary is 6 MB of base64.
  const fits = Math.floor((MAX_INVOKE_PAYLOAD_BYTES - 4096) / 4) * 3;
  expect(checkInvokePayload(event(fits))).toBeNull();
  const answer = checkInvokePayload(event(fits + 3 * 1024))!;
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ message: 'Request Entity Too Large' });
});
