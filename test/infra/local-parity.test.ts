/**
 * The local server stands in for CloudFront, so it must route and answer as the synthesized
 * distribution does. One build folder is read by both: the stack is synthesized from it and
 * the local server serves it. Checked against the template, behaviour by behaviour: the
 * path pattern and its order, the origin (and failover), the allowed methods and the cache
 * key, as the contract states them for the local server and as the running server enforces
 * them, and where the body signer (Lambda@Edge) runs, with the very code the template
 * uploads; then the response headers policy against what the running server adds to each
 * kind of answer (origin, edge function, static file, its own errors), with the override rule.
 * The build has an API route and a getServerSideProps page, so every kind of behaviour is there.
 */
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import {
  allowedMethods, bodyRoutesOf, cacheKeyOf, edgeBehaviours, matchPathPattern, type CacheKey, type OriginId,
} from '../../contract/edge-behaviours';
import { bodySignerCode } from '../../infra/edge/body-signer';
import { localBodySigner, localEdgeStep } from '../../cli/serve/local-origins';
import { startServer, type FunctionUrlHandler } from '../../cli/serve/server';
import { fixtureBuildWith, onlyResource, resourcesOf, synthFixture } from './stack-fixture';
import { SANDBOXED_FILE_HEADERS } from '../../contract/security-headers';

/** What CloudFront itself puts on the wire; everything else on a bare origin answer was added. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const ORIGIN_OWN_VALUE = 'set-by-origin';
const SECURITY_HEADER_NAMES = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'content-security-policy', 'x-xss-protection'];

// The stub functions say who answered; /parity-own-headers sends the origin's own security
// headers (to see which ones CloudFront overrides), /parity-throws fails the function,
// /api/parity-echo says what body arrived and what hash was declared for it. A page request
// the edge sent to the bucket first names the visitor's path in x-stratus-page.
const RENDER_STUB = `exports.handler = async (event) => {
  const path = event.headers['x-stratus-page'] ? event.headers['x-stratus-page'].split('?')[0] : event.rawPath;
  if (path === '/parity-throws') throw new Error('parity: a failing render function');
  if (path === '/api/parity-echo') {
    const body = Buffer.from(event.body || '', event.isBase64Encoded ? 'base64' : 'utf8');
    const sha256 = require('crypto').createHash('sha256').update(body).digest('hex');
    return { statusCode: 200, body: JSON.stringify({ sha256, declared: event.headers['x-amz-content-sha256'] }) };
  }
  if (path === '/parity-own-headers') {
    return { statusCode: 200, headers: ${JSON.stringify(Object.fromEntries(SECURITY_HEADER_NAMES.map((n) => [n, ORIGIN_OWN_VALUE])))}, body: 'render' };
  }
  return { statusCode: 200, body: 'render' };
};
// The same answers behind the streaming Function URL (API routes), written as Lambda's runtime takes them.
exports.streamHandler = awslambda.streamifyResponse(async (event, responseStream) => {
  const result = await exports.handler(event);
  const out = awslambda.HttpResponseStream.from(responseStream, { statusCode: result.statusCode, headers: result.headers || {} });
  out.write(result.body === 'render' ? 'stream' : result.body);
  out.end();
});`;
const IMAGE_STUB = `exports.handler = async () => ({ statusCode: 200, body: 'image' });`;

type Headers = Record<string, string | string[] | undefined>;
type Answer = { status: number; headers: Headers; body: string };

let buildDir: string;
let template: Template;
let publicFiles: string[];
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  buildDir = fixtureBuildWith();
  writeFileSync(path.join(buildDir, 'lambdas', 'render', 'index.js'), RENDER_STUB);
  writeFileSync(path.join(buildDir, 'lambdas', 'image', 'index.js'), IMAGE_STUB);
  const synth = synthFixture({ buildDir });
  template = synth.template;
  publicFiles = synth.build.manifest.publicFiles;
  // As `stratus start` wires it (cli/serve/start.ts), with the stub image function.
  const imageHandler = (require(path.join(buildDir, 'lambdas', 'image', 'index.js')) as { handler: FunctionUrlHandler }).handler;
  const manifest = synth.build.manifest;
  expect(bodyRoutesOf(manifest)).toEqual({ api: true, pageBodies: true });
  server = await startServer({ outDir: buildDir, port: 0, edge: localEdgeStep(manifest), originRequest: localBodySigner(), imageHandler });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

function http(method: string, url: string, headers: Record<string, string> = {}, body: Buffer | string = 'x'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(method === 'GET' || method === 'HEAD' ? undefined : body);
  });
}

// ---- The template, read the way CloudFront reads it ----

interface TemplateBehaviour {
  pathPattern: string;
  origin: OriginId;
  failoverOrigin?: OriginId;
  viewerRequest: boolean;
  bodySigner: boolean;
  allowedMethods: string[];
  cacheKey: CacheKey;
  responseHeadersPolicy: string;
}

const distribution = () => onlyResource(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;

/** Which function a Function URL origin reaches: the URL's target, told apart by description. */
function lambdaOriginId(origin: any): OriginId {
  const urlId = origin.DomainName['Fn::Select'][1]['Fn::Split'][1]['Fn::GetAtt'][0];
  const functionId = resourcesOf(template, 'AWS::Lambda::Url')[urlId]!.Properties.TargetFunctionArn['Fn::GetAtt'][0];
  const description: string = resourcesOf(template, 'AWS::Lambda::Function')[functionId]!.Properties.Description ?? '';
  if (/Stratus render/.test(description)) return 'render';
  if (/Stratus API routes/.test(description)) return 'stream';
  if (/Stratus image/.test(description)) return 'image';
  throw new Error(`origin ${origin.Id} reaches an unknown function: ${description}`);
}

