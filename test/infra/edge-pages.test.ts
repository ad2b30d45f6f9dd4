/**
 * Static pages answered straight from the bucket (issue 32), measured as render function
 * invocations per 1,000 uncached static page requests, two ways over one build: through the
 * synthesized template (its default behaviour, the viewer-request function code it uploads,
 * the origins that function names, the bucket holding exactly the build's files) and through
 * the local server (no cache: every request reaches an origin). Pages something per request
 * applies to (revalidation, middleware, a header rule, a draft cookie) reach the function
 * either way; so do a missing page (404), other methods (405) and bad paths. A page
 * regenerated on demand is rewritten in the bucket, so the edge never serves the old copy.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { build } from '../../cli/builder/build';
import { localBodySigner, localEdgeStep } from '../../cli/serve/local-origins';
import { loadRenderHandlers, startServer, type FunctionUrlHandler } from '../../cli/serve/server';
import { bodyRoutesOf } from '../../contract/edge-behaviours';
import type { Manifest } from '../../contract/manifest';
import { edgeConfigOf, evaluateViewerRequest, isFunctionResponse, viewerRequestCode, type CloudFrontFunctionEvent } from '../../infra/edge/viewer-request';
import { tempApp } from '../helpers/temp-app';
import { onlyResource, resourcesOf, synthFixture } from './stack-fixture';

const POSTS = ['first', 'second', 'c++', 'été'];
const app = tempApp({
  'stratus.config.ts': `export default {
    locales: ['en', 'fr'], defaultLocale: 'en',
    async headers() { return [{ source: '/framed', headers: [{ key: 'X-Robots-Tag', value: 'noindex' }] }]; },
  };`,
  'pages/index.tsx': 'export default function Home() { return <h1>home</h1>; }',
  'pages/about.tsx': 'export default function About() { return <h1>about</h1>; }',
  'pages/framed.tsx': 'export default function Framed() { return <h1>framed</h1>; }',
  'pages/news.tsx': `export default function News({ at }: { at: string }) { return <h1>news {at}</h1>; }
export function getStaticProps() { return { props: { at: 'now' }, revalidate: 60 }; }`,
  'pages/members/[name].tsx': `export default function Member({ name }: { name: string }) { return <h1>member {name}</h1>; }
export function getStaticPaths() { return { paths: [{ params: { name: 'ann' } }], fallback: false }; }
export function getStaticProps({ params }: { params: { name: string } }) { return { props: { name: params.name } }; }`,
  'pages/posts/[slug].tsx': `export default function Post({ slug, version }: { slug: string; version: string }) { return <h1>{\`post \${slug} v\${version}\`}</h1>; }
export function getStaticPaths() { return { paths: ${JSON.stringify(POSTS)}.flatMap((slug) => ['en', 'fr'].map((locale) => ({ params: { slug }, locale }))), fallback: false }; }
export function getStaticProps({ params }: { params: { slug: string } }) { return { props: { slug: params.slug, version: process.env.POST_VERSION ?? '1' } }; }`,
  'pages/api/revalidate.ts': `export default async function handler(req: any, res: any) { await res.revalidate(req.query.path); res.json({ revalidated: true }); }`,
  'middleware.ts': `import { NextResponse } from 'stratus/server';
export function middleware() { return NextResponse.next({ headers: { 'x-member': 'yes' } }); }
export const config = { matcher: '/members/:path*' };`,
}, 'stratus-edge-pages-');

/** The static page URLs nothing per request applies to, in both locales, spelled as links spell them. */
const STATIC_URLS = ['/', '/about', '/fr', '/fr/about', ...POSTS.flatMap((slug) => [`/posts/${encodeURIComponent(slug)}`, `/fr/posts/${encodeURIComponent(slug)}`])];
/** Pages something per request applies to: the function answers each. */
const FUNCTION_URLS = ['/news', '/members/ann', '/framed'];

let outDir: string;
let manifest: Manifest;
let template: Template;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-edge-pages-out-'));
  manifest = (await build({ appDir: app, outDir, imageLambda: false })).manifest;
  // The image function is not what this is about: a stub where the stack takes its code.
  writeFileSync(path.join(outDir, 'lambdas', 'image', 'index.js'), 'exports.handler = async () => ({ statusCode: 200 });');
  template = synthFixture({ buildDir: outDir, autoBuild: false }).template;
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function event(uri: string, options: { method?: string; cookies?: Record<string, string>; query?: Record<string, string> } = {}): CloudFrontFunctionEvent {
  const values = (map: Record<string, string> = {}) => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, { value: v }]));
  return { version: '1.0', request: { method: options.method ?? 'GET', uri, querystring: values(options.query), headers: values({ host: 'site.example' }), cookies: values(options.cookies) } };
}

