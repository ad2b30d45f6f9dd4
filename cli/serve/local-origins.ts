/**
 * The parts of the local server that stand in for AWS pieces other than the render
 * function: the image function (with the build's assets as its source, and the host's
 * sharp), the viewer-request edge function and the body signer (the very code CloudFront
 * and Lambda@Edge run).
 */
import path from 'node:path';
import { bodyRoutesOf } from '../../contract/edge-behaviours';
import type { Manifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';
import { createLocalImageCore } from '../../lambdas/image/local';
import { extend } from '../../lambdas/shared/extend';
import { createFunctionUrlHandler } from '../../lambdas/shared/function-url';
import {
  edgeConfigOf, isFunctionResponse, loadViewerRequestWithOrigins, ORIGIN_IDS, type CloudFrontFunctionEvent, type CloudFrontValue, type CloudFrontValueMap,
} from '../../infra/edge/viewer-request';
import type { OriginId } from '../../contract/edge-behaviours';
import {
  isOriginResponse, loadBodySigner, MAX_SIGNED_BODY_BYTES, type EdgeHeaders, type OriginRequestEvent,
} from '../../infra/edge/body-signer';
import { nameMap, type PlainRequest } from './function-url-event';
import type { EdgeStep, FunctionUrlHandler, OriginRequestStep } from './server';

export function localImageHandler(outDir: string, manifest: Manifest): FunctionUrlHandler {
  return createFunctionUrlHandler(createLocalImageCore(path.join(outDir, OUTPUT_LAYOUT.assets), manifest.config.images), 'image');
}

/** Adds a value under `name`; a repeated name keeps every value, in order (CloudFront's `multiValue`). */
function addValue(map: CloudFrontValueMap, name: string, value: string): void {
  const existing = map[name];
  if (!existing) map[name] = { value };
  else (existing.multiValue ??= [{ value: existing.value }]).push({ value });
}

/**
 * Each name and value of a value map, in order, own properties only (the function may return
 * a plain object). Visits rather than collecting pairs: this runs three times for every
 * request the local server answers.
 */
function eachValue(map: CloudFrontValueMap, visit: (name: string, value: string) => void): void {
  const names = Object.keys(map);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const v = map[name]!;
    if (Object.hasOwn(v, 'multiValue') && v.multiValue) for (const m of v.multiValue) visit(name, m.value);
    else visit(name, v.value);
  }
}

/** Node request → CloudFront Functions event, as CloudFront builds it (query values still encoded). */
export function toEdgeEvent(request: PlainRequest): CloudFrontFunctionEvent {
  const queryAt = request.url.indexOf('?');
  const uri = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const querystring = nameMap<CloudFrontValue>();
  if (queryAt >= 0) {
    for (const pair of request.url.slice(queryAt + 1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      addValue(querystring, eq < 0 ? pair : pair.slice(0, eq), eq < 0 ? '' : pair.slice(eq + 1));
    }
  }
  const headers = nameMap<CloudFrontValue>();
  const cookies = nameMap<CloudFrontValue>();
  // Loops over Object.keys rather than entries: this runs for every request the local server answers.
  const names = Object.keys(request.headers);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const value = request.headers[name];
    if (value === undefined) continue;
    if (name === 'cookie') {
      for (const part of (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/)) {
        if (!part) continue;
        const eq = part.indexOf('=');
        addValue(cookies, eq < 0 ? part : part.slice(0, eq), eq < 0 ? '' : part.slice(eq + 1));
      }
    } else if (Array.isArray(value)) for (const v of value) addValue(headers, name.toLowerCase(), v);
    else addValue(headers, name.toLowerCase(), value);
  }
  return {
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: request.remoteAddress ?? '127.0.0.1' },
    request: { method: request.method, uri, querystring, headers, cookies },
  };
}

/** The server's origin for an origin id the edge function names (the stack gives the distribution's origins these ids). */
const ORIGIN_BY_ID = new Map<string, OriginId>([[ORIGIN_IDS.assets, 'assets'], [ORIGIN_IDS.render, 'render']]);

/**
 * The viewer-request function as the distribution runs it for this build (pages the build
 * put in the bucket asked of it first), with the origin group it makes for a request; on a
 * public folder's behaviour, the one without that lookup, as the stack attaches there.
 */