/**
 * A target origin (or origin group) as the local server's origins. An S3 fallback under
 * `/_archive` holds earlier builds' files (skew protection); locally there is only the
 * build being served, so it has nothing to stand for.
 */
function routeOf(targetId: string): { origin: OriginId; failoverOrigin?: OriginId } {
  const config = distribution();
  const kind = (id: string): OriginId | 'archive' => {
    const origin = config.Origins.find((o: any) => o.Id === id);
    if (origin.S3OriginConfig) return origin.OriginPath === '/_archive' ? 'archive' : 'assets';
    return lambdaOriginId(origin);
  };
  const group = config.OriginGroups?.Items.find((g: any) => g.Id === targetId);
  if (!group) return { origin: kind(targetId) as OriginId };
  const [primary, fallback] = group.Members.Items.map((m: any) => kind(m.OriginId));
  expect(group.FailoverCriteria.StatusCodes.Items.sort()).toEqual([403, 404]); // what the local server fails over on
  return fallback === 'archive' ? { origin: primary } : { origin: primary, failoverOrigin: fallback };
}

/** CloudFront's managed CachingDisabled: nothing cached, nothing keyed. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

function cacheKeyOfPolicy(ref: { Ref: string } | string): CacheKey {
  if (ref === CACHING_DISABLED) return { queryStrings: [], headers: [], cookies: [] };
  if (typeof ref === 'string') throw new Error(`managed cache policy ${ref}: the contract has no such cache key`);
  const params = resourcesOf(template, 'AWS::CloudFront::CachePolicy')[ref.Ref]!.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
  const list = (config: any, behaviourKey: string, itemsKey: string): 'all' | string[] => {
    const kind = config[behaviourKey];
    if (kind === 'all') return 'all';
    if (kind === 'none') return [];
    if (kind === 'whitelist') return config[itemsKey];
    throw new Error(`${behaviourKey} ${kind}: the contract has no such cache key`);
  };
  const headers = list(params.HeadersConfig, 'HeaderBehavior', 'Headers');
  const cookies = list(params.CookiesConfig, 'CookieBehavior', 'Cookies');
  if (headers === 'all' || cookies === 'all') throw new Error('all headers or cookies in a cache key: the contract has no such key');
  return { queryStrings: list(params.QueryStringsConfig, 'QueryStringBehavior', 'QueryStrings'), headers, cookies };
}

function templateBehaviours(): TemplateBehaviour[] {
  const config = distribution();
  return [...(config.CacheBehaviors ?? []), { ...config.DefaultCacheBehavior, PathPattern: '*' }].map((b: any) => ({
    pathPattern: b.PathPattern,
    ...routeOf(b.TargetOriginId),
    viewerRequest: (b.FunctionAssociations ?? []).some((f: any) => f.EventType === 'viewer-request'),
    bodySigner: isSigner(b.LambdaFunctionAssociations),
    // CloudFront's default when the field is absent.
    allowedMethods: [...(b.AllowedMethods ?? ['GET', 'HEAD'])].sort(),
    cacheKey: cacheKeyOfPolicy(b.CachePolicyId),
    responseHeadersPolicy: b.ResponseHeadersPolicyId.Ref,
  }));
}

/** The one Lambda@Edge association a behaviour may have: the signer, on origin requests, with the body. */
function isSigner(associations: any[] | undefined): boolean {
  if (!associations) return false;
  expect(associations).toEqual([{ EventType: 'origin-request', IncludeBody: true, LambdaFunctionARN: { Ref: expect.any(String) } }]);
  return true;
}