describe("in the template's behaviours", () => {
  const distribution = () => onlyResource(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;

  /** The default behaviour's viewer-request function, as uploaded. */
  function uploadedFunction() {
    const association = distribution().DefaultCacheBehavior.FunctionAssociations.find((f: any) => f.EventType === 'viewer-request');
    const code = resourcesOf(template, 'AWS::CloudFront::Function')[association.FunctionARN['Fn::GetAtt'][0]]!.Properties.FunctionCode as string;
    return { code, run: evaluateViewerRequest(code) };
  }

  /** Which origin answers a request, as CloudFront would route it: the bucket when the key the function asks for is there, else the render function. */
  function answeredBy(uri: string, options?: Parameters<typeof event>[1]): 'edge function' | 'bucket' | 'render' {
    const { result, originGroup } = uploadedFunction().run(event(uri, options));
    if (isFunctionResponse(result)) return 'edge function';
    const config = distribution();
    if (!originGroup) {
      expect(config.DefaultCacheBehavior.TargetOriginId).toBe('render');
      return 'render';
    }
    const [bucketId, renderId] = originGroup.originIds;
    const bucket = config.Origins.find((o: any) => o.Id === bucketId);
    expect(bucket.S3OriginConfig).toBeDefined();
    expect(bucket.OriginPath ?? '').toBe('');
    expect(bucket.OriginAccessControlId).toBeDefined();
    expect(renderId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(originGroup.failoverCriteria.statusCodes).toEqual([403, 404]);
    // S3 reads the key from the path, percent-decoded.
    return existsSync(path.join(outDir, 'assets', decodeURIComponent(result.uri))) ? 'bucket' : 'render';
  }

  test('the function the template uploads is the one the local server runs', () => {
    expect(uploadedFunction().code).toBe(viewerRequestCode(edgeConfigOf(manifest.config, bodyRoutesOf(manifest), manifest.buildId)));
  });

  test('1,000 uncached static page requests (GET and HEAD, with and without a query): 0 render function invocations', () => {
    let invocations = 0;
    for (let i = 0; i < 1000; i++) {
      const url = STATIC_URLS[i % STATIC_URLS.length]!;
      const by = answeredBy(url, { method: i % 3 === 0 ? 'HEAD' : 'GET', query: i % 2 ? { ref: String(i) } : {} });
      expect({ url, by }).toEqual({ url, by: 'bucket' });
      if (by === 'render') invocations++;
    }
    expect(invocations).toBe(0);
  });

  test('pages something per request applies to, drafts, other methods and missing pages reach the function', () => {
    for (const url of FUNCTION_URLS) expect({ url, by: answeredBy(url) }).toEqual({ url, by: 'render' });
    expect(answeredBy('/about', { cookies: { __stratus_draft: 'signed' } })).toBe('render');
    expect(answeredBy('/posts/never-built')).toBe('render');
    // The default locale spelled out is that locale's page, as the render function reads it.
    expect(answeredBy('/en/about')).toBe('bucket');
    expect(answeredBy('/%E0%A4%A')).toBe('render');
    expect(answeredBy('/api/revalidate')).toBe('render');
    expect(answeredBy('/about/')).toBe('edge function'); // the trailing slash's 308, as before
  });
});

describe('through the local server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const invoked: string[] = [];

  beforeAll(async () => {
    const render = loadRenderHandlers(outDir).handler;
    const counted: FunctionUrlHandler = (event, context) => {
      invoked.push(`${event.requestContext.http.method} ${event.headers['x-stratus-page'] ?? event.rawPath}`);
      return render(event, context);
    };
    process.env.STRATUS_LOCAL_PAGES = path.join(outDir, 'page-store');
    server = await startServer({ outDir, port: 0, edge: localEdgeStep(manifest), originRequest: localBodySigner(), renderHandler: counted });
  });
  afterAll(async () => {
    await server?.close();
    delete process.env.STRATUS_LOCAL_PAGES;
    delete process.env.POST_VERSION;
  });

  function http(method: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(`${server.url}${url}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  test('1,000 uncached static page requests: 0 render function invocations, the same HTML and headers the function would send', async () => {
    invoked.length = 0;
    for (let i = 0; i < 1000; i++) {
      const url = STATIC_URLS[i % STATIC_URLS.length]! + (i % 2 ? `?ref=${i}` : '');
      const answer = await http(i % 3 === 0 ? 'HEAD' : 'GET', url);
      expect({ url, status: answer.status }).toEqual({ url, status: 200 });
    }
    expect(invoked).toEqual([]);
    // The bucket's copy is the function's answer byte for byte, with its type and Cache-Control.
    const fromBucket = await http('GET', '/fr/posts/c%2B%2B');
    const fromFunction = await http('GET', '/fr/posts/c%2B%2B', { cookie: '__stratus_draft=not-signed' });
    expect(invoked).toEqual(['GET /fr/posts/c%2B%2B']);
    expect(fromBucket.body).toBe(fromFunction.body);
    expect(fromBucket.body).toContain('post c++ v1');
    for (const name of ['content-type', 'cache-control']) expect({ [name]: fromBucket.headers[name] }).toEqual({ [name]: fromFunction.headers[name] });
  }, 120_000);

  test('what the function must answer still reaches it, answered as before', async () => {
    invoked.length = 0;
    expect((await http('GET', '/news')).body).toContain('<h1>news <!-- -->now</h1>');
    const member = await http('GET', '/members/ann');
    expect([member.status, member.headers['x-member']]).toEqual([200, 'yes']);
    expect((await http('GET', '/framed')).headers['x-robots-tag']).toBe('noindex');
    expect((await http('GET', '/posts/never-built')).status).toBe(404);
    const posted = await http('POST', '/about');
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET, HEAD']);
    // The POST reaches the function (its middleware sees every method on page paths), and the
    // static page answers 405 there, as in the pages router.
    expect(invoked).toEqual(['GET /news', 'GET /members/ann', 'GET /framed', 'GET /posts/never-built', 'POST /about']);
  });

  test("a page regenerated on demand is rewritten in the bucket: the edge's next answer is the new page, still without the function", async () => {
    expect((await http('GET', '/posts/first')).body).toContain('post first v1');
    process.env.POST_VERSION = '2';
    expect((await http('GET', '/api/revalidate?path=/posts/first')).status).toBe(200);
    invoked.length = 0;
    expect((await http('GET', '/posts/first')).body).toContain('post first v2');
    expect(invoked).toEqual([]);
    // The other locale and the other posts keep the build's copy until they are revalidated.
    expect((await http('GET', '/fr/posts/first')).body).toContain('post first v1');
  });
});
