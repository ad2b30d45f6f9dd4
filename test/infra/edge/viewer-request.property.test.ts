/**
 * The viewer-request function over generated events (issue "Hardening", items 2 and 3): it
 * never throws (CloudFront would answer 503), answers only 307, 308 or 405 (the last exactly
 * for the methods the contract keeps from that path, whatever body routes the site has),
 * passes every other request on unchanged but for its own headers, never lets a viewer's
 * `x-amz-content-sha256` through, and reads only own names of the maps CloudFront builds,
 * even with `Object.prototype` polluted in the caller's realm.
 */
import fc from 'fast-check';
import { edgeMethods, type BodyRoutes } from '../../../contract/edge-behaviours';
import {
  isFunctionResponse, loadViewerRequest, type CloudFrontFunctionEvent, type CloudFrontValueMap,
} from '../../../infra/edge/viewer-request';
import { decodeUnreserved, tidyPath } from '../../../lambdas/shared/request-path';
import { staysOnSite } from '../../helpers/answer-contract';
import { fragmentArb, headerArb, PROTOTYPE_NAMES, queryNameArb, queryValueArb } from '../../helpers/hostile-input';
import { checkProperty } from '../../helpers/property';

const settings = { locales: ['en', 'fr', 'de-CH'], defaultLocale: 'en', imageFormats: ['image/avif', 'image/webp'] };
const handler = loadViewerRequest(settings);
const BODY_SETTINGS: BodyRoutes[] = [
  { api: false, pageBodies: false },
  { api: true, pageBodies: false },
  { api: false, pageBodies: true },
  { api: true, pageBodies: true },
];
const handlers = BODY_SETTINGS.map((bodies) => ({ bodies, handler: loadViewerRequest({ ...settings, ...bodies }) }));

/** A `{ name: { value, multiValue? } }` map as CloudFront builds it: own keys only, `__proto__` included. */
function valueMapArb(name: fc.Arbitrary<string>, value: fc.Arbitrary<string>): fc.Arbitrary<CloudFrontValueMap> {
  return fc.array(fc.tuple(name, fc.array(value, { minLength: 1, maxLength: 3 })), { maxLength: 4 }).map((entries) => {
    const map: CloudFrontValueMap = {};
    for (const [key, values] of entries) {
      const entry = values.length > 1 ? { value: values[values.length - 1]!, multiValue: values.map((v) => ({ value: v })) } : { value: values[0]! };
      // defineProperty: a `__proto__` key becomes an own property, as JSON.parse would make it.
      Object.defineProperty(map, key, { value: entry, enumerable: true, writable: true, configurable: true });
    }
    return map;
  });
}

const eventArb: fc.Arbitrary<CloudFrontFunctionEvent> = fc
  .record({
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
    uri: fc.tuple(fc.constantFrom('/', '/_app/image', '/_app/data/b1/', '/fr/', '/about', '/api', '/api/'), fc.array(fragmentArb, { maxLength: 4 })).map(([start, parts]) => start + parts.join('')),
    querystring: valueMapArb(queryNameArb, queryValueArb),
    headers: valueMapArb(
      fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES, 'host', 'accept', 'accept-language', 'x-forwarded-host', 'x-amz-content-sha256'), headerArb.map(([name]) => name.toLowerCase())),
      headerArb.map(([, value]) => value),
    ),
    cookies: valueMapArb(fc.constantFrom(...PROTOTYPE_NAMES, 'STRATUS_LOCALE', 'a'), fc.constantFrom('en', 'fr', 'x', '')),
  })
  .map(({ method, uri, querystring, headers, cookies }) => ({ version: '1.0' as const, request: { method, uri, querystring, headers, cookies } }));

/** Runs the function on an event and checks the answer; returns what is wrong, or null. */
function problemWith(event: CloudFrontFunctionEvent, run = handler, bodies: BodyRoutes = BODY_SETTINGS[0]!): string | null {
  const { method, uri } = event.request;
  const hostBefore = Object.hasOwn(event.request.headers, 'host') ? event.request.headers.host!.value : undefined;
  // A path with repeated slashes or dot segments takes what its tidy spelling takes (then answers 308 to it).
  const methods = edgeMethods(tidyPath(decodeUnreserved(uri)) ?? decodeUnreserved(uri), bodies) as readonly string[];
  const result = run(event);
  if (isFunctionResponse(result)) {
    const location = result.headers?.location?.value;
    if (result.statusCode === 405) {
      if (methods.includes(method)) return `405 for ${method}, which ${uri} takes`;
      return result.headers?.allow?.value === methods.join(', ') ? null : '405 without the path\'s Allow';
    }
    if (result.statusCode !== 307 && result.statusCode !== 308) return `answered ${result.statusCode}`;
    if (!methods.includes(method)) return `redirected ${method}, which ${uri} does not take`;
    if (!location || !staysOnSite(location) || !/^[\x21-\x7e]+$/.test(location)) return `unsafe Location ${JSON.stringify(location)}`;
    return null;
  }
  if (result.method !== method || result.uri !== decodeUnreserved(uri)) return 'changed the method, or the path other than by writing encoded unreserved characters as themselves';
  if (!methods.includes(method)) return `let ${method} through to ${uri}`;
  if (Object.hasOwn(result.headers, 'x-amz-content-sha256')) return "let a viewer's x-amz-content-sha256 through";
  const forwarded = Object.hasOwn(result.headers, 'x-forwarded-host') ? result.headers['x-forwarded-host']!.value : undefined;
  return forwarded === hostBefore ? null : `x-forwarded-host ${JSON.stringify(forwarded)} is not the viewer's host ${JSON.stringify(hostBefore)}`;
}

test('never throws, answers only 307/308/405 (405 exactly for the methods a path does not take), and forwards only the viewer host', async () => {
  await checkProperty(
    'edge function: bounded answers for any event',
    fc.property(eventArb, fc.constantFrom(...handlers), (event, { bodies, handler: run }) => {
      const problem = problemWith(event, run, bodies);
      if (problem) throw new Error(problem);
    }),
    5000,
  );
});

test('reads only own names, even with Object.prototype polluted in the caller', async () => {
  await checkProperty(
    'edge function: own names only under pollution',
    fc.property(eventArb, fc.constantFrom('multiValue', 'STRATUS_LOCALE', 'host', 'accept-language', 'x'), (event, polluted) => {
      const clean = handler(structuredClone(event));
      const proto = Object.prototype as Record<string, unknown>;
      proto[polluted] = { value: 'polluted', multiValue: [{ value: 'polluted' }] };
      try {
        const problem = problemWith(structuredClone(event));
        if (problem) throw new Error(problem);
        const dirty = handler(structuredClone(event));
        if (JSON.stringify(dirty) !== JSON.stringify(clean)) throw new Error(`answer changed: ${JSON.stringify(dirty)}`);
      } finally {
        delete proto[polluted];
      }
    }),
    1000,
  );
});