/** The code of the function whose version the behaviours' Lambda@Edge associations run. */
function signerCodeInTemplate(): string {
  const config = distribution();
  const [versionId] = [...new Set([...(config.CacheBehaviors ?? []), config.DefaultCacheBehavior].flatMap((b: any) => (b.LambdaFunctionAssociations ?? []).map((a: any) => a.LambdaFunctionARN.Ref)))];
  const functionId = resourcesOf(template, 'AWS::Lambda::Version')[versionId as string]!.Properties.FunctionName.Ref;
  return resourcesOf(template, 'AWS::Lambda::Function')[functionId]!.Properties.Code.ZipFile;
}

interface PolicyHeader {
  name: string;
  value: string;
  override: boolean;
}

/** The headers a response headers policy adds, written as CloudFront writes them. */
function headersOfPolicy(policyId: string): PolicyHeader[] {
  const config = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[policyId]!.Properties.ResponseHeadersPolicyConfig;
  // Parts of a policy the local server has no notion of: adding one must teach it first.
  expect(config.CorsConfig).toBeUndefined();
  expect(config.RemoveHeadersConfig).toBeUndefined();
  expect(config.ServerTimingHeadersConfig?.Enabled ?? false).toBe(false);
  const s = config.SecurityHeadersConfig ?? {};
  const headers: PolicyHeader[] = [];
  const add = (name: string, value: string, override: boolean) => headers.push({ name, value, override });
  if (s.StrictTransportSecurity) {
    const h = s.StrictTransportSecurity;
    const directives = [`max-age=${h.AccessControlMaxAgeSec}`, h.IncludeSubdomains && 'includeSubDomains', h.Preload && 'preload'];
    add('strict-transport-security', directives.filter(Boolean).join('; '), h.Override);
  }
  if (s.ContentTypeOptions) add('x-content-type-options', 'nosniff', s.ContentTypeOptions.Override);
  if (s.FrameOptions) add('x-frame-options', s.FrameOptions.FrameOption, s.FrameOptions.Override);
  if (s.ReferrerPolicy) add('referrer-policy', s.ReferrerPolicy.ReferrerPolicy, s.ReferrerPolicy.Override);
  if (s.ContentSecurityPolicy) add('content-security-policy', s.ContentSecurityPolicy.ContentSecurityPolicy, s.ContentSecurityPolicy.Override);
  if (s.XSSProtection) {
    const x = s.XSSProtection;
    const value = x.Protection ? ['1', x.ModeBlock && 'mode=block', x.ReportUri && `report=${x.ReportUri}`].filter(Boolean).join('; ') : '0';
    add('x-xss-protection', value, x.Override);
  }
  for (const c of config.CustomHeadersConfig?.Items ?? []) add(c.Header.toLowerCase(), c.Value, c.Override);
  return headers;
}

