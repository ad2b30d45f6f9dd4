/**
 * The parts of the local server that stand in for AWS pieces other than the render
 * function: the image function (with the build's assets as its source, and the host's
 * sharp) and the viewer-request edge function (the very code CloudFront runs).
 */
import path from 'node:path';
import type { Manifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';
import { createLocalImageCore } from '../../lambdas/image/local';
import { createFunctionUrlHandler } from '../../lambdas/shared/function-url';
import { webCore } from '../../lambdas/shared/http';
import {
  isFunctionResponse, loadViewerRequest, type CloudFrontFunctionEvent, type CloudFrontValue, type CloudFrontValueMap,
} from '../../infra/edge/viewer-request';
import { nameMap, type PlainRequest } from './function-url-event';
import type { EdgeStep, FunctionUrlHandler } from './server';

export function localImageHandler(outDir: string, manifest: Manifest): FunctionUrlHandler {
  return createFunctionUrlHandler(webCore(createLocalImageCore(path.join(outDir, OUTPUT_LAYOUT.assets), manifest.config.images)));
}

/** CloudFront's `{ name: { value, multiValue? } }` shape; repeated names keep every value, in order. */
export function toValueMap(entries: Iterable<[string, string]>): CloudFrontValueMap {
  const map = nameMap<CloudFrontValue>();
  for (const [name, value] of entries) {
    const existing = map[name];
    if (!existing) map[name] = { value };
    else (existing.multiValue ??= [{ value: existing.value }]).push({ value });
  }
  return map;
}

/** Name/value pairs of a value map, own properties only (the function may return a plain object). */
export function fromValueMap(map: CloudFrontValueMap): [string, string][] {
  return Object.entries(map).flatMap(([name, v]) => {
    const values = Object.hasOwn(v, 'multiValue') && v.multiValue ? v.multiValue : [{ value: v.value }];
    return values.map((m): [string, string] => [name, m.value]);
  });
}

/** Node request → CloudFront Functions event, as CloudFront builds it (query values still encoded). */
export function toEdgeEvent(request: PlainRequest): CloudFrontFunctionEvent {
  const queryAt = request.url.indexOf('?');
  const uri = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
  const query = rawQuery.split('&').filter(Boolean).map((pair): [string, string] => {
    const eq = pair.indexOf('=');
    return eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
  });
  const headers: [string, string][] = [];
  const cookies: [string, string][] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (name === 'cookie') {
      for (const part of values.join('; ').split(/;\s*/).filter(Boolean)) {
        const eq = part.indexOf('=');
        cookies.push(eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)]);
      }
    } else for (const v of values) headers.push([name.toLowerCase(), v]);
  }
  return {
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: request.remoteAddress ?? '127.0.0.1' },
    request: { method: request.method, uri, querystring: toValueMap(query), headers: toValueMap(headers), cookies: toValueMap(cookies) },
  };
}

export function localEdgeStep(manifest: Manifest): EdgeStep {
  const viewerRequest = loadViewerRequest(manifest.config);
  return (request) => {
    const result = viewerRequest(toEdgeEvent(request));
    if (isFunctionResponse(result)) {
      const headers = nameMap<string>();
      for (const [name, value] of fromValueMap(result.headers ?? {})) headers[name] = value;
      return { response: { status: result.statusCode, headers, body: result.body } };
    }
    const query = fromValueMap(result.querystring).map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join('&');
    const headers = nameMap<string>();
    for (const [name, value] of fromValueMap(result.headers)) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    const cookie = fromValueMap(result.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    return { request: { ...request, url: result.uri + (query ? `?${query}` : ''), headers } };
  };
}
