/**
 * The body signer (Lambda@Edge, origin request) as text for the stack and as a callable for
 * the local server and tests, both from the one source file `body-signer.edge.js`, as
 * viewer-request.ts does for the CloudFront Function.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-event-structure.html
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runIsolated } from './isolated-code';

/**
 * The most body Lambda@Edge shows an origin-request function; past it the body is cut off
 * (`inputTruncated`) and the signer answers 413. AWS writes "1 MB"; taken as 1 MiB, as
 * Lambda's "6 MB" is 6 MiB.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html#limits-lambda-at-edge
 */
export const MAX_SIGNED_BODY_BYTES = 1024 * 1024;

/** Inline Lambda code (CloudFormation `ZipFile`) has been capped at 4,096 characters; stay under. */
export const MAX_INLINE_CODE_BYTES = 4096;

/** The request header that carries the body's SHA-256, hex. */
export const CONTENT_SHA256_HEADER = 'x-amz-content-sha256';

/** Lambda@Edge's `{ key, value }[]` header lists, by lower-case name. */
export type EdgeHeaders = Record<string, { key?: string; value: string }[]>;

export interface OriginRequestBody {
  /** True when the body was longer than Lambda@Edge exposes (`data` is its start). */
  inputTruncated: boolean;
  action: 'read-only' | 'replace';
  encoding: 'base64' | 'text';
  data: string;
}

export interface OriginRequest {
  clientIp: string;
  method: string;
  uri: string;
  /** Raw query string, without `?`. */
  querystring: string;
  headers: EdgeHeaders;
  body?: OriginRequestBody;
}

/** An origin-request event, with the fields the signer and the local server use. */
export interface OriginRequestEvent {
  Records: [{ cf: { config: { distributionDomainName: string; distributionId: string; eventType: 'origin-request'; requestId: string }; request: OriginRequest } }];
}

/** A response the function sends instead of going to the origin. */
export interface OriginRequestResponse {
  status: string;
  statusDescription?: string;
  headers?: EdgeHeaders;
  body?: string;
}

export type OriginRequestResult = OriginRequest | OriginRequestResponse;

export function isOriginResponse(result: OriginRequestResult): result is OriginRequestResponse {
  return 'status' in result;
}

/** Where the source lives (a bundler may move this module; the checkout path is tried too). */
export function bodySignerSourcePath(): string {
  const candidates = [join(__dirname, 'body-signer.edge.js'), join(process.env.STRATUS_ROOT ?? process.cwd(), 'infra', 'edge', 'body-signer.edge.js')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`body-signer.edge.js not found; looked in: ${candidates.join(', ')}`);
  return found;
}

/** The code the stack uploads: the source without its whole-line comments, checked for size. */
export function bodySignerCode(source = readFileSync(bodySignerSourcePath(), 'utf8')): string {
  const code = source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  const bytes = Buffer.byteLength(code, 'utf8');
  if (bytes > MAX_INLINE_CODE_BYTES) throw new Error(`body-signer.edge.js is ${bytes} bytes without comments; inline Lambda code allows ${MAX_INLINE_CODE_BYTES}.`);
  return code;
}

/** A short fingerprint of the code, for names that must change when it does. */
export function bodySignerHash(code = bodySignerCode()): string {
  return createHash('sha256').update(code).digest('hex').slice(0, 12);
}

/**
 * Evaluates the very code the stack uploads and returns its handler. Its only module is
 * `crypto`, as in the Lambda@Edge runtime's CommonJS `index.js`.
 */
export function loadBodySigner(code = bodySignerCode()): (event: OriginRequestEvent) => Promise<OriginRequestResult> {
  const module = { exports: {} as { handler?: (event: OriginRequestEvent) => Promise<OriginRequestResult> } };
  const require = (name: string) => {
    if (name === 'crypto' || name === 'node:crypto') return { createHash };
    throw new Error(`body-signer.edge.js may require only crypto, not ${name}`);
  };
  runIsolated(code, { filename: 'body-signer.edge.js', given: { exports: module.exports, require, module, Buffer } });
  const handler = module.exports.handler;
  if (typeof handler !== 'function') throw new Error('body-signer.edge.js exports no handler');
  return (event) => handler(event);
}