/** A path only `pattern` matches first, naming no file of the build. */
function samplePath(pattern: string): string {
  return pattern === '*' ? '/parity-missing' : pattern.replace(/\*/g, 'parity-missing').replace(/\?/g, 'x');
}

// ---- The checks ----

describe('routing: the local server’s table is the template’s', () => {
  test('path patterns in order, origin and failover, edge function, body signer, allowed methods, cache key', () => {
    const sandboxedPolicies = new Set(templateBehaviours().filter((b) => b.pathPattern === '/icons/*').map((b) => b.responseHeadersPolicy));
    const fromTemplate = templateBehaviours().map(({ responseHeadersPolicy, ...rest }) => ({ ...rest, sandboxed: sandboxedPolicies.has(responseHeadersPolicy) }));
    // The fixture takes bodies on API routes, so page data goes through the render function (edgeRoutingOf).
    const local = edgeBehaviours(publicFiles, { api: true, pageBodies: true }, { dataThroughRender: true }).map((b) => ({
      pathPattern: b.pathPattern,
      origin: b.origin,
      ...(b.failoverOrigin ? { failoverOrigin: b.failoverOrigin } : {}),
      viewerRequest: Boolean(b.viewerRequest),
      bodySigner: Boolean(b.bodySigner),
      allowedMethods: [...allowedMethods(b)].sort(),
      cacheKey: cacheKeyOf(b),
      sandboxed: Boolean(b.sandboxed),
    }));
    expect(local).toEqual(fromTemplate);
    // The fixture's SVG folder is the one sandboxed behaviour.
    expect(local.filter((b) => b.sandboxed).map((b) => b.pathPattern)).toEqual(['/icons/*']);
  });

  test('the running server sends each behaviour’s requests to its origin and enforces its methods', async () => {
    const behaviours = templateBehaviours();
    for (const behaviour of behaviours) {
      const url = samplePath(behaviour.pathPattern);
      // CloudFront takes the first behaviour whose pattern matches.
      expect(behaviours.find((b) => matchPathPattern(b.pathPattern, url))!.pathPattern).toBe(behaviour.pathPattern);
      // Nothing in the bucket at this path (but for a top-level file's own behaviour, whose one path is the file), so the answer comes from the failover origin if any.
      const expected = behaviour.failoverOrigin ?? behaviour.origin;
      const exactFile = !/[*?]/.test(behaviour.pathPattern);
      const get = await http('GET', url);
      const answeredBy = get.body === 'render' ? 'render' : get.body === 'stream' ? 'stream' : get.body === 'image' ? 'image' : 'assets';
      expect({ url, answeredBy }).toEqual({ url, answeredBy: expected });
      if (expected === 'assets') expect(get.status).toBe(exactFile ? 200 : 404);

      // A method outside the behaviour's set gets CloudFront's own 403, before any function.
      const post = await http('POST', url, { 'content-type': 'text/plain' });
      expect({ url, refused: post.status === 403 }).toEqual({ url, refused: !behaviour.allowedMethods.includes('POST') });
    }
  });
});

describe('bodies: the signer the template runs is the one the local server runs', () => {
  test('the uploaded Lambda@Edge code is the text the local server evaluates', () => {
    expect(signerCodeInTemplate()).toBe(bodySignerCode());
  });

  test('a body reaches the function byte for byte, with its hash, exactly on the signed behaviours', async () => {
    const body = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const sha256 = createHash('sha256').update(body).digest('hex');
    const answer = await http('POST', '/api/parity-echo', { 'content-type': 'application/octet-stream' }, body);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ sha256, declared: sha256 });
    for (const behaviour of templateBehaviours().filter((b) => b.allowedMethods.includes('POST'))) {
      const url = samplePath(behaviour.pathPattern);
      const post = await http('POST', url, { 'content-type': 'text/plain' });
      // Signed behaviours take the body; the others keep their 405 at the edge.
      expect({ url, status: post.status }).toEqual({ url, status: behaviour.bodySigner ? 200 : 405 });
    }
  });
});