export function localEdgeStep(manifest: Manifest): EdgeStep {
  const viewerRequest = loadViewerRequestWithOrigins(edgeConfigOf(manifest.config, bodyRoutesOf(manifest), manifest.buildId, manifest.routes));
  // The public folders' function: the same code without the bucket-first page lookup (EdgeBehaviour.filesFirst).
  let filesViewerRequest: typeof viewerRequest | undefined;
  return (request, behaviour) => {
    const run = behaviour?.filesFirst ? (filesViewerRequest ??= loadViewerRequestWithOrigins(edgeConfigOf(manifest.config, bodyRoutesOf(manifest)))) : viewerRequest;
    const { result, originGroup, originId } = run(toEdgeEvent(request));
    if (isFunctionResponse(result)) {
      const headers = nameMap<string>();
      eachValue(result.headers ?? {}, (name, value) => {
        headers[name] = value;
      });
      return { response: { status: result.statusCode, headers, body: result.body } };
    }
    let query = '';
    eachValue(result.querystring, (name, value) => {
      query += `${query ? '&' : ''}${value === '' ? name : `${name}=${value}`}`;
    });
    const headers = nameMap<string>();
    eachValue(result.headers, (name, value) => {
      headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    });
    let cookie = '';
    eachValue(result.cookies, (name, value) => {
      cookie += `${cookie ? '; ' : ''}${name}=${value}`;
    });
    if (cookie) headers.cookie = cookie;
    const next = extend(request, { url: result.uri + (query ? `?${query}` : ''), headers });
    if (originId !== undefined) {
      // One origin, whatever the behaviour's group: it alone answers (no status fails over).
      const origin = ORIGIN_BY_ID.get(originId);
      if (!origin) throw new Error(`The edge function named origin ${originId}, which the distribution does not have.`);
      return { request: next, origins: { primary: origin, failover: origin, statusCodes: [] } };
    }
    if (!originGroup) return { request: next };
    const [primary, failover] = originGroup.originIds.map((id) => ORIGIN_BY_ID.get(id));
    if (!primary || !failover) throw new Error(`The edge function named origins ${originGroup.originIds.join(', ')}, which the distribution does not have.`);
    return { request: next, origins: { primary, failover, statusCodes: originGroup.failoverCriteria.statusCodes } };
  };
}

const EMPTY_BODY = Buffer.alloc(0);

/**
 * Node request → Lambda@Edge origin-request event with the body included, as CloudFront
 * builds it: headers as `{ key, value }` lists, the body base64 and cut at 1 MB
 * (`inputTruncated`).
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-event-structure.html#example-origin-request
 */
export function toOriginRequestEvent(request: PlainRequest): OriginRequestEvent {
  const queryAt = request.url.indexOf('?');
  const headers: EdgeHeaders = nameMap();
  const names = Object.keys(request.headers);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const value = request.headers[name];
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (Array.isArray(value)) for (const v of value) (headers[lower] ??= []).push({ key: name, value: v });
    else (headers[lower] ??= []).push({ key: name, value });
  }
  const body = request.body ?? EMPTY_BODY;
  return {
    Records: [
      {
        cf: {
          config: { distributionDomainName: 'local.cloudfront.net', distributionId: 'LOCAL', eventType: 'origin-request', requestId: 'local' },
          request: {
            clientIp: request.remoteAddress ?? '127.0.0.1',
            method: request.method,
            uri: queryAt < 0 ? request.url : request.url.slice(0, queryAt),
            querystring: queryAt < 0 ? '' : request.url.slice(queryAt + 1),
            headers,
            body: {
              inputTruncated: body.length > MAX_SIGNED_BODY_BYTES,
              action: 'read-only',
              encoding: 'base64',
              data: body.length === 0 ? '' : body.subarray(0, MAX_SIGNED_BODY_BYTES).toString('base64'),
            },
          },
        },
      },
    ],
  };
}

/**
 * The body signer, run where CloudFront runs it (origin request, body included): it answers
 * (413 past 1 MB) or sends the request on with the headers it set. A read-only body goes to
 * the origin whole, as CloudFront sends it.
 */
export function localBodySigner(signer = loadBodySigner()): OriginRequestStep {
  return async (request) => {
    const result = await signer(toOriginRequestEvent(request));
    if (isOriginResponse(result)) {
      const headers = nameMap<string>();
      for (const [name, values] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = values.map((v) => v.value).join(', ');
      return { response: { status: Number(result.status), headers, body: result.body } };
    }
    const headers = nameMap<string | string[]>();
    const names = Object.keys(result.headers);
    for (let i = 0; i < names.length; i++) {
      const values = result.headers[names[i]!]!;
      headers[names[i]!.toLowerCase()] = values.length === 1 ? values[0]!.value : values.map((v) => v.value);
    }
    return { request: extend(request, { headers }) };
  };
}