describe('response headers: the policy’s headers are what the local server adds', () => {
  let policy: PolicyHeader[];
  beforeAll(() => {
    // One policy on every behaviour but the sandboxed public files', as the local server applies one set.
    const ids = new Set(templateBehaviours().filter((b) => b.pathPattern !== '/icons/*').map((b) => b.responseHeadersPolicy));
    expect(ids.size).toBe(1);
    policy = headersOfPolicy([...ids][0]!);
    expect(policy.length).toBeGreaterThan(0);
  });

  test('public SVGs (a behaviour with SVGs and no HTML) get the sandboxed policy: exactly its headers, as the local server sends them', async () => {
    const sandboxed = templateBehaviours().find((b) => b.pathPattern === '/icons/*')!;
    const headers = headersOfPolicy(sandboxed.responseHeadersPolicy);
    expect(headers).toEqual(SANDBOXED_FILE_HEADERS.map(({ name, value, override }) => ({ name, value, override })));
    expect(headers.find((h) => h.name === 'content-security-policy')!.value).toMatch(/^sandbox; default-src 'none'/);
    const svg = await http('GET', '/icons/logo.svg');
    expect(svg.status).toBe(200);
    for (const header of headers) expect({ [header.name]: svg.headers[header.name] }).toEqual({ [header.name]: header.value });
  });
  const expectPolicyHeaders = (label: string, answer: Answer) => {
    for (const header of policy) expect({ label, [header.name]: answer.headers[header.name] }).toEqual({ label, [header.name]: header.value });
  };

  test('an origin answer with no headers of its own gets exactly the policy’s headers', async () => {
    const answer = await http('GET', '/parity-missing');
    expect(answer.body).toBe('render');
    const added = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
    expect(added).toEqual(Object.fromEntries(policy.map((h) => [h.name, h.value])));
  });

  test('every kind of answer carries them: static file, 304, edge redirect and 405, signer 413, CloudFront 403, 400, 500, image', async () => {
    const file = publicFiles.find((f) => f.startsWith('/photos/'))!;
    const staticFile = await http('GET', file);
    expect(staticFile.status).toBe(200);
    const answers: Record<string, Answer> = {
      'static file': staticFile,
      'not modified': await http('GET', file, { 'if-none-match': String(staticFile.headers.etag) }),
      'edge redirect': await http('GET', '/about/'),
      'edge 405': await http('POST', '/_app/image?url=/photos/a.jpg&w=640', { 'content-type': 'text/plain' }),
      'signer 413': await http('POST', '/api/parity-echo', { 'content-type': 'application/octet-stream' }, Buffer.alloc(1024 * 1024 + 1)),
      'CloudFront 403': await http('POST', file, { 'content-type': 'text/plain' }),
      'bucket 404': await http('GET', '/_app/static/parity-missing.js'),
      'malformed request 400': await http('GET', '/', { host: 'a b' }),
      'image function': await http('GET', '/_app/image?url=/photos/a.jpg&w=640'),
    };
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      answers['server error 500'] = await http('GET', '/parity-throws');
    } finally {
      consoleError.mockRestore();
    }
    expect(Object.fromEntries(Object.entries(answers).map(([label, a]) => [label, a.status]))).toEqual({
      'static file': 200,
      'not modified': 304,
      'edge redirect': 308,
      'edge 405': 405,
      'signer 413': 413,
      'CloudFront 403': 403,
      'bucket 404': 404,
      'malformed request 400': 400,
      'image function': 200,
      'server error 500': 500,
    });
    for (const [label, answer] of Object.entries(answers)) expectPolicyHeaders(label, answer);
  });

  test("the origin's own value: replaced where the policy overrides, kept where it does not", async () => {
    const answer = await http('GET', '/parity-own-headers');
    for (const header of policy) {
      const expected = header.override ? header.value : ORIGIN_OWN_VALUE;
      expect({ [header.name]: answer.headers[header.name] }).toEqual({ [header.name]: expected });
    }
    // Both kinds are exercised, so the rule is really checked both ways.
    expect(new Set(policy.map((h) => h.override))).toEqual(new Set([true, false]));
  });
});
